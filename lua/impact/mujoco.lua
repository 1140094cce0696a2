-- impact.mujoco: robots from their MJCF or URDF files, through MuJoCo
-- (src/core/mujoco, the binding's core._mujoco_*). load(path) -> a model;
-- model:mechanism{} -> the M, J, qdot every solver takes; model:impact{}
-- -> MuJoCo's own run through the impact beside the rigid answer;
-- solref{} (mujoco_solref.lua) -> the contact parameters under which
-- MuJoCo reproduces a restitution. Built without MuJoCo, the table exists
-- and every call says so.
local core = require("impact.core")
local fmt = string.format

local AVAILABLE = core._mujoco_available()
local ABSENT = "impact was built without MuJoCo (install libmujoco-dev and rebuild)"

local function fail(fn, f, ...)
  error(fn .. ": " .. fmt(f, ...), 0)
end

local function need(fn)
  if not AVAILABLE then error("mujoco." .. fn .. ": " .. ABSENT, 0) end
end

-- Solver options passing through to the mechanism (as the builders of
-- lua/impact/mechanism.lua do), at the top or on a contact.
local PASS = require("impact.mechanism").mechanism_fields.pass

local function names(...)
  local out, seen = {}, {}
  for _, l in ipairs{ ... } do
    for _, k in ipairs(l) do
      if not seen[k] then seen[k], out[#out + 1] = true, k end
    end
  end
  table.sort(out)
  return out
end
local PASS_SET = {}
for _, k in ipairs(PASS) do PASS_SET[k] = true end

local function check_keys(fn, t, known, prefix)
  local msg = core._check_fields(fn, t, known, prefix)
  if msg then error(msg, 0) end
end

local function is_table(fn, v, name, what)
  if type(v) ~= "table" then fail(fn, "field '%s' must be %s, got %s", name, what, type(v)) end
  return v
end

---------------------------------------------------------------------------
-- The model

local Model = { __name = "impact.MujocoModel" }
Model.__index = Model

local function wrap(ud, path)
  local info = core._mujoco_info(ud)
  local bodies = {}
  for i = 2, #info.bodies do bodies[#bodies + 1] = info.bodies[i] end   -- not the world
  return setmetatable({ _ud = ud, path = path, nq = info.nq, nv = info.nv,
                        timestep = info.timestep, bodies = bodies, qpos0 = info.qpos0 }, Model)
end

local printers = require("impact.print").printers
Model.__tostring = printers["impact.MujocoModel"]
-- model:impact's and solref's results print as summaries (print/mujoco.lua);
-- help(result) finds their pages by __name
local Impact = { __name = "impact.MujocoImpact", __tostring = printers["impact.MujocoImpact"] }
local Solref = { __name = "impact.MujocoSolref", __tostring = printers["impact.MujocoSolref"] }

local function load(path)
  need("load")
  if type(path) ~= "string" then
    fail("mujoco.load", "the argument must be a file's path (a string), got %s", type(path))
  end
  return wrap(core._mujoco_load(path), path)
end

-- The built-in models (solref's default ball) come from text, not a file.
local function load_string(xml, name)
  need("load")
  return wrap(core._mujoco_load_string(xml, name), name)
end

local CONTACT_KEYS = names(PASS, { "body", "point", "normal" })
local MECH_KEYS = names(PASS, { "qpos", "qvel", "contacts" })

-- model:mechanism{ qpos =, qvel =, contacts = { {body =, point =, normal =}, ... }, mu =, ... }
-- -> mech (solve2d/solve3d's table for one contact, solve_multi's for
-- several), where = { contacts = { {body, point, offset, far}, ... }, dim }
local function mechanism(self, t, fn)
  fn = fn or "mujoco.mechanism"
  if getmetatable(self) ~= Model then fail(fn, "call it as model:mechanism{...}") end
  is_table(fn, t, "t", "a table")
  check_keys(fn, t, MECH_KEYS)
  local cs = is_table(fn, t.contacts, "contacts", "a list of contacts {body =, point =, normal =}")
  for i, c in ipairs(cs) do
    is_table(fn, c, fmt("contacts[%d]", i), "a contact {body =, point =, normal =}")
    check_keys(fn, c, CONTACT_KEYS, fmt("contacts[%d].", i))
  end
  local r = core._mujoco_mechanism(self._ud, t, fn)
  local out = { M = r.M, qdot = r.qdot }
  for k, v in pairs(t) do
    if PASS_SET[k] then out[k] = v end
  end
  local where = { dim = r.dim, contacts = {} }
  for i, c in ipairs(r.contacts) do
    -- outside every bounding sphere of the body's geoms: accepted, flagged
    where.contacts[i] = { body = c.body, point = c.point, offset = c.offset,
                          far = c.offset ~= 0 }
  end
  if #r.contacts == 1 then
    out.J, out.frame = r.contacts[1].J, r.contacts[1].frame
    for k, v in pairs(cs[1]) do
      if PASS_SET[k] then
        if out[k] ~= nil then
          fail(fn, "field 'contacts[1].%s' conflicts with the top-level '%s' (give it in one place)", k, k)
        end
        out[k] = v
      end
    end
  else
    out.contacts = {}
    for i, c in ipairs(r.contacts) do
      local e = { J = c.J, frame = c.frame }
      for k, v in pairs(cs[i]) do
        if PASS_SET[k] then e[k] = v end
      end
      out.contacts[i] = e
    end
  end
  return out, where
end
Model.mechanism = mechanism

---------------------------------------------------------------------------
-- model:impact: MuJoCo through the impact, beside the rigid answer

local IMPACT_KEYS = names(PASS, { "qpos", "qvel", "contacts", "gravity", "max_time", "solref" })

local function kinetic(M, v)
  local T = 0
  for i = 1, #v do
    local row = 0
    for j = 1, #v do row = row + M[i][j] * v[j] end
    T = T + v[i] * row
  end
  return 0.5 * T
end

local function model_impact(self, t)
  local fn = "mujoco.impact"
  if getmetatable(self) ~= Model then fail(fn, "call it as model:impact{...}") end
  is_table(fn, t, "t", "a table")
  check_keys(fn, t, IMPACT_KEYS)
  local mt = {}
  for k, v in pairs(t) do
    if k ~= "gravity" and k ~= "max_time" and k ~= "solref" then mt[k] = v end
  end
  if t.qvel == nil then fail(fn, "field 'qvel' is required (the velocities of the approach)") end
  local mech, where = mechanism(self, mt, fn)
  local run = core._mujoco_run(self._ud, { qpos = t.qpos, qvel = t.qvel, body = t.contacts[1].body,
                                            gravity = t.gravity, max_time = t.max_time,
                                            solref = t.solref }, fn)
  if not run.contacted then
    fail(fn, "MuJoCo saw no contact of body '%s' within max_time = %g s (is it touching and approaching?)",
         t.contacts[1].body, t.max_time or 1)
  end
  local mj = { qvel = run.qvel, qpos = run.qpos, T0 = run.T0, T = run.T1,
               energy_ratio = run.T1 / run.T0, dT = run.T1 - run.T0,
               e = -run.vn1 / run.vn0, vn0 = run.vn0, vn = run.vn1,
               duration = run.duration, depth_max = run.depth_max, steps = run.steps,
               contact_steps = run.contact_steps, separated = run.separated,
               point = run.point, normal = run.normal, timestep = run.timestep }
  -- the rigid answer on the same M, J, qdot; e defaults to the restitution
  -- MuJoCo produced and mu to its contact's friction, so that the two
  -- differ by the contact's compliance and MuJoCo's friction cone alone
  local defaults = { e = math.min(1, math.max(0, mj.e)), mu = run.mu }
  mj.mu = run.mu
  for key, v in pairs(defaults) do
    local given = mech[key] ~= nil or mech.mu_s ~= nil and key == "mu"
    for _, c in ipairs(mech.contacts or {}) do
      given = given or c[key] ~= nil or (key == "mu" and c.mu_s ~= nil)
    end
    if not given then
      if mech.contacts then
        for _, c in ipairs(mech.contacts) do c[key] = v end
      else
        mech[key] = v
      end
    end
  end
  local impact = require("impact")
  local rigid
  if mech.contacts then rigid = impact.solve_multi(mech)
  elseif #mech.J == 2 then rigid = impact.solve2d(mech)
  else rigid = impact.solve3d(mech) end
  local dq, worst = {}, 0
  for i = 1, #mj.qvel do
    dq[i] = mj.qvel[i] - rigid.qdot[i]
    worst = math.max(worst, math.abs(dq[i]))
  end
  return setmetatable({ mujoco = mj, rigid = rigid, mechanism = mech, where = where,
                        qdot0 = mech.qdot, T0 = kinetic(mech.M, mech.qdot), dqvel = dq,
                        dqvel_max = worst }, Impact)
end
Model.impact = model_impact

-- The sample models shipped beside this file (lua/impact/mjcf/, installed
-- with the Lua files): their paths, for examples, help and the specs.
local SAMPLES = { "arm3", "arm7", "ball", "kane_pendulum" }
local function sample(name)
  for _, s in ipairs(SAMPLES) do
    if s == name then
      local here = package.searchpath("impact.mujoco", package.path)
      if not here then error("mujoco.sample: impact/mujoco.lua is not on package.path", 2) end
      return (here:gsub("mujoco%.lua$", "mjcf/" .. name .. ".xml"))
    end
  end
  error(fmt("mujoco.sample: no sample model %s (the samples: %s)", fmt("%q", tostring(name)),
            table.concat(SAMPLES, ", ")), 2)
end

local M = { available = AVAILABLE, load = load, sample = sample, _load_string = load_string, Model = Model }
M.solref = function(t)
  need("solref")
  return setmetatable(require("impact.mujoco_solref").solref(M, t), Solref)
end
return M
