-- The printer of solve2d's results (metatable impact.Result2D, made by the
-- C binding): a one-screen summary.
local law_info = require("impact.law_info")

local function fmt(x)
  return type(x) == "number" and string.format("%.6g", x) or tostring(x)
end

local function summary(r)
  local out = {}
  local function add(...) out[#out + 1] = string.format(...) end
  local mu = r.friction and "friction law" or string.format("mu_s = %s, mu_k = %s", fmt(r.mu_s), fmt(r.mu_k))
  add("solve2d: %s impact, mode %s; law %s, %s",
      r.class, r.mode, r.e and string.format("%s (e = %s)", r.law, fmt(r.e)) or law_info.label(r), mu)
  add("  coefficients  B1 = %s  B2 = %s  B3 = %s   S0 = %s  C0 = %s",
      fmt(r.B1), fmt(r.B2), fmt(r.B3), fmt(r.S0), fmt(r.C0))
  add("  impulse       Px = %s  Py = %s   (Pc = %s at max compression)",
      fmt(r.Px), fmt(r.Py), fmt(r.Pc))
  add("  after         S = %s  C = %s", fmt(r.S), fmt(r.C))
  if r.e_eff then        -- a compliant law: what its force produced
    add("  compliant     e_eff = %s  duration = %s  F_max = %s  delta_max = %s",
        fmt(r.e_eff), fmt(r.duration), fmt(r.F_max), fmt(r.delta_max))
  end
  add("  energy        dT = %s = Wc + Wr + Wf = %s + %s + %s%s", fmt(r.dT),
      fmt(r.Wc), fmt(r.Wr), fmt(r.Wf),
      r.energy_ratio and ("   (T'/T = " .. fmt(r.energy_ratio) .. ")") or "")
  if rawget(r, "eta2") then            -- Stronge's tangential compliance
    add("  compliance    eta2 = %s   et = %s   E_c = %s   D_f = %s   (%s events)",
        fmt(r.eta2), fmt(rawget(r, "et") or "-"), fmt(r.E_c), fmt(r.D_f), fmt(r.events))
  end
  for _, name in ipairs{ "body1", "body2" } do
    local b = rawget(r, name)
    if type(b) == "table" then
      add("  %s after   vx = %s  vy = %s  w = %s", name, fmt(b.vx), fmt(b.vy), fmt(b.w))
    end
  end
  local q = rawget(r, "qdot")
  if type(q) == "table" then           -- a mechanism: generalized velocities after
    local v = {}
    for i = 1, #q do v[i] = fmt(q[i]) end
    add("  qdot after    (%s)   T0 = %s", table.concat(v, ", "), fmt(r.T0))
  end
  local ok, path = pcall(function() return r.path end)
  if ok and type(path) == "table" then
    local steps = {}
    for _, v in ipairs(path) do
      steps[#steps + 1] = string.format("%s (%s, %s)", v.event, fmt(v.Px), fmt(v.Py))
    end
    add("  path (Px, Py)  %s", table.concat(steps, " -> "))
  end
  return table.concat(out, "\n")
end

return { ["impact.Result2D"] = summary }
