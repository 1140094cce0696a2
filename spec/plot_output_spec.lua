-- impact.plot: the published models' paths, bad arguments and option values
-- named, PDF and EPS output, each path's labels in its colour, log-axis
-- tiles without seams.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

local function slurp(path) return (scratch.read(path)) end   -- nil when absent

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- The rows of the data blocks whose comment starts with `what`.
local function block_rows(dat, what)
  local rows = {}
  for comment, body in (dat .. "\n\n"):gmatch("# block %d+: ([^\n]*)\n(.-)\n\n") do
    if comment:sub(1, #what) == what then
      local b = {}
      for line in body:gmatch("[^\n]+") do b[#b + 1] = line end
      rows[#rows + 1] = { comment = comment, lines = b }
    end
  end
  return rows
end

local ROD = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
local function rod(extra)
  local t = {}
  for k, v in pairs(ROD) do t[k] = v end
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

describe("impact.plot (issue 12)", function()
  local dir
  before_each(function() dir = scratch.subdir() end)
  teardown(function() scratch.clean() end)

  it("draws the published models' results (solve2d{model = ...}) with their paths", function()
    for _, m in ipairs{ "kane", "brach", "smith", "newton-frictionless", "glocker-pfeiffer", "cs" } do
      local r = impact.solve2d(rod{ model = m })
      assert.are.equal(2.5, r.B1)
      assert.are.equal(1.5, r.B3)
      local out = impact.plot.path(r, { out = dir .. "/" .. m .. ".png", run = false })
      local gp, dat = slurp(out.script), slurp(out.data)
      assert.matches("impulse path, model " .. m:gsub("%-", "%%-"), gp)
      assert.matches("(model " .. m .. ")", gp, 1, true)
      -- the path block holds the model's vertices, the end last
      local path = block_rows(dat, "path 1")[1].lines
      assert.are.equal(#r.path, #path)
      local x, y = path[#path]:match("^(%S+) (%S+)")
      assert.is.near(r.Px, tonumber(x), 1e-12)
      assert.is.near(r.Py, tonumber(y), 1e-12)
      assert.matches("S: sticking line (S = 0): 2.5*Px + -1.5*Py + 0.6 = 0", dat, 1, true)
    end
    -- Poisson's models draw their termination from the compression impulse.
    local gp = impact.plot.path(impact.solve2d(rod{ model = "cs" }), { out = dir .. "/t.png", run = false })
    assert.matches("T: Poisson termination P_y = (1+e) P_c", slurp(gp.script), 1, true)
    -- several models of one problem in one diagram, named in the legend
    local both = impact.plot.path({ impact.solve2d(rod()), impact.solve2d(rod{ model = "kane" }) },
      { out = dir .. "/both.png", run = false })
    -- named by what tells them apart: the model (the laws and mu are the same)
    assert.matches("title \"kane, μ = 0.3: ", slurp(both.script), 1, true)
    -- impact.compare's result: every model's path, in its order, each in
    -- its colour; the lines the models share drawn once
    local c = impact.compare(rod())
    local cmp = impact.plot.path(c, { out = dir .. "/cmp.png", run = false })
    local cgp, cdat = slurp(cmp.script), slurp(cmp.data)
    local order = getmetatable(c).order
    local names, colours = {}, {}
    for idx, col, name in cgp:gmatch('data index (%d+) using 1:2 with linespoints lw 3 pt 7 ps 1%.3 lc rgb "([^"]+)" title "([^,]+),') do
      names[#names + 1] = name:gsub("\\_", "_")
      colours[col] = true
      local rows = block_rows(cdat, "path " .. (tonumber(idx) + 1) .. " ")[1].lines
      assert.are.equal(#c[order[#names]].path, #rows)
    end
    assert.are.same(order, names)
    local ncol = 0
    for _ in pairs(colours) do ncol = ncol + 1 end
    assert.are.equal(#order, ncol)
    local _, newton = cgp:gsub("T: Newton termination", "")
    local _, limiting = cgp:gsub("P_x = %- μ P_y", "")
    assert.are.equal(1, newton)
    assert.are.equal(1, limiting)
    if has_gnuplot then
      local p = impact.plot.path(impact.solve2d(rod{ model = "kane" }), { out = dir .. "/kane.png" })
      assert.are.equal("\137PNG", slurp(p.png):sub(1, 4))
    end
  end)

  it("names the argument that is not a result", function()
    assert.has_error(function() impact.plot.path(nil) end,
      "plot.path: argument 1 must be a solve2d result (or a list of them), got nil")
    assert.has_error(function() impact.plot.path() end,
      "plot.path: argument 1 must be a solve2d result (or a list of them), got nil")
    assert.has_error(function() impact.plot.path(42) end,
      "plot.path: argument 1 must be a solve2d result (or a list of them), got number")
    assert.has_error(function() impact.plot.map(nil) end,
      "plot.map: argument 1 must be a sweep result (or its CSV or JSON file), got nil")
    assert.has_error(function() impact.plot.hodograph(nil) end,
      "plot.hodograph: argument 1 must be a solve3d result, got nil")
    assert.has_error(function() impact.plot.path(impact.solve2d(rod()), 5) end,
      "plot.path: argument 2 (options) must be a table, got number")
  end)

  it("checks the options' values before writing a script", function()
    local s = impact.sweep{ vary = { x = impact.range(0, 1, 3), y = impact.range(0, 1, 3) },
      solve = function(p) return { v = p.x + p.y } end }
    local function map(opts)
      opts.x, opts.y, opts.out, opts.run = "x", "y", dir .. "/m.png", false
      return impact.plot.map(s, opts)
    end
    local function line(extra)
      local l = { x = { 0, 1 }, y = { 0, 1 } }
      for k, v in pairs(extra) do l[k] = v end
      return { lines = { l } }
    end
    -- dash: true (dashed), a dash type, a pattern
    assert.matches("with lines lw 2 dt 2 lc rgb \"black\"", slurp(map(line{ dash = true }).script), 1, true)
    assert.matches("with lines lw 2 lc rgb \"black\"", slurp(map(line{ dash = false }).script), 1, true)
    assert.matches("with lines lw 2 dt 3 lc", slurp(map(line{ dash = 3 }).script), 1, true)
    assert.matches("with lines lw 2 dt \"-.\" lc", slurp(map(line{ dash = "-." }).script), 1, true)
    assert.has_error(function() map(line{ dash = {} }) end,
      "plot.map: option 'lines[1].dash' must be true, false, a dash type (1, 2, ...) or a pattern of '.', '-', '_' and spaces, got a table")
    assert.has_error(function() map(line{ dash = "dashed" }) end,
      "plot.map: option 'lines[1].dash' must be true, false, a dash type (1, 2, ...) or a pattern of '.', '-', '_' and spaces, got \"dashed\"")
    assert.has_error(function() map(line{ width = -1 }) end,
      "plot.map: option 'lines[1].width' must be a positive number, got -1")
    assert.has_error(function() map(line{ color = 1 }) end,
      "plot.map: option 'lines[1].color' must be a colour name or \"#rrggbb\", got 1")
    assert.has_error(function() map(line{ y = { 0, "a" } }) end,
      "plot.map: option 'lines[1].y[2]' must be a number, got \"a\"")
    assert.has_error(function() map{ lines = { 1 } } end,
      "plot.map: option 'lines[1]' must be a table {x = {...}, y = {...}}, got 1")
    assert.has_error(function() map{ logy = "yes" } end, "plot.map: option 'logy' must be a boolean, got \"yes\"")
    assert.has_error(function() map{ crange = { 1, 0 } } end,
      "plot.map: option 'crange' must be {lo, hi} with numbers lo < hi, got a table")
    assert.has_error(function() map{ title = 3 } end, "plot.map: option 'title' must be a string, got 3")
    assert.has_error(function() impact.plot.path(impact.solve2d(rod()), { size = { 0, 10 } }) end,
      "plot.path: option 'size' must be {width, height} in pixels, points for PDF and EPS (positive integers), or a preset (\"column\", \"full\", \"slide\"), got a table whose [1] is 0")
    assert.has_error(function() impact.plot.map(s, { x = "x", y = "y", size = "poster" }) end,
      "plot.map: option 'size' must be {width, height} in pixels, points for PDF and EPS (positive integers), or a preset (\"column\", \"full\", \"slide\"), got \"poster\"")
    assert.has_error(function() impact.plot.path(impact.solve2d(rod()), { ellipse = 1 }) end,
      "plot.path: option 'ellipse' must be a boolean, got 1")
    assert.has_error(function() impact.plot.hodograph({}, { out = 7 }) end,
      "plot.hodograph: option 'out' must be a string, got 7")
    assert.has_error(function() map{ logx = true, x = "x" } end)   -- x = 0 on a log axis
    assert.has_error(function() impact.plot.map(s, { x = "x", y = "y", logx = true, run = false }) end,
      "plot.map: option 'logx' needs positive values of column 'x', got 0 at row 1")
  end)

  it("renders PDF and EPS for papers, chosen by out's extension", function()
    local r = impact.solve2d(rod())
    local a = impact.plot.path(r, { out = dir .. "/rod.pdf", run = false })
    assert.are.equal(dir .. "/rod.pdf", a.pdf)
    assert.are.equal(a.pdf, a.file)
    assert.is_nil(a.png)
    local gp = slurp(a.script)
    assert.matches('set terminal pdfcairo size 12.5in,9.722in enhanced font "Sans,11" fontscale 1 linewidth 2', gp, 1, true)
    assert.matches('set output "rod.pdf"', gp, 1, true)
    assert.is_nil(gp:find("svg", 1, true))
    local e = impact.plot.path(r, { out = dir .. "/rod.eps", run = false, size = { 360, 288 } })
    assert.matches('set terminal epscairo size 5in,4in', slurp(e.script), 1, true)
    -- PNG stays the default, with an SVG beside it; .svg names the same pair
    local p = impact.plot.path(r, { out = dir .. "/plain", run = false })
    assert.are.equal(dir .. "/plain.png", p.png)
    assert.are.equal(dir .. "/plain.svg", p.svg)
    assert.are.equal(dir .. "/s.png", impact.plot.path(r, { out = dir .. "/s.svg", run = false }).png)
    assert.has_error(function() impact.plot.path(r, { out = dir .. "/rod.jpg" }) end,
      "plot.path: option 'out' must end in .png, .svg, .pdf or .eps (or have no extension: PNG), got \"" .. dir .. "/rod.jpg\"")
    if not has_gnuplot then pending("gnuplot is not installed") return end
    for _, f in ipairs{ "pdf", "eps" } do
      local out = impact.plot.path(r, { out = dir .. "/g." .. f })
      local body = slurp(out[f])
      if f == "pdf" then assert.are.equal("%PDF", body:sub(1, 4))
      else assert.are.equal("%!PS-Adobe-3.0 EPSF-3.0", body:match("^[^\n]+")) end
      assert.is_true(#body > 2000)
      assert.is_false(exists(dir .. "/g." .. f .. ".png"))
      assert.is_false(exists(dir .. "/g.png"))
      local m = impact.plot.map(impact.sweep{ vary = { x = { 1, 2 }, y = { 1, 2 } },
        solve = function(q) return { v = q.x * q.y } end }, { x = "x", y = "y", color = "v", out = dir .. "/map." .. f })
      assert.is_true(exists(m[f]))
    end
  end)

  it("draws each path's event labels in its colour, next to their points", function()
    local rs = {}
    for i, mu in ipairs{ 0.2, 0.3, 0.45, 0.6 } do rs[i] = impact.solve2d(rod{ mu = mu }) end
    local out = impact.plot.path(rs, { out = dir .. "/multi.png", run = false })
    local gp, dat = slurp(out.script), slurp(out.data)
    local colours = {}
    for i, c in gp:gmatch('data index (%d+) using 1:2 with linespoints lw 3 pt 7 ps 1.3 lc rgb "([^"]+)"') do
      colours[tonumber(i) + 1] = c
    end
    assert.are.same({ "black", "#d01c8b", "#8c510a", "#e66101" }, colours)
    local blocks = block_rows(dat, "event labels of path ")
    assert.are.equal(4, #blocks)
    local px = 1.25 * 0.6 / 420      -- a pixel in data units (y1 / 420), about
    for k, b in ipairs(blocks) do
      local i = tonumber(b.comment:match("^event labels of path (%d+)"))
      -- drawn in path i's colour
      local index = tonumber(gp:match("data index (%d+) using 4:5:3 with labels left font \",10\" tc rgb \"" ..
        colours[i]:gsub("#", "%%#") .. "\" notitle"))
      assert.is_truthy(index, "labels of path " .. i)
      -- each label belongs to a vertex of path i, and sits within a few lines of it
      for _, line in ipairs(b.lines) do
        local x, y, text, lx, ly = line:match('^(%S+) (%S+) "(.-)" (%S+) (%S+)$')
        x, y, lx, ly = tonumber(x), tonumber(y), tonumber(lx), tonumber(ly)
        local found = false
        for _, v in ipairs(rs[i].path) do
          if math.abs(v.Px - x) < 1e-9 and math.abs(v.Py - y) < 1e-9 and text:find(v.event, 1, true) then found = true end
        end
        assert.is_true(found, text .. " of path " .. i)
        assert.is_true(math.abs(ly - y) <= 3.2 * 15 * px, text .. ": label too far from its point")
        -- (a character 7.7 points, as the PNGs draw it and place_labels counts it)
        assert.is_true(math.abs(lx - x) <= (#text + 2) * 7.7 * px, text .. ": label too far from its point")
      end
      assert.is_true(k >= 1)
    end
    -- the shared start is drawn once (for path 1)
    assert.matches('"start"', table.concat(blocks[1].lines, "\n"))
    for k = 2, 4 do assert.is_nil(table.concat(blocks[k].lines, "\n"):find('"start"', 1, true)) end
  end)

  it("meets the tiles of a log axis at geometric means, overlapping (no seams), and pads the legend", function()
    local s = impact.sweep{ vary = { x = { 1, 2, 3 }, y = { 1, 10, 100 } },
      solve = function(p) return { v = p.x, mode = p.x > 1 and "sliding" or "C-sticking" } end }
    local out = impact.plot.map(s, { x = "x", y = "y", color = "v", logy = true, tiles = true,
      out = dir .. "/log.png", run = false, lines = { { x = { 1, 3 }, y = { 1, 100 }, title = "diagonal" } } })
    local gp, dat = slurp(out.script), slurp(out.data)
    local lo, hi = gp:match("set yrange %[(%S+):(%S+)%]")
    assert.is.near(10 ^ -0.5, tonumber(lo), 1e-12)
    assert.is.near(10 ^ 2.5, tonumber(hi), 1e-9)
    assert.matches("set logscale y", gp, 1, true)
    -- below the map, at the canvas' foot (gnuplot's 'outside below' met the x label), with its rows' room
    assert.matches("set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 1 samplen 2.5\n", gp, 1, true)
    assert.matches("set bmargin 5\n", gp, 1, true)
    local ylo, yhi = {}, {}
    for line in dat:gmatch("[^\n]+") do
      local x, y, _, _, a, b = line:match("^(%S+) (%S+) (%S+) (%S+) (%S+) (%S+) %S+$")
      if x == "1" then ylo[tonumber(y)], yhi[tonumber(y)] = tonumber(a), tonumber(b) end
    end
    assert.is.near(math.sqrt(10), ylo[10], 1e-12)
    assert.is.near(math.sqrt(1000), ylo[100], 1e-9)
    -- each tile reaches a little (under a pixel: the axis spans 1000 over
    -- some 490 pixels) into the next
    for _, y in ipairs{ 1, 10 } do
      local next = ylo[y * 10]
      assert.is_true(yhi[y] > next and yhi[y] < next * 1000 ^ (1 / 490), string.format("%g %g", yhi[y], next))
    end
  end)
end)
