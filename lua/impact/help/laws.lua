-- Help topic of the restitution laws, written from the core's registry
-- (impact.core._laws through impact.names): one row a law.
local names = require("impact.names")

local lines = {}
for _, row in ipairs(names.LAW_ROWS) do
  local params = {}
  for _, p in ipairs(row.params) do
    params[#params + 1] = string.format("%s in [%g, %g]", p.name, p.lo, p.hi)
  end
  local what = row.builtin and string.format('law = %q', row.name) or "law = function(s)"
  lines[#lines + 1] = string.format("  %-22s %s", what, row.doc)
  lines[#lines + 1] = string.format("  %-22s parameters: %s; closed-form end: %s", "",
    #params > 0 and table.concat(params, ", ") or "none", row.closed or "none (root-found)")
  local line = "solvers:"
  for i, name in ipairs(row.solvers) do
    local word = " " .. name .. (i < #row.solvers and "," or "")
    if #line + #word > 54 then
      lines[#lines + 1] = string.format("  %-22s %s", "", line)
      line = " "
    end
    line = line .. word
  end
  lines[#lines + 1] = string.format("  %-22s %s", "", line)
end

return {
  {
    name = "laws", topic = true, signature = "The restitution laws",
    summary = "The restitution laws t.law selects (" .. names.quoted(names.LAWS)
      .. " or a function), their parameters and the solvers that accept them.",
    text = [[
A restitution law decides where an impact ends after maximum compression:
at the first point where its residual R(state) reaches zero from below.
The state a law sees: Pn, Pc (normal impulse now and at maximum
compression), vn, vn0 (normal contact velocity now and before impact), Wc,
Wr (normal work in compression, <= 0, and since, >= 0), Pt, vt, vt0
(tangential impulse and slip; in 3D tables {x =, z =}), phase and dim.
A law whose end has a closed form (impulse: Pn = (1+e) Pc; velocity:
vn = -e vn0; work: Wr = -e^2 Wc) is solved in closed form where the
solver has one; any other law's residual is root-found. The rows below
are the core's registry (impact.core._laws), in its order:

]] .. table.concat(lines, "\n"),
    see = { "solve2d", "solve3d", "solve_multi" },
  },
}
