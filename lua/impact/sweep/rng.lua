-- A seeded generator for sweeps: SplitMix64 on Lua 5.4's 64-bit integers.
-- Own state, so sweeps are reproducible on every platform and never touch
-- (or depend on) math.random.
local M = {}

local GOLDEN = 0x9e3779b97f4a7c15

-- new(seed) -> a function returning uniform floats in [0, 1).
function M.new(seed)
  local state = math.tointeger(seed) or error("rng: seed must be an integer", 2)
  return function()
    state = state + GOLDEN
    local z = state
    z = (z ~ (z >> 30)) * 0xbf58476d1ce4e5b9
    z = (z ~ (z >> 27)) * 0x94d049bb133111eb
    z = z ~ (z >> 31)
    return (z >> 11) * (1.0 / 9007199254740992.0)   -- top 53 bits / 2^53
  end
end

-- A random permutation of 1..n (Fisher-Yates) drawn from u.
function M.permutation(u, n)
  local p = {}
  for i = 1, n do p[i] = i end
  for i = n, 2, -1 do
    local j = math.floor(u() * i) + 1
    p[i], p[j] = p[j], p[i]
  end
  return p
end

return M
