-- impact.plot.run and impact.plot.frames: a simulation's run drawn.
--   run(run, opts)     time series of the coordinates, their rates and the
--                      energy (or a phase portrait: x = "q1", y = "qdot1"),
--                      the events marked (ticks at the impacts' instants on
--                      a time axis, points before and after on a portrait);
--   frames(run, opts)  a scene2d's bodies (the polygon through each body's
--                      points in order, its disk) and lines at chosen
--                      instants on one picture, earlier instants paler
--                      (a strobe figure), with the centres' paths.
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local finite = lib.finite

local M = {}

local function bad(F, name, want, v)
  error(string.format("%s: option '%s' must be %s, got %s", F, name, want,
    type(v) == "table" and "a table" or type(v) == "string" and string.format("%q", v) or tostring(v)), 0)
end

local function check_fields(F, opts, names)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(F .. ": argument 2 (options) must be a table, got " .. type(opts), 0) end
  local msg = require("impact.core")._check_fields(F, opts, names)
  if msg then error(msg, 0) end
  return opts
end

local size_of = gp.size_of

local function check_run(F, run)
  if type(run) ~= "table" or type(run.t) ~= "table" or type(run.q) ~= "table" or not run.n then
    error(F .. ": argument 1 must be a run (impact.simulate's result), got " .. type(run), 0)
  end
  if #run.t == 0 then error(F .. ": the run has no samples", 0) end
end

-- The symbol of a series (gnuplot's enhanced text): a scene's coordinates
-- are x, y, φ of each body, their rates v_x, v_y, ω; a system's q_i, q̇_i.
local function symbol(run, name)
  if name == "t" then return "t" end
  if name == "energy" then return "E" end
  local what, i = name:match("^(q)(%d+)$")
  if not what then what, i = name:match("^(qdot)(%d+)$") end
  i = tonumber(i)
  if run.kind == "scene2d" and i then
    local b, k = (i - 1) // 3 + 1, (i - 1) % 3 + 1
    local nb = run.n // 3
    local sub = nb > 1 and tostring(b) or ""
    if what == "q" then
      return ({ "x", "y", "φ" })[k] .. (sub ~= "" and "_" .. sub or "")
    end
    return ({ "v_{x" .. sub .. "}", "v_{y" .. sub .. "}", "ω" .. (sub ~= "" and "_" .. sub or "") })[k]
  end
  if what == "q" then return "q_" .. i end
  return "q̇_" .. i
end

local function series_of(run, name)
  if name == "t" then return run.t end
  if name == "energy" then return run.energy end
  local what, i = name:match("^(q)(%d+)$")
  if not what then what, i = name:match("^(qdot)(%d+)$") end
  i = math.tointeger(tonumber(i))
  if not what or i < 1 or i > run.n then return nil end
  local list, out = what == "q" and run.q or run.qdot, {}
  for k = 1, #list do out[k] = list[k][i] end
  return out
end

-- The series name checked against the run.
local function series(F, run, name, what)
  local s = type(name) == "string" and series_of(run, name)
  if not s then
    bad(F, what, string.format("a series of the run (t, energy, q1..q%d, qdot1..qdot%d)", run.n, run.n), name)
  end
  return s
end

-- An event's value of a series: before (q, qdot_before) or after.
local function event_value(ev, name, after)
  if name == "t" then return ev.t end
  local what, i = name:match("^(q)(%d+)$")
  if what then return ev.q and ev.q[tonumber(i)] end
  what, i = name:match("^(qdot)(%d+)$")
  if what then
    local v = after and ev.qdot_after or ev.qdot_before
    return v and v[tonumber(i)]
  end
end

function M.run(run, opts)
  local F = "plot.run"
  opts = check_fields(F, opts, { "out", "x", "y", "size", "label", "title", "xlabel", "ylabel", "events", "run", "enhanced" })
  check_run(F, run)
  local x = opts.x or "t"
  local ys = opts.y or (x == "t" and { "q1" } or { "qdot" .. (x:match("%d+") or "1") })
  if type(ys) == "string" then ys = { ys } end
  if type(ys) ~= "table" or #ys == 0 then bad(F, "y", "a series name or a list of them", opts.y) end
  for _, k in ipairs{ "label", "title", "xlabel", "ylabel", "out" } do
    if opts[k] ~= nil and type(opts[k]) ~= "string" then bad(F, k, "a string", opts[k]) end
  end
  if opts.events ~= nil and type(opts.events) ~= "boolean" then bad(F, "events", "a boolean", opts.events) end
  if opts.enhanced ~= nil and type(opts.enhanced) ~= "boolean" then bad(F, "enhanced", "a boolean", opts.enhanced) end
  local out = opts.out or "run.png"
  local size = size_of(F, opts.size, out, { 900, 560 })
  local X = series(F, run, x, "x")
  local curves = {}
  for k, name in ipairs(ys) do
    curves[k] = { name = name, y = series(F, run, name, string.format("y[%d]", k)) }
  end
  local time = x == "t"
  local blocks, plots = {}, {}
  local body = {
    "set title " .. gp.str(lib.title(lib.text(opts, opts.title or opts.label or ""), size)),
    "set xlabel " .. gp.str(lib.text(opts, opts.xlabel) or symbol(run, x)),
    -- (wrapped to the height: a long one ran off a column's canvas)
    "set ylabel " .. gp.str(lib.wrap(lib.text(opts, opts.ylabel) or (#ys == 1 and symbol(run, ys[1]) or ""),
      math.max(20, math.floor((size[2] - 160) / lib.CHAR_W)))),
    "set grid back lt 1 lw 1 lc rgb \"#e4e4e4\"",
    "set tics out",
    "set key outside below",
    "set bmargin " .. (5 + math.ceil(#ys / 4)),
  }
  for k, c in ipairs(curves) do
    local rows = {}
    for j = 1, #X do
      if finite(X[j]) and finite(c.y[j]) then rows[#rows + 1] = { X[j], c.y[j] } end
    end
    blocks[#blocks + 1] = { comment = c.name .. " against " .. x, rows = rows }
    local title = symbol(run, c.name)
    if opts.label then title = lib.text(opts, opts.label) .. ": " .. title end
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 2 lc rgb %s title %s",
      #blocks - 1, gp.str(lib.CYCLE[(k - 1) % #lib.CYCLE + 1]), gp.str(title))
  end
  -- the events: impacts as ticks along the bottom of a time axis (one
  -- impulse each, from the axis up a fixed fraction); on a portrait, the
  -- states before and after each impact
  local impacts = {}
  for _, ev in ipairs(run.events or {}) do
    if ev.kind == "impact" or ev.kind == "inconsistent" then impacts[#impacts + 1] = ev end
  end
  if opts.events ~= false and #impacts > 0 then
    if time then
      local lo, hi = math.huge, -math.huge
      for _, c in ipairs(curves) do
        for _, v in ipairs(c.y) do if finite(v) then lo, hi = math.min(lo, v), math.max(hi, v) end end
      end
      if not (hi > lo) then lo, hi = lo - 1, hi + 1 end
      local pad = 0.05 * (hi - lo)
      body[#body + 1] = string.format("set yrange [%s:%s]", gp.num(lo - pad), gp.num(hi + pad))
      local rows = {}
      for _, ev in ipairs(impacts) do rows[#rows + 1] = { ev.t } end
      blocks[#blocks + 1] = { comment = "impacts: t", rows = rows }
      plots[#plots + 1] = string.format("data index %d using 1:(%s):(0):(%s) with vectors nohead lw 1.5 lc rgb \"#555555\" title \"impacts\"",
        #blocks - 1, gp.num(lo - pad), gp.num(0.06 * (hi - lo + 2 * pad)))
    else
      for k, c in ipairs(curves) do
        local rows = {}
        for _, ev in ipairs(impacts) do
          local a, b = event_value(ev, x, false), event_value(ev, c.name, false)
          local a2, b2 = event_value(ev, x, true), event_value(ev, c.name, true)
          if finite(a) and finite(b) then rows[#rows + 1] = { a, b } end
          if finite(a2) and finite(b2) then rows[#rows + 1] = { a2, b2 } end
        end
        blocks[#blocks + 1] = { comment = "impacts on " .. c.name .. ": before, after", rows = rows }
        plots[#plots + 1] = string.format("data index %d using 1:2 with points pt 7 ps 0.8 lc rgb \"#555555\" title %s",
          #blocks - 1, k == 1 and "\"impacts\"" or "\"\"")
      end
    end
  end
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  local what = string.format("impact.plot.run: %s against %s, %d samples, %d impacts", table.concat(ys, ", "), x,
    #run.t, #impacts)
  return gp.render(F, out, { what = what, blocks = blocks, body = body, size = size, run = opts.run,
    command = require("impact.plot").gnuplot })
end

-- The state at time t: linear between the samples around it (q is
-- continuous through impacts).
local function state_at(run, t)
  local T = run.t
  if t <= T[1] then return run.q[1] end
  if t >= T[#T] then return run.q[#T] end
  local lo, hi = 1, #T
  while hi - lo > 1 do
    local mid = (lo + hi) // 2
    if T[mid] <= t then lo = mid else hi = mid end
  end
  local a, b = run.q[lo], run.q[hi]
  local s = T[hi] > T[lo] and (t - T[lo]) / (T[hi] - T[lo]) or 0
  local q = {}
  for i = 1, #a do q[i] = a[i] + s * (b[i] - a[i]) end
  return q
end

-- Light grey-blue (early) to dark blue (late).
local function shade(k, n)
  local s = n > 1 and (k - 1) / (n - 1) or 1
  local function mix(a, b) return math.floor(a + s * (b - a) + 0.5) end
  return string.format("#%02x%02x%02x", mix(0xc6, 0x08), mix(0xdb, 0x30), mix(0xef, 0x6b))
end

function M.frames(run, opts)
  local F = "plot.frames"
  opts = check_fields(F, opts, { "out", "scene", "times", "every", "size", "title", "label", "paths", "run", "enhanced" })
  check_run(F, run)
  local scene = opts.scene or run.system
  if type(scene) ~= "table" or type(scene.bodies) ~= "table" then
    bad(F, "scene", "a scene (impact.scene2d{...}: the run's own when it has one)", scene)
  end
  if 3 * #scene.bodies ~= run.n then
    error(string.format("%s: option 'scene' has %d bodies, the run %d coordinates (3 per body)", F, #scene.bodies, run.n), 0)
  end
  for _, k in ipairs{ "title", "label", "out" } do
    if opts[k] ~= nil and type(opts[k]) ~= "string" then bad(F, k, "a string", opts[k]) end
  end
  local T = run.t
  local times = {}
  if opts.times ~= nil then
    if opts.every ~= nil then error(F .. ": give 'times' or 'every', not both", 0) end
    if type(opts.times) ~= "table" or #opts.times == 0 then bad(F, "times", "a list of instants", opts.times) end
    for i, t in ipairs(opts.times) do
      if not finite(t) then bad(F, string.format("times[%d]", i), "a number", t) end
      times[i] = t
    end
  elseif opts.every ~= nil then
    local k = opts.every
    if not (math.type(k) == "integer" and k >= 1) then bad(F, "every", "a positive integer (every k-th sample)", k) end
    for j = 1, #T, k do times[#times + 1] = T[j] end
  else
    local n = 12
    for j = 0, n - 1 do times[#times + 1] = T[1] + (T[#T] - T[1]) * j / (n - 1) end
  end
  if opts.paths ~= nil and type(opts.paths) ~= "boolean" then bad(F, "paths", "a boolean", opts.paths) end
  if opts.enhanced ~= nil and type(opts.enhanced) ~= "boolean" then bad(F, "enhanced", "a boolean", opts.enhanced) end
  local out = opts.out or "frames.png"
  local blocks, plots = {}, {}
  local x0, x1, y0, y1 = math.huge, -math.huge, math.huge, -math.huge
  local function extend(x, y) x0, x1, y0, y1 = math.min(x0, x), math.max(x1, x), math.min(y0, y), math.max(y1, y) end
  -- the bodies at each instant: one block of polygons, one of disks
  for k, t in ipairs(times) do
    local q = state_at(run, t)
    local polys, disks = {}, {}
    for b, body in ipairs(scene.bodies) do
      local x, y, phi = q[3 * b - 2], q[3 * b - 1], q[3 * b]
      local c, s = math.cos(phi), math.sin(phi)
      local pts = body.points or {}
      if #pts >= 2 then
        for j = 1, #pts + (#pts > 2 and 1 or 0) do
          local p = pts[(j - 1) % #pts + 1]
          local px, py = x + c * p[1] - s * p[2], y + s * p[1] + c * p[2]
          polys[#polys + 1] = { px, py }
          extend(px, py)
        end
        polys[#polys + 1] = {}
      elseif #pts == 1 then
        local p = pts[1]
        local px, py = x + c * p[1] - s * p[2], y + s * p[1] + c * p[2]
        polys[#polys + 1] = { x, y }
        polys[#polys + 1] = { px, py }
        polys[#polys + 1] = {}
        extend(px, py)
      end
      local r = body.radius or 0
      if r > 0 then
        disks[#disks + 1] = { x, y, r }
        -- a spoke shows the disk's turn
        polys[#polys + 1] = { x, y }
        polys[#polys + 1] = { x + r * c, y + r * s }
        polys[#polys + 1] = {}
        extend(x - r, y - r)
        extend(x + r, y + r)
      end
      extend(x, y)
    end
    if polys[#polys] and #polys[#polys] == 0 then polys[#polys] = nil end
    local color = gp.str(shade(k, #times))
    local title = (k == 1 or k == #times) and gp.str(string.format("t = %.4g", t)) or "\"\""
    local titled = false
    if #polys > 0 then
      blocks[#blocks + 1] = { comment = "t = " .. gp.num(t) .. ": bodies' outlines", rows = polys }
      plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 2 lc rgb %s title %s", #blocks - 1, color, title)
      titled = true
    end
    if #disks > 0 then
      blocks[#blocks + 1] = { comment = "t = " .. gp.num(t) .. ": disks x y r", rows = disks }
      plots[#plots + 1] = string.format("data index %d using 1:2:3 with circles lw 2 lc rgb %s fs transparent solid 0.15 border lc rgb %s title %s",
        #blocks - 1, color, color, titled and "\"\"" or title)
    end
  end
  -- the centres' paths
  if opts.paths ~= false then
    for b = 1, #scene.bodies do
      local rows = {}
      for j = 1, #T do
        rows[#rows + 1] = { run.q[j][3 * b - 2], run.q[j][3 * b - 1] }
        extend(rows[#rows][1], rows[#rows][2])
      end
      blocks[#blocks + 1] = { comment = "path of bodies[" .. b .. "]'s centre", rows = rows }
      plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 1 dt 2 lc rgb \"#888888\" title %s",
        #blocks - 1, b == 1 and "\"centre's path\"" or "\"\"")
    end
  end
  -- the box: the bodies and their paths, reaching each line that passes
  -- near them; padded; the lines clipped to it
  local span = math.max(x1 - x0, y1 - y0, 1e-9)
  local lines = {}
  for i, l in ipairs(scene.lines or {}) do
    local px, py, nx, ny = l.point[1], l.point[2], l.normal[1], l.normal[2]
    local len = math.sqrt(nx * nx + ny * ny)
    nx, ny = nx / len, ny / len
    local cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    local d = (cx - px) * nx + (cy - py) * ny
    lines[i] = { mx = cx - d * nx, my = cy - d * ny, nx = nx, ny = ny, near = math.abs(d) < 2 * span }
  end
  for _, l in ipairs(lines) do if l.near then extend(l.mx, l.my) end end
  span = math.max(x1 - x0, y1 - y0, 1e-9)
  x0, x1, y0, y1 = x0 - 0.1 * span, x1 + 0.1 * span, y0 - 0.1 * span, y1 + 0.1 * span
  for i, l in ipairs(lines) do
    local L = 4 * (x1 - x0 + y1 - y0)
    local tx, ty = -l.ny, l.nx
    local rows = { { l.mx - L * tx, l.my - L * ty }, { l.mx + L * tx, l.my + L * ty } }
    -- hatching on the solid side
    local h = 0.03 * span
    local hatch = {}
    for j = -100, 100 do
      local ax, ay = l.mx + j * 2 * h * tx, l.my + j * 2 * h * ty
      hatch[#hatch + 1] = { ax, ay }
      hatch[#hatch + 1] = { ax - h * l.nx - h * tx, ay - h * l.ny - h * ty }
      hatch[#hatch + 1] = {}
    end
    blocks[#blocks + 1] = { comment = "lines[" .. i .. "]", rows = rows }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 2 lc rgb \"black\" notitle", #blocks - 1)
    blocks[#blocks + 1] = { comment = "lines[" .. i .. "] hatching", rows = hatch }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw 1 lc rgb \"black\" notitle", #blocks - 1)
  end
  -- a box not too thin either way (the tic labels need room), then the
  -- canvas fitted to it: its longer side 760 px of plot area,
  -- room for the labels and the legend, never narrower than the legend
  local ax, ay = x1 - x0, y1 - y0
  if ax < 0.6 * ay then
    local c = (x0 + x1) / 2
    x0, x1, ax = c - 0.3 * ay, c + 0.3 * ay, 0.6 * ay
  elseif ay < 0.3 * ax then
    local c = (y0 + y1) / 2
    y0, y1, ay = c - 0.15 * ax, c + 0.15 * ax, 0.3 * ax
  end
  local long = math.max(ax, ay)
  local w = math.floor(math.max(660, 130 + 760 * ax / long))
  local h = math.floor(math.max(320, 190 + 760 * ay / long))
  local size = size_of(F, opts.size, out, { w, h })
  -- x tics far enough apart for their labels: at equal scales a tall scene
  -- on a small canvas (size = "column") has a narrow plot area, where
  -- gnuplot's default spacing overprints them. The plot area's width (in
  -- the canvas' units, the font's points) less the margins (about 11 text
  -- lines of height, 90 of width); a label about 40 wide with its gap.
  local pw = math.max(50, math.min(size[1] - 90, (size[2] - 150) * ax / ay))
  local raw = ax / math.max(1, math.floor(pw / 40))
  local p10 = 10 ^ math.floor(math.log(raw, 10))
  local xstep = 10 * p10
  for _, k in ipairs{ 1, 2, 5 } do
    if k * p10 >= raw * (1 - 1e-9) then xstep = k * p10 break end
  end
  local key, bmargin
  if ay > ax and size[1] > 400 then
    key, bmargin = "set key outside right center vertical", "set bmargin"
  else
    local titles = { string.format("t = %.4g", times[1]), string.format("t = %.4g", times[#times]) }
    if opts.paths ~= false then titles[#titles + 1] = "centre's path" end
    local rows
    key, bmargin, rows = lib.key_below(titles, size)
    -- a preset's canvas taller by the legend's rows, the scene keeping its room
    if type(opts.size) == "string" then size[2] = size[2] + math.ceil((rows + 2) * lib.LINE_H) end
  end
  -- y tics far enough apart for their labels too: the plot area's height
  -- (the canvas less the title, the x tics and label and the legend; at
  -- equal scales no more than the width allows), a line and a half a label
  -- (a tall rod's 0 .. 8 on a column ran together)
  local tlines = select(2, (opts.title or opts.label or ""):gsub("\n", "")) + 2
  local bm = tonumber(bmargin:match("%d+")) or 3
  local ph = math.min(size[2] - (tlines + bm + 1) * lib.LINE_H, (size[1] - 90) * ay / ax)
  local ystep = lib.tic_step(y0, y1, math.max(30, ph), true)
  local body = {
    -- wrapped for the canvas (on a column's, a one-line title ran past both edges)
    "set title " .. gp.str(lib.title(lib.text(opts, opts.title or opts.label) or string.format("%d instants, t = %.4g .. %.4g", #times,
      times[1], times[#times]), size)),
    "set xlabel \"x\"",
    "set ylabel \"y\"",
    "set size ratio -1",
    "set clip two",
    string.format("set xrange [%s:%s]", gp.num(x0), gp.num(x1)),
    string.format("set yrange [%s:%s]", gp.num(y0), gp.num(y1)),
    "set tics out",
    "set xtics " .. gp.num(xstep),
    ystep and "set ytics " .. gp.num(ystep) or "set ytics autofreq",
    -- a tall scene on a wide canvas leaves room beside it, where the key
    -- cannot meet the x label; on a narrow one (a column's) the key beside
    -- it took half the width, so it goes in columns at the canvas' foot,
    -- below the x label (gnuplot's own 'outside below' overprinted it)
    key, bmargin,
    "plot " .. table.concat(plots, ", \\\n     "),
  }
  local what = string.format("impact.plot.frames: %d bodies at %d instants", #scene.bodies, #times)
  return gp.render(F, out, { what = what, blocks = blocks, body = body, size = size, run = opts.run,
    command = require("impact.plot").gnuplot })
end

return M
