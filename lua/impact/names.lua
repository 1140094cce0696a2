-- The names the Lua side knows of, in one table: the built-in restitution
-- laws, the contact modes a result reports and the published collision
-- models impact.compare runs. The C binding checks the same names (it
-- exports none of them yet); a file that needs them takes them from here.
local M = {}

M.LAWS = { "poisson", "newton", "energetic" }
M.MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" }
M.MODELS = { "routh", "newton-frictionless", "kane", "brach", "smith", "glocker-pfeiffer", "cs" }

-- set(list) -> { [name] = true, ... }
function M.set(list)
  local s = {}
  for _, name in ipairs(list) do s[name] = true end
  return s
end

return M
