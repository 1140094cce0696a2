-- The names the Lua side knows of, in one table: the built-in restitution
-- laws, the contact modes a result reports, the published collision
-- models impact.compare runs and the multi-contact models of solve_multi.
-- The laws come from the core's registry (impact.core._laws, one row a
-- law: name, doc, params, closed, solvers), the multi-contact models from
-- core._multi_models; the C binding checks the same names; a file that
-- needs them takes them from here.
local core = require("impact.core")

local M = {}

-- The registry's rows in order, and the names `law = "..."` accepts.
M.LAW_ROWS = require("impact.core")._laws
M.LAWS = {}
M.LAW = {}                 -- by name: the row
for _, row in ipairs(M.LAW_ROWS) do
  M.LAW[row.name] = row
  if row.builtin then M.LAWS[#M.LAWS + 1] = row.name end
end
M.DEFAULT_LAW = M.LAWS[1]  -- law = nil
M.CUSTOM_LAW = M.LAW_ROWS[#M.LAW_ROWS].name   -- a function's name in results

-- The closed form of a law's end ("impulse": Pn = (1+e) Pc, "velocity":
-- vn = -e vn0, "work": Wr = -e^2 Wc), or nil (none, or no such law).
function M.law_closed(name)
  local row = M.LAW[name]
  return row and row.closed
end

-- '"poisson", "newton", "energetic"': the list for messages and the help.
function M.quoted(list)
  local q = {}
  for i, name in ipairs(list) do q[i] = string.format("%q", name) end
  return table.concat(q, ", ")
end
M.MODES = { "none", "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed" }
-- solve2d's models ("routh" first) and solve3d's, from the core's lists
M.MODELS, M.MODELS3D = {}, {}
for i, name in ipairs(core._models2d) do M.MODELS[i] = name end
for i, name in ipairs(core._models3d) do M.MODELS3D[i] = name end
-- the published 2D models' own parameters, each once, in the registry's order
M.MODEL2D_PARAMS = {}
do
  local seen = {}
  for _, row in ipairs(core._models2d_rows) do
    for _, k in ipairs(row.params) do
      if not seen[k] then seen[k] = true; M.MODEL2D_PARAMS[#M.MODEL2D_PARAMS + 1] = k end
    end
  end
end

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
