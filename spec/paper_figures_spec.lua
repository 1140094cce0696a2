-- The papers' figures of examples/figures, checked: each script runs in
-- the host (IMPACT_BIN) into a scratch folder, writes its PNG and PDF, and
-- the numbers it prints ("tag: key = value, ...") are checked here against
-- the papers' closed forms, computed apart from the solver.
local scratch = require("spec.scratch")
local bin = os.getenv("IMPACT_BIN")
local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

-- Runs examples/figures/NAME.lua -> its reports {tag = {key = value}}, folder.
local function run(name)
  local out, dir = scratch.name(), scratch.subdir()
  local ok = os.execute(string.format("%q examples/figures/%s.lua %q >%q 2>&1", bin, name, dir, out))
  local text = scratch.read(out) or ""
  assert.is_true(ok == true, name .. " failed:\n" .. text)
  local rep = {}
  for tag, rest in text:gmatch("([^\n:]+): ([^\n]*=[^\n]*)") do
    local t = {}
    for k, v in rest:gmatch("([%w_]+) = ([^,]+)") do t[k] = tonumber(v) or v end
    rep[tag] = t
  end
  for _, ext in ipairs{ "png", "pdf" } do
    local f = io.open(dir .. "/" .. name .. "." .. ext, "rb")
    assert.is_truthy(f, name .. "." .. ext .. " not written")
    if f then f:close() end
  end
  return rep, dir
end

-- The 2 x 2 solve of a1 x + b1 y = c1, a2 x + b2 y = c2.
local function solve2(a1, b1, c1, a2, b2, c2)
  local d = a1 * b2 - a2 * b1
  return (c1 * b2 - c2 * b1) / d, (a1 * c2 - a2 * c1) / d
end

local function near(want, got, tol, what)
  assert.is_true(math.abs(got - want) <= tol * math.max(1, math.abs(want)),
    string.format("%s: want %.17g, got %.17g", what, want, got))
end

describe("the papers' figures", function()
  -- once: in the host pass of scripts/test (the host sets the global impact)
  if not bin or not has_gnuplot or rawget(_G, "impact") == nil then
    it("run in the host pass with gnuplot", function() pending("needs IMPACT_BIN, the host and gnuplot") end)
    return
  end

  it("wm92_fig02: sliding ends on L at Newton's T (WM92 eq 26, 30), sticking at S meeting T", function()
    local rep = run("wm92_fig02")
    local B1, B2, B3, S0, C0, e = 2.5, 2.5, 1.5, 1, -1, 0.5
    -- (b) mu = 0.05, s = +1: Px = -mu Py on C = -e C0
    local mu = 0.05
    local Py = -(1 + e) * C0 / (B2 + mu * B3)
    assert.equal("sliding", rep["fig02 b"].mode)
    near(Py, rep["fig02 b"].Py, 1e-12, "fig02 b Py")
    near(-mu * Py, rep["fig02 b"].Px, 1e-12, "fig02 b Px")
    -- (c) mu = 0.8: D, where S (S0 + B1 Px - B3 Py = 0) meets T ((1+e) C0 - B3 Px + B2 Py = 0)
    local Px, PyD = solve2(B1, -B3, -S0, -B3, B2, -(1 + e) * C0)
    assert.equal("R-sticking", rep["fig02 c"].mode)
    near(Px, rep["fig02 c"].Px, 1e-12, "fig02 c Px")
    near(PyD, rep["fig02 c"].Py, 1e-12, "fig02 c Py")
  end)

  it("wm92_fig03: the nine cases match solve2d and, where the path slides or sticks from the start, the closed forms", function()
    local impact = require("impact")
    local rep = run("wm92_fig03")
    local B1, B2, C0, mu, e = 2.5, 2.5, -1, 0.3, 0.5
    local n = 0
    for _, S0 in ipairs{ 1, 0, -1 } do
      for _, B3 in ipairs{ -1.5, 0, 1.5 } do
        local got = rep[string.format("fig03 S0=%g B3=%g", S0, B3)]
        local r = impact.solve2d{ B1 = B1, B2 = B2, B3 = B3, S0 = S0, C0 = C0, mu = mu, e = e }
        assert.equal(r.mode, got.mode)
        near(r.Px, got.Px, 1e-12, "Px")
        near(r.Py, got.Py, 1e-12, "Py")
        if got.mode == "sliding" then
          -- Poisson, sliding throughout: Py = (1+e) Pc, Pc = -C0/(B2 + s mu B3), Px = -s mu Py
          -- (s: the sign of S0, at S0 = 0 the frictionless slip's -sgn(B3))
          local s = S0 ~= 0 and S0 or -B3 / math.abs(B3)
          local Py = (1 + e) * -C0 / (B2 + s * mu * B3)
          near(Py, got.Py, 1e-12, "sliding Py")
          near(-s * mu * Py, got.Px, 1e-12, "sliding Px")
          n = n + 1
        elseif S0 == 0 then
          -- direct and central: sticking on S (Px = 0) from the start
          assert.equal(0, B3)
          near(0, got.Px, 1e-15, "central Px")
          near((1 + e) * -C0 / B2, got.Py, 1e-12, "central Py")
          n = n + 1
        end
      end
    end
    assert.equal(7, n)
  end)

  it("wm92_fig04: a tangential impact has an impulse only where S0 B3 < 0, sticking at S meeting C", function()
    local rep = run("wm92_fig04")
    local B1, B2, e = 2.5, 2.5, 0.5
    for _, S0 in ipairs{ -0.2, 0.2 } do
      for _, B3 in ipairs{ -1.5, 0, 1.5 } do
        local got = rep[string.format("fig04 S0=%g B3=%g", S0, B3)]
        if S0 * B3 < 0 then
          -- mu = 2 > B2/|B3|: C-sticking; Q = S meets C (C0 = 0), Py = (1+e) PyQ on S
          local _, PyQ = solve2(B1, -B3, -S0, -B3, B2, 0)
          local Py = (1 + e) * PyQ
          assert.equal("C-sticking", got.mode)
          near(Py, got.Py, 1e-12, "Py")
          near((B3 * Py - S0) / B1, got.Px, 1e-12, "Px")
        else
          assert.equal("none", got.mode)
          assert.equal(0, got.Px)
          assert.equal(0, got.Py)
        end
      end
    end
  end)

  it("wm92_fig05: D and Q lie on their lines, the rays' slopes are WM92's mu_d and mu_q, each region's path ends as it should", function()
    local rep = run("wm92_fig05")
    local B1, B2, B3, S0, C0, e = 2.5, 2.5, -1.5, -1, -1, 0.5
    local r = rep["fig05 rays"]
    -- Q on S and C, D on S and Newton's T
    near(0, S0 + B1 * r.xQ - B3 * r.yQ, 1e-12, "S(Q)")
    near(0, C0 - B3 * r.xQ + B2 * r.yQ, 1e-12, "C(Q)")
    near(0, S0 + B1 * r.xD - B3 * r.yD, 1e-12, "S(D)")
    near(0, (1 + e) * C0 - B3 * r.xD + B2 * r.yD, 1e-12, "T(D)")
    -- WM92 eqs 32-33 (here s = -1: the rays' slopes are Px/Py)
    local mu_d = ((1 + e) * B3 * C0 + B2 * S0) / ((1 + e) * B1 * C0 + B3 * S0)
    local mu_q = (B3 * C0 + B2 * S0) / (B1 * C0 + B3 * S0)
    near(mu_d, r.mu_d, 1e-12, "mu_d")
    near(mu_q, r.mu_q, 1e-12, "mu_q")
    near(mu_d, r.xD / r.yD, 1e-12, "OD slope")
    near(mu_q, r.xQ / r.yQ, 1e-12, "OQ slope")
    -- region 1 slides to Newton's T: Py = -(1+e) C0/(B2 - mu B3 s), s = -1
    local g = rep["fig05 mu=0.05"]
    assert.equal("sliding", g.mode)
    local Py = -(1 + e) * C0 / (B2 - 0.05 * B3)
    near(Py, g.Py, 1e-12, "region 1 Py")
    near(0.05 * Py, g.Px, 1e-12, "region 1 Px")
    -- regions 2 and 3 stick (mu > |B3|/B1) and end at D
    for mu, mode in pairs{ ["0.8"] = "R-sticking", ["1.3"] = "C-sticking" } do
      local h = rep["fig05 mu=" .. mu]
      assert.equal(mode, h.mode)
      near(r.xD, h.Px, 1e-12, "Px at D")
      near(r.yD, h.Py, 1e-12, "Py at D")
    end
  end)

  it("mw88_fig04: the rod's impulse follows Pt = mu Pn to the line of sticking (MW88 eq 30), then it to eq 31", function()
    local rep = run("mw88_fig04")
    -- m = rho = 1, l = 4, theta = 75 deg: the centre of mass at (l cos, l sin) from the contact;
    -- vcx0 = -1 (sliding left), vcy0 = 0
    local th, l, mu = math.rad(75), 4, math.tan(math.rad(30))
    local x, y = l * math.cos(th), l * math.sin(th)
    -- MW88 eq 20 with m = J = 1: a = (l^2/2) ((l^2 + 2)/l^2 + cos 2 theta - mu sin 2 theta)
    near(l * l / 2 * ((l * l + 2) / (l * l) + math.cos(2 * th) - mu * math.sin(2 * th)), rep["mw88 a"].a, 1e-12, "a")
    assert.equal("false", rep["mw88 a"].consistent)
    -- eq 30 along Pt = mu Pn: -1 + Pn (mu (1 + y^2) - x y) = 0
    local Pn_s = 1 / (mu * (1 + y * y) - x * y)
    -- eqs 30 and 31: Pt (1 + y^2) - Pn x y = 1, Pn (1 + x^2) - Pt x y = 0
    local Pt_q, Pn_q = solve2(1 + y * y, -x * y, 1, -x * y, 1 + x * x, 0)
    for name, k in pairs{ plastic = 1, elastic = 2 } do
      local g = rep["mw88 " .. name]
      assert.equal("C-sticking", g.mode)
      near(Pn_s, g.Py_stick, 1e-12, name .. " Pn at sticking")
      near(mu * Pn_s, g.Px_stick, 1e-12, name .. " Pt at sticking")
      -- plastic: Q; perfectly elastic: Pn doubled, on the line of sticking
      near(k * Pn_q, g.Py, 1e-12, name .. " Pn")
      near((1 + k * Pn_q * x * y) / (1 + y * y), g.Px, 1e-12, name .. " Pt")
    end
    assert.is_true(math.abs(Pt_q - rep["mw88 plastic"].Px) < 1e-12)
  end)

  -- W86's body (m = rho = 1, CM at r (sin theta, cos theta) from the contact,
  -- contact velocity (-sin gamma, -cos gamma), w0 = 0) solved apart: its w after.
  local function w86_w(r, mu, e, theta, gamma)
    local impact = require("impact")
    local res = impact.solve2d{ body1 = { m = 1, rho = 1, x = r * math.sin(theta), y = r * math.cos(theta),
      vx = -math.sin(gamma), vy = -math.cos(gamma), w = 0 }, mu = mu, e = e }
    return res.body1.w, res.mode
  end

  it("w86_fig5_1: the translation line's points leave the rotation unchanged; above it the body turns clockwise", function()
    local rep = run("w86_fig5_1")
    local r, mu, e = 2, 0.5, 0.8
    local n = 0
    for tag, p in pairs(rep) do
      if tag:match("^w86 5.1 point") then
        local w, mode = w86_w(r, mu, e, p.theta, p.gamma)
        assert.equal(p.segment, mode)
        assert.is_true(math.abs(w) < 1e-9, tag .. ": w = " .. w)
        -- a degree above the line: clockwise; below: counter-clockwise
        assert.is_true(w86_w(r, mu, e, p.theta + math.rad(1), p.gamma) < 0)
        assert.is_true(w86_w(r, mu, e, p.theta - math.rad(1), p.gamma) > 0)
        n = n + 1
      end
    end
    assert.is_true(n >= 3)
    -- the sliding segment: theta = atan(mu) from tan(gamma) = (1+e) mu
    local g = rep["w86 5.1"]
    near(math.deg(math.atan(mu)), g.sliding_theta_deg, 1e-12, "sliding theta")
    near(math.deg(math.atan((1 + e) * mu)), g.sliding_gamma_deg, 1e-12, "sliding boundary")
    local w, mode = w86_w(r, mu, e, math.atan(mu), math.rad(60))
    assert.equal("sliding", mode)
    assert.is_true(math.abs(w) < 1e-12)
    assert.equal(g.clockwise, g.counter_clockwise)   -- the mirror (gamma, theta) -> (-gamma, -theta)
  end)

  it("w86_fig5_2: every translation line leaves the rotation unchanged; the plastic one is theta = gamma", function()
    local rep = run("w86_fig5_2")
    local r, mu = 1.414, 0.25
    local n, plastic = 0, 0
    for tag, p in pairs(rep) do
      local e = tag:match("^w86 5.2 e=([%d.]+) point")
      if e then
        e = tonumber(e)
        local w, mode = w86_w(r, mu, e, p.theta, p.gamma)
        assert.equal(p.segment, mode)
        assert.is_true(math.abs(w) < 1e-9, tag .. ": w = " .. w)
        if e == 0 then
          -- W86 sec 5: at e = 0 the sticking segment is the quasi-static line, slope 45 degrees
          near(p.theta, p.gamma, 1e-12, tag .. " gamma = theta")
          plastic = plastic + 1
        end
        n = n + 1
      end
    end
    assert.is_true(n >= 10 and plastic >= 2)
  end)

  it("w86_fig5_3: sliding rebounds follow WM92's sliding impulse and e tan(gamma_r) = tan(gamma) + c; sticking gives 0", function()
    local rep = run("w86_fig5_3")
    local r, mu, e = 1.414, 0.25, 0.8
    local slid, stuck = 0, 0
    for tag, p in pairs(rep) do
      local th, g = tag:match("^w86 5.3 theta=(%-?[%d.]+) gamma=([%d.]+)")
      if th then
        th, g = math.rad(tonumber(th)), math.rad(tonumber(g))
        if p.mode == "sliding" then
          -- m = rho = 1, CM at (x, y) = r (sin, cos) from the contact: B1 = 1 + y^2,
          -- B2 = 1 + x^2, B3 = x y; S0 = -sin(gamma) < 0 (s = -1), C0 = -cos(gamma)
          local x, y = r * math.sin(th), r * math.cos(th)
          local B1, B2, B3, S0, C0 = 1 + y * y, 1 + x * x, x * y, -math.sin(g), -math.cos(g)
          local Py = (1 + e) * -C0 / (B2 - mu * B3)
          local Px = mu * Py
          local S, C = S0 + B1 * Px - B3 * Py, C0 - B3 * Px + B2 * Py
          near(math.deg(math.atan(-S, C)), p.gamma_r_deg, 1e-11, tag .. " gamma_r")
          near(p.c, e * math.tan(math.rad(p.gamma_r_deg)) - math.tan(g), 1e-11, tag .. " c")
          slid = slid + 1
        elseif p.mode:match("sticking") then
          near(0, p.gamma_r_deg, 1e-12, tag .. " sticking")
          stuck = stuck + 1
        end
      end
    end
    assert.is_true(slid >= 8 and stuck >= 2)
  end)

  it("w86_fig3_2: sliding, sticking in restitution and reversal end where Routh's construction puts them", function()
    local rep = run("w86_fig3_2")
    local e = 0.8
    for _, k in ipairs{ "b", "c", "d" } do
      local g = rep["w86 3.2 " .. k]
      local B1, B2, B3, S0, C0, mu = g.B1, g.B2, g.B3, g.S0, g.C0, g.mu
      assert.is_true(S0 < 0)   -- s = -1: L is Px = mu Py
      -- the compression ends on L in every case here (P reaches C before S)
      local Pc = -C0 / (B2 - mu * B3)
      local Py = (1 + e) * Pc
      near(Py, g.Py, 1e-12, k .. " Py")
      local Pys = -S0 / (B1 * mu - B3)   -- where L meets S
      if k == "b" then
        assert.equal("sliding", g.mode)
        assert.is_true(Pys > Py)
        near(mu * Py, g.Px, 1e-12, "b Px")
      elseif k == "c" then
        assert.equal("R-sticking", g.mode)
        assert.is_true(Pys > Pc and Pys < Py)
        near((B3 * Py - S0) / B1, g.Px, 1e-12, "c Px on S")
      else
        assert.equal("R-reversed", g.mode)
        assert.is_true(Pys > Pc and Pys < Py)
        near(mu * Pys - mu * (Py - Pys), g.Px, 1e-12, "d Px along RF")
      end
    end
  end)

  it("w86_fig3_3: the nine cases are mirror images through (gamma, theta) -> (-gamma, -theta), the central direct one sticks", function()
    local rep = run("w86_fig3_3")
    local r, mu, e = 1.414, 0.25, 0.8
    local function at(g, th) return rep[string.format("w86 3.3 gamma=%g theta=%g", g, th)] end
    for _, g in ipairs{ 30, 0, -30 } do
      for _, th in ipairs{ -30, 0, 30 } do
        local p, q = at(g, th), at(-g, -th)
        assert.equal(p.mode, q.mode)
        near(-p.Px, q.Px, 1e-12, "mirror Px")
        near(p.Py, q.Py, 1e-12, "mirror Py")
        local _, mode = w86_w(r, mu, e, math.rad(th), math.rad(g))
        assert.equal(mode, p.mode)
      end
    end
    -- theta = 0 = gamma: B2 = 1, C0 = -1, sticking: Py = 1 + e, Px = 0
    near(0, at(0, 0).Px, 1e-15, "central Px")
    near(1 + e, at(0, 0).Py, 1e-12, "central Py")
    -- gamma = 0, theta = 30: sliding in the frictionless direction s = -sgn(B3) = -1:
    -- Py = (1+e)/(B2 - mu B3), Px = mu Py (B2 = 1 + x^2, B3 = x y, x = r sin, y = r cos)
    local x, y = r * math.sin(math.rad(30)), r * math.cos(math.rad(30))
    local Py = (1 + e) / (1 + x * x - mu * x * y)
    assert.equal("sliding", at(0, 30).mode)
    near(Py, at(0, 30).Py, 1e-12, "direct sliding Py")
    near(mu * Py, at(0, 30).Px, 1e-12, "direct sliding Px")
  end)

  it("w86_fig3_4: the sphere rolls below alpha_e (tan = (1+e)(1+r^2) mu) and slides above it, with the closed-form impulses", function()
    local rep = run("w86_fig3_4")
    local g = rep["w86 3.4"]
    local r2, mu, e = 5 / 2, 0.25, 0.8
    near(math.deg(math.atan((1 + e) * (1 + r2) * mu)), g.alpha_e_deg, 1e-12, "alpha_e")
    -- theta = 0: B1 = 1 + r^2, B2 = 1, B3 = 0; S0 = -sin(gamma), C0 = -cos(gamma)
    assert.equal("C-sticking", g.a_mode)
    near((1 + e) * math.cos(math.rad(40)), g.a_Py, 1e-12, "a Py")
    near(math.sin(math.rad(40)) / (1 + r2), g.a_Px, 1e-12, "a Px on S")
    assert.equal("sliding", g.b_mode)
    near((1 + e) * math.cos(math.rad(70)), g.b_Py, 1e-12, "b Py")
    near(mu * g.b_Py, g.b_Px, 1e-12, "b Px on L")
    -- the modes change at alpha_e
    local r = math.sqrt(r2)
    assert.is_truthy(select(2, w86_w(r, mu, e, 0, math.rad(g.alpha_e_deg - 0.01))):match("sticking"))
    assert.equal("sliding", select(2, w86_w(r, mu, e, 0, math.rad(g.alpha_e_deg + 0.01))))
  end)

  it("w86_fig3_5: the rolling sphere's impulse lies inside the real cone, the sliding one's on its edge, with W86's rebound", function()
    local rep = run("w86_fig3_5")
    local r2, mu, e = 5 / 2, 0.25, 0.8
    local a, b = rep["w86 3.5 a"], rep["w86 3.5 b"]
    assert.equal("C-sticking", a.mode)
    assert.is_true(math.abs(a.P_angle_deg) < math.deg(math.atan(mu)))
    near(0, a.rebound_angle_deg, 1e-12, "a leaves along the normal")
    assert.equal("sliding", b.mode)
    near(math.deg(math.atan(mu)), b.P_angle_deg, 1e-12, "b on the cone")
    -- W86 (3.22) with the sphere's 1 + r^2: e tan(gamma_r) = tan(gamma) - tan(alpha_e)
    near(math.tan(math.rad(70)) - (1 + e) * (1 + r2) * mu, e * math.tan(math.rad(b.rebound_angle_deg)), 1e-12, "b rebound")
  end)
end)
