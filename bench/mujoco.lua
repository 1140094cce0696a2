-- Benchmark: model:mechanism on the seven-joint arm (impact.mujoco's sample
-- arm7) with one spatial contact at the fingertip: the Lua call that sets
-- MuJoCo's state, computes M and the 3-row contact Jacobian and builds the
-- tables (median microseconds). Prints nothing when built without MuJoCo.
local impact = impact or require("impact")
if not impact.mujoco.available then return end
local clock = os.clock

local arm = impact.mujoco.load(impact.mujoco.sample("arm7"))
local t = { qpos = { 0.3, 0.6, -0.2, 1.1, 0.1, 0.4, 0 }, qvel = { 0.1, -0.5, 0.2, -0.8, 0.3, 0, 0.1 },
            contacts = { { body = "hand", point = { 0.5, 0.1, 0.05 }, normal = { 0, 0, 1 } } } }

local function median_us(reps, rounds)
  local times = {}
  for k = 1, rounds do
    local t0 = clock()
    for _ = 1, reps do arm:mechanism(t) end
    times[k] = (clock() - t0) / reps * 1e6
  end
  table.sort(times)
  return times[(rounds + 1) // 2]
end

median_us(200, 3)   -- warm up
print(string.format("mujoco_mechanism_n7_us: %.2f", median_us(2000, 11)))
