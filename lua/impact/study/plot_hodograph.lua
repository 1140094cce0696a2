-- impact.plot.hodograph: the slip-velocity path of an exact 3D result.
local gp = require("impact.study.gnuplot")
local lib = require("impact.study.plotlib")
local finite, literal, opt_table, law_text = lib.finite, lib.literal, lib.opt_table, lib.law_text

return function(impact, plot)
  function plot.hodograph(r, opts)
    local F = "plot.hodograph"
    opts = opt_table(F, opts)
    if type(r) ~= "table" then error(F .. ": expected a solve3d result, got " .. type(r), 0) end
    local h = r.hodograph
    -- solve3d gives columns {p = {...}, x = {...}, z = {...}}; a list of
    -- points {p, x, z} is accepted too.
    local P, X, Z
    if type(h) == "table" and type(h.p) == "table" and type(h.x) == "table" and type(h.z) == "table" then
      P, X, Z = h.p, h.x, h.z
    elseif type(h) == "table" and #h > 0 then
      P, X, Z = {}, {}, {}
      for i, v in ipairs(h) do
        P[i], X[i], Z[i] = v.p or v[1], v.x or v[2], v.z or v[3]
      end
    end
    if not P or #P == 0 then
      error(F .. ": field 'hodograph' must be a list of {p, x, z} (give a solve3d result with method = \"exact\")", 0)
    end
    local rows = {}
    for i = 1, #P do
      if not finite(P[i]) or not finite(X[i]) or not finite(Z[i]) then
        error(string.format("%s: field 'hodograph[%d]' must have numbers p, x, z", F, i), 0)
      end
      rows[i] = { X[i], Z[i], P[i] }
    end
    local blocks = {
      { comment = "slip velocity along the impact: vt_x vt_z p", rows = rows },
      { comment = "start", rows = { { rows[1][1], rows[1][2], "start" } } },
      { comment = "end", rows = { { rows[#rows][1], rows[#rows][2], "end" } } },
      { comment = "origin (no slip)", rows = { { 0, 0 } } },
    }
    local title = opts.title or string.format("Slip hodograph: mode %s, %s law", tostring(r.mode), law_text(r))
    local body = {
      "set title " .. gp.str(title),
      "set xlabel \"v_{t,x} (slip velocity, x)\"",
      "set ylabel \"v_{t,z} (slip velocity, z)\"",
      "set size ratio -1",
      "set grid lc rgb \"#e0e0e0\"",
      "set zeroaxis lt 1 lc rgb \"#909090\"",
      "set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08",
      "set key outside below",
      "plot data index 0 using 1:2 with lines lw 2.5 lc rgb \"#4575b4\" title \"slip path v_t(p)\", \\\n" ..
      "     data index 1 using 1:2 with points pt 7 ps 1.6 lc rgb \"#1a9850\" title \"start\", \\\n" ..
      "     data index 2 using 1:2 with points pt 9 ps 1.8 lc rgb \"#d73027\" title \"end\", \\\n" ..
      "     data index 3 using 1:2 with points pt 2 ps 2 lw 2 lc rgb \"black\" title \"v_t = 0 (sticking)\"",
    }
    return gp.render(F, opts.out or "hodograph.png", {
      what = "impact.plot.hodograph: slip velocity path of an exact 3D result", blocks = blocks,
      body = body, size = opts.size, run = opts.run, command = plot.gnuplot })
  end
end
