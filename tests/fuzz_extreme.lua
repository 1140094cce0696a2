-- Fuzz of the public solving functions at extreme magnitudes: every field
-- drawn from every power of ten a double holds (1e-323 .. 1e308),
-- subnormals, ordinary values, and mixes of these within one call. An
-- accepted result must hold no NaN or inf anywhere (nested tables too), and
-- Poisson's and the energetic law must not gain energy (WM92's appendix for
-- Poisson in 2D; for the energetic law Wc + Wr = (1 - e^2) Wc <= 0 and
-- Wf <= 0). A refused call must raise a string (the messages themselves are
-- tests/fuzz_fields.lua's concern); a crash or hang fails the run outright.
-- Covered: solve2d (coefficients, bodies, models, mechanisms), classify2d,
-- sb2d, solve3d (bodies, mechanisms, model "chatterjee-ruina", which must
-- not gain energy), rod, painleve, painleve_bands, space,
-- solve_multi (moreau, poisson, sequential, lzb), chain2d, system2d,
-- system3d (their tables are accepted results too) and compare. In
-- solve_multi lzb must not gain beyond its tolerance, the other models flag
-- a gain in energy_gain, and with one contact Poisson's model and the
-- energetic law never gain. Bad results print as exact Lua literals.
--
--   impact tests/fuzz_extreme.lua [calls [seed]]     (default 1000000, 1)
--
-- Exits non-zero after printing the first bad results. The spec suite runs
-- a few thousand calls through fuzz(impact, n, seed) (the chunk returns it
-- when loaded with dofile).
local rng = require("impact.sweep.rng")

local function fuzz(impact, n, seed)
  local u = rng.new(seed or 1)
  local function pick(list) return list[math.floor(u() * #list) + 1] end

  -- A positive magnitude: ordinary (0.1 .. 10), a power of ten anywhere in
  -- double's range times a mantissa, or a subnormal.
  local function mag()
    local k = u()
    if k < 0.4 then return 0.1 * 100 ^ u() end
    if k < 0.95 then return math.min((1 + 9 * u()) * 10.0 ^ math.floor(-323 + 632 * u()), 1.7976931348623157e308) end
    return 2.0 ^ -1074 * math.floor(1 + 2 ^ 52 * u() ^ 4)
  end
  local function signed() return (u() < 0.5 and -1 or 1) * mag() end
  local function maybe_zero(f) return u() < 0.1 and 0 or f() end
  local function unit() return u() end
  local function e() local k = u() return k < 0.1 and 0 or k < 0.2 and 1 or u() end
  local LAWS = { "poisson", "newton", "energetic" }

  -- The paths of the non-finite numbers in v.
  local function nonfinite(v, path, out, seen)
    if type(v) == "number" then
      if v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = path .. "=" .. tostring(v) end
    elseif type(v) == "table" and not seen[v] then
      seen[v] = true
      for k, x in pairs(v) do
        if k ~= "_track" then nonfinite(x, path .. "." .. tostring(k), out, seen) end
      end
    end
    return out
  end

  -- dT <= 0 up to rounding of the works it sums.
  local function gains(dT, scale) return dT > 1e-9 * scale end

  local function body2d()
    return { m = mag(), rho = mag(), x = maybe_zero(signed), y = maybe_zero(signed),
             vx = maybe_zero(signed), vy = maybe_zero(signed), w = maybe_zero(signed) }
  end
  local function coef()
    local B1, B2 = mag(), mag()
    return { B1 = B1, B2 = B2, B3 = (2 * u() - 1) * math.sqrt(B1) * math.sqrt(B2),
             S0 = maybe_zero(signed), C0 = -mag(), mu = maybe_zero(mag), e = e() }
  end
  local function vec() return { maybe_zero(signed), maybe_zero(signed), maybe_zero(signed) } end

  local cases = {
    { "solve2d", function()
        local t = coef()
        t.law = pick(LAWS)
        return impact.solve2d, t, t.law ~= "newton"
      end },
    { "solve2d bodies", function()
        local t = { body1 = body2d(), mu = maybe_zero(mag), e = e(), law = pick(LAWS) }
        if u() < 0.5 then t.body2 = body2d() end
        return impact.solve2d, t, t.law ~= "newton"
      end },
    { "solve2d model", function()
        local t = coef()
        t.model = pick{ "routh", "kane", "brach", "smith", "glocker-pfeiffer", "chatterjee-ruina" }
        if t.model == "chatterjee-ruina" then t.e_t = 2 * u() - 1 end
        return impact.solve2d, t, false
      end },
    { "classify2d", function() return impact.classify2d, coef(), "closed" end },
    { "sb2d", function()
        return impact.sb2d, { theta = (u() - 0.5) * 3, alpha = mag(), m = mag(), L = mag(),
                              mu = maybe_zero(mag), e = e(), ratio = maybe_zero(mag), vCy = mag() }, false
      end },
    { "solve3d", function()
        local s = mag()
        local t = { m = mag(), inertia = { s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()) },
                    r = vec(), v = vec(), w = vec(), mu = maybe_zero(mag), e = e(), law = pick(LAWS),
                    method = u() < 0.7 and "exact" or "algebraic" }
        return impact.solve3d, t, t.law ~= "newton" and t.method == "exact"
      end },
    { "solve3d chatterjee-ruina", function()   -- never gains energy (Chatterjee & Ruina 1998)
        local s = mag()
        local t = { m = mag(), inertia = { s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()) },
                    r = vec(), v = vec(), w = vec(), mu = maybe_zero(mag), e = e(), e_t = 2 * u() - 1,
                    model = "chatterjee-ruina" }
        return impact.solve3d, t, true
      end },
    { "rod", function()
        return impact.rod, { m = mag(), L = mag(), radius = mag(), theta1 = 3 * u(), theta2 = 3 * u() }, false
      end },
    { "painleve", function()
        return impact.painleve, { l = mag(), rho = mag(), m = mag(), theta = 0.01 + 3.1 * u(),
                                  mu = maybe_zero(mag), e = e() }, false
      end },
    { "painleve_bands", function()
        return impact.painleve_bands, { r = maybe_zero(mag), mu = maybe_zero(mag) }, false
      end },
    { "space", function()
        return impact.space, { r = maybe_zero(mag), mu = maybe_zero(mag), e = e(),
                               theta = (u() - 0.5) * 3.1, gamma = (u() - 0.5) * 3.1 }, false
      end },
  }

  -- Mechanisms and several contacts: a mass matrix s_i s_j C_ij (C a random
  -- correlation matrix, s_i^2 of any magnitude), Jacobians and rates of any
  -- magnitude; 1 to 3 bodies, 1 to 4 contacts. lzb takes a tenth of the
  -- multi-contact calls (it integrates, the others solve one LCP or a few).
  -- A third of the quantities are ordinary, a third keep one magnitude
  -- (times an ordinary factor) across a matrix or a list, so that more
  -- problems are accepted; the others mix every scale.
  local function scaled()
    local c = u()
    local k = c < 1 / 3 and 1 or c < 2 / 3 and mag()
    return function() return k and math.min(k * (0.1 + u()), 1.7976931348623157e308) or mag() end
  end
  local function spd(n)
    local L, s, M, m = {}, {}, {}, scaled()
    for i = 1, n do
      L[i], s[i] = {}, math.sqrt(m())
      for j = 1, n do L[i][j] = j < i and 2 * u() - 1 or j == i and 1 or 0 end
    end
    local function c(i, j)
      local x = 0
      for k = 1, n do x = x + L[i][k] * L[j][k] end
      return x
    end
    for i = 1, n do
      M[i] = {}
      for j = 1, n do M[i][j] = s[i] * s[j] * (c(i, j) / math.sqrt(c(i, i) * c(j, j))) end
    end
    return M
  end
  local function list(n, f) local t = {} for i = 1, n do t[i] = f() end return t end
  local function rows(r, n)
    local m = scaled()
    return list(r, function() return list(n, function() return u() < 0.1 and 0 or (u() < 0.5 and -1 or 1) * m() end) end)
  end
  local function mech(dim, contacts)
    local n = 1 + math.floor(u() * (contacts and 6 or 4))
    local v = scaled()
    local t = { M = spd(n), qdot = list(n, function() return u() < 0.1 and 0 or (u() < 0.5 and -1 or 1) * v() end),
                mu = maybe_zero(mag), e = e() }
    if not contacts then t.J = rows(dim, n) return t end
    t.contacts = list(contacts, function() return { J = rows(dim, n), mu = maybe_zero(mag), e = e() } end)
    return t
  end
  local function multi_model() return u() < 0.1 and "lzb" or pick{ "moreau", "poisson", "sequential" } end
  local function unit_vec(dim)
    if dim == 2 then local a = 2 * math.pi * u() return { math.cos(a), math.sin(a) } end
    local z, a = 2 * u() - 1, 2 * math.pi * u()
    local r = math.sqrt(1 - z * z)
    return { r * math.cos(a), z, r * math.sin(a) }
  end
  local function system(dim)
    local nb, nc = 1 + math.floor(3 * u()), 1 + math.floor(4 * u())
    local ms, ps, vs = scaled(), scaled(), scaled()
    local function mag() return ms() end
    local function signed() return u() < 0.1 and 0 or (u() < 0.5 and -1 or 1) * vs() end
    local function maybe_zero(f) return f() end
    local function pos() return u() < 0.1 and 0 or (u() < 0.5 and -1 or 1) * ps() end
    local function vec() return { signed(), signed(), signed() } end
    local bodies = list(nb, function()
      if dim == 2 then
        return { m = mag(), I = mag(), x = pos(), y = pos(), phi = 6 * u(),
                 vx = maybe_zero(signed), vy = maybe_zero(signed), w = maybe_zero(signed) }
      end
      local s = mag()
      return { m = mag(), inertia = { s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()) },
               x = { pos(), pos(), pos() }, v = vec(), w = vec() }
    end)
    local contacts = list(nc, function()
      local a = 1 + math.floor(nb * u())
      local b = 1 + math.floor(nb * u())
      return { a = a, b = b ~= a and b or nil, point = dim == 2 and { pos(), pos() } or { pos(), pos(), pos() },
               normal = unit_vec(dim), mu = u() < 0.2 and 0 or ms(), e = e() }
    end)
    return { bodies = bodies, contacts = contacts }
  end
  -- A builder's table (itself an accepted result: a non-finite entry is
  -- raised as a non-string error, a bad result), solved: one contact by
  -- solve2d/solve3d, several by solve_multi.
  local function build(builder, t)
    local s = builder(t)
    local nf = nonfinite(s, "built", {}, {})
    if #nf > 0 then error(setmetatable({}, { __tostring = function() return table.concat(nf, " ") end })) end
    return s
  end
  local function built(builder, dim, o)
    return function(t)
      local s = build(builder, t)
      if #t.contacts > 1 then
        s.model, s.law = o.model, o.model == "sequential" and o.law or nil
        return impact.solve_multi(s)
      end
      s.law, s.method = o.law, dim == 3 and "exact" or nil
      return (dim == 2 and impact.solve2d or impact.solve3d)(s)
    end
  end

  cases[#cases + 1] = { "solve2d mechanism", function()
    local t = mech(2)
    t.law = pick(LAWS)
    return impact.solve2d, t, t.law ~= "newton"
  end }
  cases[#cases + 1] = { "solve3d mechanism", function()
    local t = mech(3)
    t.law, t.method = pick(LAWS), u() < 0.7 and "exact" or "algebraic"
    return impact.solve3d, t, t.law ~= "newton" and t.method == "exact"
  end }
  cases[#cases + 1] = { "solve_multi", function()
    local t = mech(u() < 0.5 and 2 or 3, 1 + math.floor(4 * u()))
    t.model = multi_model()
    if t.model == "sequential" then t.law = pick(LAWS) end
    return impact.solve_multi, t, "multi"
  end }
  cases[#cases + 1] = { "chain2d", function()
    local n, free = 1 + math.floor(3 * u()), u() < 0.5
    local t = { links = list(n, function() return { m = mag(), L = mag() } end),
                q = list(n + (free and 2 or 0), function() return 6 * u() end),
                qdot = list(n + (free and 2 or 0), function() return maybe_zero(signed) end),
                base = free and "free" or "pinned", mu = maybe_zero(mag), e = e(), law = pick(LAWS) }
    return function(x) return impact.solve2d(build(impact.chain2d, x)) end, t, t.law ~= "newton"
  end }
  cases[#cases + 1] = { "system2d", function()
    local t, o = system(2), { model = multi_model(), law = pick(LAWS) }
    return built(impact.system2d, 2, o), t, #t.contacts > 1 and "multi" or o.law ~= "newton", o
  end }
  cases[#cases + 1] = { "system3d", function()
    local t, o = system(3), { model = multi_model(), law = pick(LAWS) }
    return built(impact.system3d, 3, o), t, #t.contacts > 1 and "multi" or o.law ~= "newton", o
  end }
  cases[#cases + 1] = { "compare", function()
    if u() < 0.5 then
      return function(t) return impact.compare(t, { "routh", "kane", "brach", "smith", "glocker-pfeiffer", "cs" }) end,
             coef(), false
    end
    local t = mech(2, 2 + math.floor(3 * u()))
    local models = { "moreau", "poisson", "sequential" }
    if u() < 0.1 then models[4] = "lzb" end
    return function(x) return impact.compare(x, models) end, t, "compare"
  end }

  local stats = { calls = 0, ok = 0, errors = 0, bad = {}, by = {}, kinds = {} }
  -- v as a Lua literal that reproduces it exactly (%.17g).
  local function lit(v)
    if type(v) == "number" then return string.format("%.17g", v) end
    if type(v) ~= "table" then return string.format("%q", v) end
    local parts, n = {}, #v
    for i = 1, n do parts[i] = lit(v[i]) end
    local keys = {}
    for k in pairs(v) do if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end end
    table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
    for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. " = " .. lit(v[k]) end
    return "{ " .. table.concat(parts, ", ") .. " }"
  end
  local opts                 -- the solver's options when they are not in t (system2d/3d)
  local function bad(name, t, what)
    local kind = name .. ": " .. what:gsub("[-+]?%d[%d.e+-]*", "#"):gsub("%.%d+", "")
    stats.kinds[kind] = (stats.kinds[kind] or 0) + 1
    if #stats.bad < 20 then
      stats.bad[#stats.bad + 1] = name .. ": " .. what .. "\n    " .. lit(t) .. (opts and " with " .. lit(opts) or "")
    end
  end

  -- solve_multi: lzb within its tolerance, the others' gains flagged; with
  -- one contact Poisson (the model, or sequential's law) and the energetic
  -- law (lzb, or sequential's law) never gain.
  local function multi_energy(name, t, r, o)
    local scale = math.abs(r.T0)
    for _, c in ipairs(r.contacts) do
      scale = scale + math.abs(c.Wc or 0) + math.abs(c.Wr or 0) + math.abs(c.Wf or 0)
    end
    local strict = r.model == "lzb" or #r.contacts == 1 and
      (r.model == "poisson" or r.model == "sequential" and o.law ~= "newton")
    if r.model == "lzb" and gains(r.dT, 10 * scale) then      -- rtol 1e-9
      bad(name, t, "lzb gains energy: dT = " .. r.dT .. ", T0 = " .. r.T0)
    elseif strict and gains(r.dT, scale) then
      bad(name, t, r.model .. " with one contact gains energy: dT = " .. r.dT .. ", T0 = " .. r.T0)
    elseif gains(r.dT, scale) and not r.energy_gain then
      bad(name, t, r.model .. " gains energy unflagged: dT = " .. r.dT .. ", T0 = " .. r.T0)
    end
  end

  for _ = 1, n do
    local case = pick(cases)
    local f, t, energy, o = case[2]()
    opts, o = o, o or t
    stats.calls = stats.calls + 1
    local key = case[1] .. (o.model == "lzb" and t.contacts and " lzb" or "")
    local by = stats.by[key] or { ok = 0, err = 0, cpu = 0 }
    stats.by[key] = by
    local c0 = os.clock()
    local ok, r = pcall(f, t)
    by.cpu = by.cpu + os.clock() - c0
    if not ok then
      stats.errors, by.err = stats.errors + 1, by.err + 1
      if type(r) ~= "string" then bad(case[1], t, "error " .. tostring(r)) end
    else
      stats.ok, by.ok = stats.ok + 1, by.ok + 1
      local nf = nonfinite(r, "r", {}, {})
      if #nf > 0 then bad(case[1], t, table.concat(nf, " ", 1, math.min(#nf, 6))) end
      if energy == "multi" then
        multi_energy(case[1], t, r, o)
      elseif energy == "compare" then
        for _, x in pairs(r) do multi_energy(case[1], t, x, t) end
      elseif energy == "closed" then
        for _, law in ipairs{ "poisson", "energetic" } do
          local q = r.closed[law]
          if q and gains(q.dT, math.abs(q.Px * r.S0) + math.abs(q.Py * r.C0)) then
            bad(case[1], t, law .. " closed form gains energy: dT = " .. q.dT)
          end
        end
      elseif energy and r.dT then
        -- rounding of the works, or of the kinetic energy the impact changes
        local scale = r.Wc and math.abs(r.Wc) + math.abs(r.Wr) + math.abs(r.Wf) or 0
        if t.inertia then
          local v, w, I = t.v, t.w, t.inertia
          scale = scale + 0.5 * t.m * (v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
                        + 0.5 * (I[1] * w[1] ^ 2 + I[2] * w[2] ^ 2 + I[3] * w[3] ^ 2)
        end
        if gains(r.dT, scale) then bad(case[1], t, "gains energy: dT = " .. r.dT) end
        if r.energy_ratio and r.energy_ratio > 1 + 1e-9 then
          bad(case[1], t, "gains energy: energy_ratio = " .. r.energy_ratio)
        end
      end
    end
  end
  return stats
end

-- Loaded with dofile (the specs): the function; run as a script: the fuzz.
if not (arg and arg[0] and arg[0]:match("fuzz_extreme%.lua$")) then return fuzz end
local calls, seed = math.floor(tonumber(arg[1]) or 1e6), math.floor(tonumber(arg[2]) or 1)
local started = os.clock()
local s = fuzz(rawget(_G, "impact") or require("impact"), calls, seed)
local nbad = 0
for _, c in pairs(s.kinds) do nbad = nbad + c end
print(("fuzz_extreme: %d calls (%d accepted, %d refused), %d bad results, %.1f s CPU")
  :format(s.calls, s.ok, s.errors, nbad, os.clock() - started))
local names = {}
for k in pairs(s.by) do names[#names + 1] = k end
table.sort(names)
for _, k in ipairs(names) do print(string.format("  %-20s %8d accepted %8d refused %8.1f s", k, s.by[k].ok, s.by[k].err, s.by[k].cpu)) end
for k, c in pairs(s.kinds) do print(string.format("  %6d bad: %s", c, k)) end
for _, b in ipairs(s.bad) do print("  " .. b) end
os.exit(#s.bad == 0 and 0 or 1)
