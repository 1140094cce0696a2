-- The printers of the simulator's objects: a run (impact.Run: the system,
-- the time span, why it stopped, the events by kind, the energy at the
-- start and the end), a scene (impact.Scene2D) and a system of Lua
-- functions (impact.System). Six significant digits, as the other printers.
local fmt = require("impact.print.numbers")
local num, vec = fmt.num, fmt.vec

local KINDS = { "impact", "liftoff", "stick", "slip", "rest", "inconsistent" }

local function plural(k, word)
  if k == 1 then return "1 " .. word end
  return string.format("%d %s", k, word == "body" and "bodies" or word .. "s")
end

local function law_text(s)
  return type(s.law) == "string" and s.law or "custom (" .. require("impact.law_info").source(s.law) .. ")"
end

local function scene_line(s)
  return string.format("scene2d: %s, %s, %s, gravity (%s, %s); mu_s = %s, mu_k = %s, e = %s, law %s, model %s",
    plural(#s.bodies, "body"), plural(#s.lines, "line"), plural(#s.contacts, "contact"),
    num(s.gravity[1]), num(s.gravity[2]), num(s.mu_s), num(s.mu_k), num(s.e), law_text(s), s.model)
end

local function system_line(s)
  return string.format("system: %s, %s; M %s, force %s%s; mu_s = %s, mu_k = %s, e = %s, law %s, model %s",
    plural(s.n, "coordinate"), plural(#s.contacts, "contact"), type(s.M) == "table" and "constant" or "M(q)",
    s.force and "f(t, q, qdot)" or "none", s.potential and ", potential V(q)" or "",
    num(s.mu_s), num(s.mu_k), num(s.e), law_text(s), s.model)
end

local function scene(s)
  local lines = { scene_line(s) }
  for i, b in ipairs(s.bodies) do
    lines[#lines + 1] = string.format("  bodies[%d]  m = %s  I = %s  at (%s, %s, phi %s)  v = (%s, %s, w %s)%s%s",
      i, num(b.m), num(b.I), num(b.x), num(b.y), num(b.phi), num(b.vx), num(b.vy), num(b.w),
      b.radius and ("  radius " .. num(b.radius)) or "", b.points and ("  " .. plural(#b.points, "point")) or "")
  end
  for i, l in ipairs(s.lines) do
    lines[#lines + 1] = string.format("  lines[%d]   through (%s, %s), normal (%s, %s)  mu_s = %s  e = %s",
      i, num(l.point[1]), num(l.point[2]), num(l.normal[1]), num(l.normal[2]), num(l.mu_s), num(l.e))
  end
  return table.concat(lines, "\n")
end

local function system(s) return system_line(s) end

local function run(r)
  local sys = r.system
  local what = type(sys) == "table" and (r.kind == "scene2d" and scene_line(sys) or system_line(sys)) or tostring(r.kind)
  local counts = {}
  for _, k in ipairs(KINDS) do
    local c = r.counts and r.counts[k] or 0
    if c > 0 then counts[#counts + 1] = k .. " " .. c end
  end
  local n = #r.t
  local lines = {
    string.format("simulate: t = %s .. %s (t_end = %s), status %s%s", num(r.t0), num(r.t_reached), num(r.t_end),
      r.status, r.interrupted and " (interrupted)" or ""),
    "  system   " .. what,
    string.format("  events   %d%s", r.n_events or #r.events, #counts > 0 and (": " .. table.concat(counts, ", ")) or ""),
    string.format("  samples  %d", n),
  }
  if n > 0 then
    local e0, e1 = r.energy[1], r.energy[n]
    lines[#lines + 1] = string.format("  energy   %s at start, %s at end (change %s)", num(e0), num(e1),
      num(e1 - e0, math.max(math.abs(e0), math.abs(e1))))
    local q, qd = r.q[n], r.qdot[n]
    local scale = fmt.largest{ q }
    lines[#lines + 1] = string.format("  final    q = %s  qdot = %s", vec(q, scale), vec(qd, fmt.largest{ qd }))
  end
  return table.concat(lines, "\n")
end

return { ["impact.Run"] = run, ["impact.Scene2D"] = scene, ["impact.System"] = system }
