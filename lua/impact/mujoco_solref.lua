-- impact.mujoco.solref{ e =, ... }: the contact parameters under which
-- MuJoCo reproduces a restitution coefficient, found by running MuJoCo.
-- MuJoCo has no restitution: its soft contact's reference acceleration
-- a_ref = -b v - k r gives a rebound that depends on solref, solimp, the
-- timestep and the integrator, so each candidate solref is measured by a
-- run through one impact (model:impact's run: e = -v_n'/v_n at the first
-- contact's point). The measured e falls as the damping grows; the search
-- brackets the target, then bisects (on log dampratio for solref =
-- {timeconst, dampratio}, on the damping for the direct form {-k, -b}).
-- e(damping) is a step function at fine scale (the number of steps in
-- contact is an integer), so the search reports the e it achieved and its
-- residual rather than promising the tolerance.
local core = require("impact.core")
local fmt = string.format

local function fail(f, ...)
  error("mujoco.solref: " .. fmt(f, ...), 0)
end

-- The default body: a ball (m = 1, radius 0.1, free joint) on a floor,
-- frictionless, dropped straight down.
local BALL = [[
<mujoco model="impact_ball">
  <option timestep="%s"/>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1" friction="0 0 0"/>
    <body name="ball" pos="0 0 0.1">
      <freejoint name="ball"/>
      <geom name="ball" type="sphere" size="0.1" mass="1" friction="0 0 0"/>
    </body>
  </worldbody>
</mujoco>]]

local KEYS = { "body", "dampratio", "damping", "e", "form", "gravity", "max_iter", "model",
               "path", "qpos", "qvel", "speed", "stiffness", "timeconst", "timestep", "tol" }

local function number(t, k, def, lo, hi)
  local v = t[k]
  if v == nil then return def end
  if math.type(v) == nil or v ~= v then fail("field '%s' must be a number, got %s", k, tostring(v)) end
  if (lo and v < lo) or (hi and v > hi) then
    fail("field '%s' must be in [%s, %s], got %s", k, tostring(lo), tostring(hi or math.huge), tostring(v))
  end
  return v + 0.0
end

local function solref(mujoco, t)
  if type(t) ~= "table" then fail("the argument must be a table, got %s", type(t)) end
  local msg = core._check_fields("mujoco.solref", t, KEYS)
  if msg then error(msg, 0) end
  local e = t.e
  if e == nil then fail("field 'e' is required (the restitution to reproduce, in [0, 1])") end
  e = number(t, "e", nil, 0, 1)
  local tol = number(t, "tol", 1e-3, 1e-12, 1)
  local max_iter = math.tointeger(number(t, "max_iter", 60, 1, 1000))
  if not max_iter then fail("field 'max_iter' must be an integer") end
  local form = t.form or "ratio"
  if form ~= "ratio" and form ~= "direct" then
    fail("field 'form' must be \"ratio\" (solref = {timeconst, dampratio}) or \"direct\" ({-stiffness, -damping}), got %s", tostring(form))
  end

  -- the model and the state at contact
  local model, body, qpos, qvel, speed
  if t.model ~= nil or t.path ~= nil then
    if t.model ~= nil and t.path ~= nil then fail("field 'path' conflicts with 'model' (give one)") end
    if t.speed ~= nil then fail("field 'speed' applies to the default ball only: give qvel") end
    if t.timestep ~= nil then fail("field 'timestep' applies to the default ball only (a model has its own)") end
    model = t.model or mujoco.load(t.path)
    if getmetatable(model) ~= mujoco.Model then fail("field 'model' must be a model from impact.mujoco.load") end
    body, qpos, qvel = t.body, t.qpos, t.qvel
    for _, k in ipairs{ "body", "qpos", "qvel" } do
      if t[k] == nil then fail("field '%s' is required with a model (the striking body and its state at contact)", k) end
    end
  else
    for _, k in ipairs{ "body", "qpos", "qvel" } do
      if t[k] ~= nil then fail("field '%s' needs a model (or path): the default ball has its own", k) end
    end
    local dt = number(t, "timestep", 0.002, 1e-6, 1)   -- MuJoCo's default
    speed = number(t, "speed", 1, 1e-6, 1e6)
    model = mujoco._load_string(fmt(BALL, fmt("%.17g", dt)), "impact_ball.xml")
    body, qpos, qvel = "ball", { 0, 0, 0.1, 1, 0, 0, 0 }, { 0, 0, -speed, 0, 0, 0 }
  end
  local tc = number(t, "timeconst", 0.02, 1e-9)
  local k = number(t, "stiffness", nil, 1e-9)
  if form == "direct" and not k then fail("field 'stiffness' is required with form = \"direct\"") end
  if form == "ratio" and k then fail("field 'stiffness' belongs to form = \"direct\"") end

  local runs = 0
  local function measure(x)
    runs = runs + 1
    local s = form == "ratio" and { tc, x } or { -k, -x }
    local r = core._mujoco_run(model._ud, { qpos = qpos, qvel = qvel, body = body,
                                            gravity = t.gravity, solref = s }, "mujoco.solref")
    if not r.contacted then fail("MuJoCo saw no contact of body '%s' (is it touching and approaching?)", body) end
    if not r.separated then return 0, r end    -- it never left: no rebound
    return -r.vn1 / r.vn0, r
  end

  -- bracket: lo gives e above the target, hi below (e falls with x)
  local lo, hi
  if form == "ratio" then lo, hi = 1e-3, 1 else lo, hi = 0, 2 * math.sqrt(k) end
  local elo, rlo = measure(lo)
  -- nearly undamped, MuJoCo's soft contact is far from a rebound (the
  -- ball at dampratio 1e-3 measures e = 1e4, falling monotonically with
  -- the damping: a bracket still; a tilted rod measures a negative e, no
  -- bracket): the damping grows until e >= 0
  while not (elo >= 0) and lo * 4 < hi do
    lo = lo == 0 and 1e-3 * hi or lo * 4
    elo, rlo = measure(lo)
  end
  local ehi, rhi = measure(hi)
  while ehi > e and hi < (form == "ratio" and 1e3 or 1e6 * math.sqrt(k)) do
    lo, elo, rlo = hi, ehi, rhi
    hi = hi * 4
    ehi, rhi = measure(hi)
  end
  local best, ebest, rbest = lo, elo, rlo
  if math.abs(ehi - e) < math.abs(elo - e) then best, ebest, rbest = hi, ehi, rhi end
  local reachable = elo >= e and ehi <= e
  if reachable then
    for _ = 1, max_iter do
      if math.abs(ebest - e) <= tol then break end
      local mid = form == "ratio" and math.sqrt(lo * hi) or 0.5 * (lo + hi)
      if mid <= lo or mid >= hi then break end
      local em, rm = measure(mid)
      if math.abs(em - e) < math.abs(ebest - e) then best, ebest, rbest = mid, em, rm end
      if em > e then lo, elo = mid, em else hi, ehi = mid, em end
      if (hi - lo) <= 1e-12 * hi then break end
    end
  end
  local residual = math.abs(ebest - e)
  return {
    solref = form == "ratio" and { tc, best } or { -k, -best },
    form = form, e = e, e_achieved = ebest, residual = residual, tol = tol,
    converged = residual <= tol, reachable = reachable,
    e_range = { ehi, elo },            -- the e measured at the bracket's ends
    runs = runs, speed = speed, timestep = model.timestep,
    duration = rbest.duration, depth_max = rbest.depth_max,
    model = model, body = body,
  }
end

return { solref = solref }
