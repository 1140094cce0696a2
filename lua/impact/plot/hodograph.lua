-- impact.plot.hodograph: the slip-velocity path of an exact 3D result.
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite, literal, opt_table, law_text = lib.finite, lib.literal, lib.opt_table, lib.law_text

local M = {}

function M.hodograph(r, opts)
  local F = "plot.hodograph"
  opts = opt_table(F, opts)
  if type(r) ~= "table" then error(F .. ": argument 1 must be a solve3d result, got " .. type(r), 0) end
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
  -- The box: the path and the origin, padded; a span much smaller than
  -- the other is widened to a quarter of it (equal scales would make a
  -- thin strip of it), and the canvas is cut to the box's shape instead
  -- of leaving most of it blank.
  local x0, x1, z0, z1 = 0, 0, 0, 0
  for i = 1, #rows do
    x0, x1 = math.min(x0, rows[i][1]), math.max(x1, rows[i][1])
    z0, z1 = math.min(z0, rows[i][2]), math.max(z1, rows[i][2])
  end
  local span = math.max(x1 - x0, z1 - z0, 1e-300)
  local function widen(lo, hi)
    local want = math.max(hi - lo, 0.25 * span) + 0.16 * span
    local c = (lo + hi) / 2
    return c - want / 2, c + want / 2
  end
  x0, x1 = widen(x0, x1)
  z0, z1 = widen(z0, z1)
  local out = opts.out or "hodograph.png"
  local w = 900
  local h = (w - 150) * (z1 - z0) / (x1 - x0) + 200   -- plot area, then title, labels, key
  local size = gp.size_of(F, opts.size, out, { w, math.floor(math.max(380, math.min(1000, h)) + 0.5) })
  local short = size[1] < 480
  local mu = r.mu_k or r.mu
  local mus = r.mu_s and r.mu_s ~= mu and string.format("μ_s = %g, μ_k = %g", r.mu_s, mu)
    or (mu and string.format("μ = %g", mu) or nil)
  local title = lib.text(opts, opts.title) or string.format("Slip hodograph: mode %s, %s%s%s", tostring(r.mode),
    literal(law_text(r)), r.e and string.format(", e = %g", r.e) or "", mus and (", " .. mus) or "")
  local titles = { short and "slip path" or "slip path v_t(p)", "start", "end", short and "v_t = 0" or "v_t = 0 (sticking)" }
  local key, bmargin, rows = lib.key_below(titles, size)
  title = lib.title(title, size)
  -- the plot area: the canvas less the y tics and label, the title, the
  -- x tics and label and the legend; a preset's height fitted to the box
  local tlines = select(2, title:gsub("\n", "")) + 1
  local frame = (tlines + 7 + rows) * lib.LINE_H
  local pw = size[1] - (lib.tic_width(z0, z1) + 6) * lib.CHAR_W
  if type(opts.size) == "string" then
    local cap = size[1] < 480 and pw or 0.6 * size[1]
    size[2] = math.floor(frame + math.max(0.3 * pw, math.min(cap, pw * (z1 - z0) / (x1 - x0))) + 0.5)
  end
  local ph = size[2] - frame
  -- gnuplot fits the legend's columns in the plot's width: a plot
  -- narrower than the canvas (a tall box at equal scales) counted again
  local plotw = math.min(pw, ph * (x1 - x0) / (z1 - z0))
  if plotw < pw - 1 then
    key, bmargin, rows = lib.key_below(titles, { plotw + 16 * lib.CHAR_W })
    local frame2 = (tlines + 7 + rows) * lib.LINE_H
    if type(opts.size) == "string" then size[2] = size[2] + math.floor(frame2 - frame + 0.5) end
    ph = size[2] - frame2
  end
  local scale = math.min(pw / (x1 - x0), ph / (z1 - z0))
  local body = {
    "set title " .. gp.str(title),
    short and "set xlabel \"v_{t,x}\"" or "set xlabel \"v_{t,x} (slip velocity, x)\"",
    short and "set ylabel \"v_{t,z}\"" or "set ylabel \"v_{t,z} (slip velocity, z)\"",
    "set size ratio -1",
    "set grid lc rgb \"#e0e0e0\"",
    "set zeroaxis lt 1 lc rgb \"#909090\"",
    string.format("set xrange [%s:%s]", gp.num(x0), gp.num(x1)),
    string.format("set yrange [%s:%s]", gp.num(z0), gp.num(z1)),
    key,
    bmargin,
    lib.tics("x", x0, x1, scale * (x1 - x0)),
    lib.tics("y", z0, z1, scale * (z1 - z0)),
    "plot data index 0 using 1:2 with lines lw 2.5 lc rgb \"#4575b4\" title " .. gp.str(titles[1]) .. ", \\\n" ..
    "     data index 1 using 1:2 with points pt 7 ps 1.6 lc rgb \"#1a9850\" title \"start\", \\\n" ..
    "     data index 2 using 1:2 with points pt 9 ps 1.8 lc rgb \"#d73027\" title \"end\", \\\n" ..
    "     data index 3 using 1:2 with points pt 2 ps 2 lw 2 lc rgb \"black\" title " .. gp.str(titles[4]),
  }
  return gp.render(F, out, {
    what = "impact.plot.hodograph: slip velocity path of an exact 3D result", blocks = blocks,
    body = body, size = size, run = opts.run, command = require("impact.plot").gnuplot })
end

return M
