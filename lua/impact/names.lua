-- The names the Lua side knows of, in one table: the built-in restitution
-- laws, the contact modes a result reports, the published collision
-- models impact.compare runs and the multi-contact models of solve_multi.
-- The C binding checks the same names (of these it exports only the
-- multi-contact models' registry, core._multi_models); a file that needs
-- them takes them from here.
local core = require("impact.core")

local M = {}

M.LAWS = { "poisson", "newton", "energetic" }
M.MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" }
M.MODELS = { "routh", "newton-frictionless", "kane", "brach", "smith", "glocker-pfeiffer", "cs" }

-- solve_multi's models in the core's order (the first is the default), and
-- each one's row by name: { name =, scaled =, params = {...}, fields = {...} }
M.MULTI_MODELS, M.MULTI_MODEL = {}, {}
for i, m in ipairs(core._multi_models) do
  M.MULTI_MODELS[i], M.MULTI_MODEL[m.name] = m.name, m
end

-- set(list) -> { [name] = true, ... }
function M.set(list)
  local s = {}
  for _, name in ipairs(list) do s[name] = true end
  return s
end

return M
