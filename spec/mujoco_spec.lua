-- impact.mujoco: MuJoCo's M and J against impact.chain2d (Kane's double
-- pendulum and a three-link arm written as MJCF, lua/impact/mjcf), the rigid
-- solvers on MuJoCo's M and J (solve2d, solve3d and solve_multi agree, and
-- agree with chain2d's answer), MuJoCo's own run through an impact, the
-- solref search reproducing its e, and the errors. Built without MuJoCo,
-- every call says so and the rest is pending.
local impact = require "impact"

local function data(name) return impact.mujoco.sample((name:gsub("%.xml$", ""))) end
local d = math.pi / 180

local function close(a, b, tol, what)
  assert(math.abs(a - b) <= tol, string.format("%s: %.17g vs %.17g (tol %g)", what or "", a, b, tol))
end

-- MuJoCo's hinge angles are relative (link i's angle from link i-1), chain2d's
-- absolute: q_abs = T q_rel with T lower-triangular ones, so M_mj = T' M T
-- and J_mj = J T.
local function to_relative(M, J)
  local n = #M
  local function T(i, j) return i >= j and 1 or 0 end
  local Mr, Jr = {}, {}
  for i = 1, n do
    Mr[i] = {}
    for j = 1, n do
      local s = 0
      for a = 1, n do
        for b = 1, n do s = s + T(a, i) * M[a][b] * T(b, j) end
      end
      Mr[i][j] = s
    end
  end
  for r = 1, #J do
    Jr[r] = {}
    for j = 1, n do
      local s = 0
      for a = 1, n do s = s + J[r][a] * T(a, j) end
      Jr[r][j] = s
    end
  end
  return Mr, Jr
end

local function rel(q)   -- absolute link angles -> MuJoCo's relative ones
  local out = {}
  for i = 1, #q do out[i] = q[i] - (q[i - 1] or 0) end
  return out
end

local function tip(links, q)
  local x, y = 0, 0
  for i, l in ipairs(links) do x, y = x + l.L * math.cos(q[i]), y + l.L * math.sin(q[i]) end
  return { x, y, 0 }
end

if not impact.mujoco.available then
  describe("impact.mujoco without MuJoCo", function()
    it("says so on every call", function()
      for _, f in ipairs{ "load", "solref" } do
        local ok, err = pcall(impact.mujoco[f], "x")
        assert.is_false(ok)
        assert.matches("impact was built without MuJoCo %(install libmujoco%-dev and rebuild%)", err)
      end
    end)
    it("the rest needs MuJoCo", function() pending("built without MuJoCo (install libmujoco-dev and rebuild)") end)
  end)
  return
end

describe("impact.mujoco: M and J", function()
  local KANE = { { m = 1, L = 1 }, { m = 1, L = 1 } }
  local ARM = { { m = 4, L = 0.5 }, { m = 2.5, L = 0.4 }, { m = 1, L = 0.25 } }
  local cases = {
    { file = "kane_pendulum.xml", links = KANE, body = "link2",
      qs = { { -40 * d, -60 * d }, { -60 * d, -30 * d }, { 10 * d, 170 * d }, { 0, 0 } } },
    { file = "arm3.xml", links = ARM, body = "hand",
      qs = { { 20 * d, -30 * d, -90 * d }, { -45 * d, 10 * d, 135 * d } } },
  }
  for _, c in ipairs(cases) do
    it("equal chain2d's to 1e-12 (" .. c.file .. ")", function()
      local model = impact.mujoco.load(data(c.file))
      assert.equal(#c.links, model.nq)
      for _, q in ipairs(c.qs) do
        local ch = impact.chain2d{ links = c.links, q = q, qdot = q }
        local Mc, Jc = to_relative(ch.M, ch.J)
        local mech, where = model:mechanism{ qpos = rel(q),
          contacts = { { body = c.body, point = tip(c.links, q), normal = { 0, 1 } } } }
        for i = 1, #q do
          for j = 1, #q do close(mech.M[i][j], Mc[i][j], 1e-12, "M") end
          for r = 1, 2 do close(mech.J[r][i], Jc[r][i], 1e-12, "J") end
        end
        assert.same({ 1, 0 }, mech.frame.x)      -- the tangent: n = +y turned by -90 degrees
        if c.file == "arm3.xml" then assert.is_false(where.contacts[1].far) end   -- the fingertip
      end
    end)
  end

  it("3D: the free ball's frame and J (nq = 7, nv = 6)", function()
    local ball = impact.mujoco.load(data("ball.xml"))
    assert.equal(7, ball.nq); assert.equal(6, ball.nv)
    local mech = ball:mechanism{ qpos = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel = { 0.5, 0, -1, 0, 2, 0 },
                                 contacts = { { body = "ball", point = { 0, 0, 0 }, normal = { 0, 0, 1 } } } }
    -- n = +z: x = world x, z = -world y (system3d's frame); v_point = v + w x r, r = (0, 0, -0.1)
    assert.same({ 1, 0, 0 }, mech.frame.x)
    local v = {}
    for r = 1, 3 do
      v[r] = 0
      for j = 1, 6 do v[r] = v[r] + mech.J[r][j] * mech.qdot[j] end
    end
    close(v[1], 0.5 - 0.2, 1e-15, "tangent x"); close(v[2], -1, 1e-15, "normal"); close(v[3], 0, 1e-15, "z")
    close(mech.M[1][1], 1, 1e-15, "mass"); close(mech.M[4][4], 0.4 * 0.01, 1e-15, "inertia")
  end)
end)

describe("impact.mujoco: the rigid solvers on MuJoCo's M and J", function()
  it("a frictionless impact: solve2d = solve_multi = chain2d's answer", function()
    local arm = impact.mujoco.load(data("arm3.xml"))
    local links = { { m = 4, L = 0.5 }, { m = 2.5, L = 0.4 }, { m = 1, L = 0.25 } }
    local q, qd = { 20 * d, -30 * d, -90 * d }, { -0.4, -0.8, -1.2 }
    local mech = arm:mechanism{ qpos = rel(q), qvel = rel(qd), mu = 0, e = 0.5,
      contacts = { { body = "hand", point = tip(links, q), normal = { 0, 1 } } } }
    local r2 = impact.solve2d(mech)
    local ch = impact.solve2d(impact.chain2d{ links = links, q = q, qdot = qd, mu = 0, e = 0.5 })
    for _, model in ipairs{ "lzb", "moreau", "poisson", "sequential" } do
      local rm = impact.solve_multi{ M = mech.M, qdot = mech.qdot, model = model,
                                     contacts = { { J = mech.J, mu = 0, e = 0.5 } } }
      -- lzb integrates over the impulse, to its own tolerance (one contact:
      -- solve2d to about 1e-9 relative, doc/multi.md); the others in closed form
      local tol = model == "lzb" and 1e-8 or 1e-12
      for i = 1, 3 do close(rm.qdot[i], r2.qdot[i], tol * math.max(1, math.abs(r2.qdot[i])), model) end
      close(rm.dT, r2.dT, tol * math.max(1, math.abs(r2.dT)), model .. " dT")
    end
    -- chain2d's rates are absolute: compare MuJoCo's relative ones
    for i = 1, 3 do close(r2.qdot[i], rel(ch.qdot)[i], 1e-12, "chain2d qdot") end
    close(r2.Py, ch.Py, 1e-12, "Py"); close(r2.dT, ch.dT, 1e-12, "dT")
  end)

  it("3D: solve3d = solve_multi on the ball's M and J", function()
    local ball = impact.mujoco.load(data("ball.xml"))
    local mech = ball:mechanism{ qpos = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel = { 0.3, 0.1, -1, 0, 0, 0 },
      mu = 0, e = 0.7, contacts = { { body = "ball", point = { 0, 0, 0 }, normal = { 0, 0, 1 } } } }
    local r3 = impact.solve3d(mech)
    local rm = impact.solve_multi{ M = mech.M, qdot = mech.qdot, contacts = { { J = mech.J, mu = 0, e = 0.7 } } }
    for i = 1, 6 do close(rm.qdot[i], r3.qdot[i], 1e-12, "qdot") end
    close(r3.qdot[3], 0.7, 1e-12, "vz")
  end)
end)

describe("impact.mujoco: MuJoCo's run and solref", function()
  it("model:impact drops the ball: MuJoCo's e, the rigid answer at that e", function()
    local ball = impact.mujoco.load(data("ball.xml"))
    local r = ball:impact{ qpos = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel = { 0, 0, -1, 0, 0, 0 },
                           contacts = { { body = "ball", point = { 0, 0, 0 }, normal = { 0, 0, 1 } } } }
    assert.is_true(r.mujoco.separated)
    assert.is_true(r.mujoco.e > 0 and r.mujoco.e < 1)
    close(r.mujoco.qvel[3], r.mujoco.e, 1e-12, "vz = e")
    close(r.rigid.qdot[3], r.mujoco.e, 1e-12, "rigid vz at MuJoCo's e")
    close(r.mujoco.T, 0.5 * r.mujoco.e ^ 2, 1e-12, "T")
    assert.is_true(r.dqvel_max < 1e-12)
    assert.matches("^mujoco.impact: MuJoCo's run", tostring(r))
    assert.matches("^model:impact", impact.help.text(r))
    assert.matches("^mujoco model \".-ball.xml\": nq = 7, nv = 6", tostring(ball))
  end)

  it("solref reproduces its e within the residual it reports", function()
    local ball = impact.mujoco.load(data("ball.xml"))
    for _, e in ipairs{ 0.3, 0.75 } do
      local s = impact.mujoco.solref{ e = e, speed = 2, timestep = ball.timestep }
      assert.is_true(s.converged and s.reachable)
      assert.is_true(s.residual <= s.tol)
      -- rerun with that solref (the same ball, timestep and speed, in a file)
      local r = ball:impact{ qpos = { 0, 0, 0.1, 1, 0, 0, 0 }, qvel = { 0, 0, -2, 0, 0, 0 }, solref = s.solref,
                             contacts = { { body = "ball", point = { 0, 0, 0 }, normal = { 0, 0, 1 } } } }
      assert.is_true(math.abs(r.mujoco.e - e) <= s.residual * (1 + 1e-9) + 1e-15)
    end
    local direct = impact.mujoco.solref{ e = 0.5, form = "direct", stiffness = 1e4, tol = 1e-2 }
    assert.is_true(direct.solref[1] == -1e4 and direct.residual <= 1e-2)
  end)
end)

describe("impact.mujoco: errors", function()
  local function err(f, ...)
    local ok, msg = pcall(f, ...)
    assert.is_false(ok)
    return msg
  end
  it("a missing or malformed file is named", function()
    local nope = data("ball"):gsub("ball%.xml$", "nope.xml")
    assert.matches("mujoco.load: cannot load '" .. nope .. "': ", err(impact.mujoco.load, nope), 1, true)
    assert.matches("no sample model \"nope\" (the samples: arm3, arm7, ball, kane_pendulum)", err(impact.mujoco.sample, "nope"), 1, true)
    local bad = err(impact.mujoco._load_string, "<mujoco><worldbody><body></mujoco>", "bad.xml")
    assert.matches("cannot load 'bad.xml': ", bad, 1, true)
  end)
  it("an unknown body lists the model's bodies; sizes and names are checked", function()
    local m = impact.mujoco.load(data("kane_pendulum.xml"))
    local c = { { body = "link3", point = { 0, 0 }, normal = { 0, 1 } } }
    assert.matches("field 'contacts[1].body' names no moving body of the model (link3): its bodies are 'link1', 'link2'",
                   err(m.mechanism, m, { qpos = { 0, 0 }, contacts = c }), 1, true)
    c[1].body = "link2"
    assert.matches("field 'qpos' must have 2 entries", err(m.mechanism, m, { qpos = { 0 }, contacts = c }), 1, true)
    assert.matches("field 'qvel' must have 2 entries", err(m.mechanism, m, { qpos = { 0, 0 }, qvel = { 1 }, contacts = c }), 1, true)
    local ball = impact.mujoco.load(data("ball.xml"))
    assert.matches("must have 7 entries (the model's nq = 7 joint positions; free and ball joints give a quaternion's 4)",
                   err(ball.mechanism, ball, { qpos = { 0, 0, 0.1, 0, 0, 0 }, contacts = c }), 1, true)
    assert.matches("unknown field 'qpoz' (did you mean 'qpos'?)", err(m.mechanism, m, { qpoz = { 0, 0 }, contacts = c }), 1, true)
    assert.matches("mujoco.solref: unknown field 'E' (did you mean 'e'?)", err(impact.mujoco.solref, { E = 0.5 }), 1, true)
  end)
  it("reads URDF too (MuJoCo's reader): one link, M = I + m c^2", function()
    local path = require("spec.scratch").name(".urdf")
    local f = assert(io.open(path, "w"))
    f:write([[<robot name="one"><link name="base"/><link name="l1"><inertial><origin xyz="0.5 0 0"/>
      <mass value="1"/><inertia ixx="0.001" iyy="0.25" izz="0.25" ixy="0" ixz="0" iyz="0"/></inertial></link>
      <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
      <limit lower="-3" upper="3" effort="1" velocity="1"/></joint></robot>]])
    f:close()
    local m = impact.mujoco.load(path)
    os.remove(path)
    local mech = m:mechanism{ qpos = { 0.3 }, contacts = { { body = "l1", point = { math.cos(0.3), math.sin(0.3) }, normal = { 0, 1 } } } }
    close(mech.M[1][1], 0.25 + 0.25, 1e-15, "M")
    close(mech.J[2][1], math.cos(0.3), 1e-15, "J")
  end)
  it("a point away from the body is accepted and flagged", function()
    local m = impact.mujoco.load(data("kane_pendulum.xml"))
    local _, where = m:mechanism{ qpos = { 0, 0 }, contacts = { { body = "link2", point = { 5, 3 }, normal = { 0, 1 } } } }
    assert.is_true(where.contacts[1].far)
    assert.is_true(where.contacts[1].offset > 2)
  end)
end)
