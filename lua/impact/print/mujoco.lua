-- Printers of impact.mujoco's results: a model (one line), model:impact's
-- comparison and solref's answer (a few lines each, six significant
-- digits as the other printers).
local N = require("impact.print.numbers")
local fmt = string.format

local function model(m)
  return fmt("mujoco model %q: nq = %d, nv = %d, timestep = %g, bodies: %s", m.path, m.nq, m.nv,
             m.timestep, table.concat(m.bodies, ", "))
end

local function impact(r)
  local m, g = r.mujoco, r.rigid
  local scale = N.largest({ r.qdot0 })
  local lines = {
    fmt("mujoco.impact: MuJoCo's run through the impact beside the rigid answer (%s)",
        g.mode and ("mode " .. g.mode) or (g.model and ("solve_multi, " .. g.model) or "rigid")),
    fmt("  MuJoCo   e = %s (at its contact's point), mu = %s; in contact %s s (%d steps of %g), depth %s%s",
        N.num(m.e), N.num(m.mu), N.num(m.duration), m.contact_steps, m.timestep, N.num(m.depth_max),
        m.separated and "" or "; NOT separated within max_time"),
    fmt("  qvel     before %s", N.vec(r.qdot0, scale)),
    fmt("  MuJoCo   after  %s   T'/T = %s", N.vec(m.qvel, scale), N.num(m.energy_ratio)),
    fmt("  rigid    after  %s   T'/T = %s", N.vec(g.qdot, scale), N.num(g.energy_ratio)),
    fmt("  largest |MuJoCo - rigid| = %s", N.num(r.dqvel_max, scale)),
  }
  return table.concat(lines, "\n")
end

local function solref(s)
  local lines = {
    fmt("mujoco.solref: e = %s -> solref = {%s, %s} (form %q): MuJoCo gives e = %s, residual %s (tol %s)%s",
        N.num(s.e), N.num(s.solref[1]), N.num(s.solref[2]), s.form, N.num(s.e_achieved), N.num(s.residual),
        N.num(s.tol), s.reachable and "" or "; e lies outside what the search reached"),
    fmt("  %d MuJoCo runs on body %q (%s), timestep %g; contact %s s, depth %s",
        s.runs, s.body, s.model.path, s.timestep, N.num(s.duration), N.num(s.depth_max)),
  }
  return table.concat(lines, "\n")
end

return { ["impact.MujocoModel"] = model, ["impact.MujocoImpact"] = impact, ["impact.MujocoSolref"] = solref }
