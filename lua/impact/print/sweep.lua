-- The printer of sweep results (metatable impact.sweep, made in
-- sweep/result.lua): the number of points, failures and the columns.
local function summary(s)
  return string.format("sweep: %d points%s%s, columns: %s", s.n,
    #s.failures > 0 and string.format(" (%d failed)", #s.failures) or "",
    s.interrupted and " (interrupted)" or "", table.concat(s.names, ", "))
end

return { ["impact.Sweep"] = summary }
