-- The printer of solve3d's results (metatable impact.Result3D, made by the
-- C binding): the impulse, velocities (of the body, of both bodies or the
-- mechanism's qdot), energy and the stages.
local fmt = string.format
local names = require("impact.names")

-- six decimals; a component that rounds to zero prints without a sign
local function f6(x) local s = fmt("%.6f", x) return s == "-0.000000" and "0.000000" or s end
local function v3(v) return fmt("(%s, %s, %s)", f6(v[1]), f6(v[2]), f6(v[3])) end
local function v2(u) return fmt("(%.4f, %.4f)", u.x, u.z) end

local function summary(r)
  local out = {}
  local function add(...) out[#out + 1] = fmt(...) end
  if r.model then   -- a 3D model (solve3d{model = ...}): one algebraic step
    add("solve3d: model %s (%s), e = %g, e_t = %g, mu = %g: %s", r.model, r.status, r.e, r.e_t,
        r.mu, r.mode)
  else
    add("solve3d (%s, %s, %s): %s",
        r.method, r.e and fmt("%s, e = %g", r.law, r.e) or require("impact.law_info").label(r),
        r.friction and "friction law" or fmt("mu_s = %g, mu_k = %g", r.mu_s, r.mu_k), r.mode)
  end
  if r.e_eff then        -- a compliant law: what its force produced
    add("  compliant: e_eff = %.6f, duration = %.6g, F_max = %.6g, delta_max = %.6g",
        r.e_eff, r.duration, r.F_max, r.delta_max)
  end
  add("  P   = %s", v3(r.P))
  add("  vC0 = %s   vC = %s", v3(r.vC0), v3(r.vC))
  if r.body2 then
    add("  body1 v = %s   w  = %s", v3(r.body1.v), v3(r.body1.w))
    add("  body2 v = %s   w  = %s", v3(r.body2.v), v3(r.body2.w))
  elseif r.qdot then
    local q = {}
    for i, x in ipairs(r.qdot) do q[i] = f6(x) end
    add("  qdot = (%s)   T0 = %.6f", table.concat(q, ", "), r.T0)
  else
    add("  v   = %s   w  = %s", v3(r.v), v3(r.w))
  end
  if r.model then
    add("  dT  = %.6f (energy ratio %.6f)", r.dT, r.energy_ratio)
    if r.kappa then
      add("  kappa = %.6f (%s the cone)%s", r.kappa, r.cone, r.et and fmt(", et = %.6f", r.et) or "")
    end
    return table.concat(out, "\n")
  end
  add("  dT  = %.6f (energy ratio %.6f; Wc = %.6f, Wr = %.6f, Wf = %.6f)",
      r.dT, r.energy_ratio, r.Wc, r.Wr, r.Wf)
  add("  Pc  = %.6f%s%s", r.Pc, r.p_stop and fmt(", slip stops at p = %.6f", r.p_stop) or "",
      r.min_slip and r.mode == "sliding" and fmt(", min |vt| = %.6g", r.min_slip) or "")
  if r.eta2 then                       -- Stronge's tangential compliance, along r.direction
    add("  compliance eta2 = %.6f   et = %s   E_c = %.6f   D_f = %.6f   (%d events)",
        r.eta2, r.et and fmt("%.6f", r.et) or "-", r.E_c, r.D_f, r.events)
  end
  if #r.stages > 0 then add("  stages:") end
  for i, s in ipairs(r.stages) do
    local dir = ""
    if s.slip then
      dir = "  u " .. v2(s.u)
      if s.u_end and (math.abs(s.u_end.x - s.u.x) > 1e-9 or math.abs(s.u_end.z - s.u.z) > 1e-9) then
        dir = dir .. " -> " .. v2(s.u_end)
      end
      if s.lambda then dir = dir .. fmt("  lambda %.6f", s.lambda) end
    else
      dir = "  (stuck)"
    end
    add("    %d %-8s p %.6f .. %.6f  P %s%s%s", i, s.name, s.p0, s.p1, v3(s.P), dir,
        s.recompression and "  re-compression" or "")
  end
  if r.energy_gain then
    add("  note: this solution GAINS kinetic energy (dT > 0)%s",
        r.method == "algebraic" and "; Sun & Baruh's fixed-direction approximation is not energy-consistent here, compare method = \"exact\""
        or names.law_closed(r.law) == "velocity" and "; Newton's kinematic restitution law is not energy-consistent with friction"
        or "")
  end
  return table.concat(out, "\n")
end

return { ["impact.Result3D"] = summary }
