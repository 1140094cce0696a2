-- impact.plot.curves: named curves y(x) with a legend (data blocks in
-- order, the script's styles, the options checked before anything is
-- written), and the sweep form: columns against a column, one data block
-- per curve in increasing x, breaks at NaN, shaded bands, bad options named.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

local function slurp(path) return (scratch.read(path)) end   -- nil when absent

local SQUARES = { x = { 0, 0.5, 1 }, y = { 0, 0.25, 1 }, title = "x^2" }
local CUBES = { x = { 0, 0.5, 1 }, y = { 0, 0.125, 1 }, title = "x^3", style = "linespoints",
                point = 7, dash = true, color = "#123456" }

describe("impact.plot.curves", function()
  it("writes one data block per curve and a script with each curve's style", function()
    local dir = scratch.subdir()
    local out = impact.plot.curves({ SQUARES, CUBES }, { out = dir .. "/p.png", run = has_gnuplot,
      title = "powers", xlabel = "alpha (rad)", ylabel = "w'/w", key = "top left", yrange = { -0.1, 1.1 },
      xtics = { { 0, "none" }, { 1, "all" } } })
    assert.are.equal(dir .. "/p.png", out.png)
    local dat, gp = slurp(out.data), slurp(out.script)
    assert.matches("# block 0: x^2: x y\n0 0\n0.5 0.25\n1 1\n\n\n# block 1: x^3: x y\n0 0\n0.5 0.125\n1 1\n", dat, 1, true)
    assert.matches("set xlabel \"alpha (rad)\"", gp, 1, true)
    assert.matches("set key top left", gp, 1, true)
    assert.matches("set yrange [-0.1:1.1]", gp, 1, true)
    assert.matches("set xtics (\"none\" 0, \"all\" 1)", gp, 1, true)
    -- the user's titles shown as written: ^ escaped for gnuplot's enhanced text
    assert.matches("data index 0 using 1:2 with lines lw 2 lc rgb \"#4575b4\" title \"x\\\\^2\"", gp, 1, true)
    assert.matches("data index 1 using 1:2 with linespoints lw 2 lc rgb \"#123456\" dt 2 pt 7 ps 1.3 title \"x\\\\^3\"", gp, 1, true)
    -- enhanced = true: the user's markup (a superscript)
    gp = slurp(impact.plot.curves({ SQUARES }, { out = dir .. "/q.png", run = false, enhanced = true }).script)
    assert.matches("title \"x^2\"", gp, 1, true)
    if has_gnuplot then assert.are.equal("\137PNG", slurp(out.png):sub(1, 4)) end
  end)

  it("names what is wrong", function()
    assert.has_error(function() impact.plot.curves({}) end,
      "plot.curves: argument 1 must be a list of curves {x = {...}, y = {...}, title =} or a sweep result (or its CSV or JSON file), got an empty table")
    assert.has_error(function() impact.plot.curves({ { x = { 1, 2 }, y = { 1 } } }, { run = false }) end,
      "plot.curves: option 'curves[1].x' must be a list of numbers as long as curves[1].y, got a table")
    assert.has_error(function() impact.plot.curves({ { x = { 1 }, y = { 1 }, style = "bars" } }, { run = false }) end,
      "plot.curves: field 'curves[1].style' must be \"lines\", \"points\" or \"linespoints\", got bars")
    assert.has_error(function() impact.plot.curves({ SQUARES }, { key = "middle" }) end,
      "plot.curves: option 'key' must be a legend place (\"outside below\", \"outside right\", \"top left\", \"top right\", \"bottom left\", \"bottom right\"), got \"middle\"")
    assert.has_error(function() impact.plot.curves({ SQUARES }, { xlable = "x" }) end)
    assert.has_error(function() impact.plot.curves({ SQUARES }, { xtics = { { 1, 2 } } }) end,
      "plot.curves: option 'xtics[1]' must be a tic {x, \"label\"}, got a table")
  end)

  it("has a help page reachable from the function", function()
    assert.is_truthy(impact.help.text(impact.plot.curves))
    assert.is_truthy(impact.help.text("plot.curves"))
  end)
end)

-- The data lines of block k (0-based) of a .dat file, blank lines kept.
local function block(dat, k)
  local body = (dat .. "\n\n\n"):match("# block " .. k .. ": [^\n]*\n(.-)\n\n\n")
  local lines = {}
  for line in (body .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  return lines
end

-- x given in decreasing order; newton NaN at x = 3 and negative at x = 5.
local function sweep()
  return impact.sweep{ vary = { x = { 5, 4, 3, 2, 1 } }, solve = function(p)
    return { newton = p.x == 3 and 0 / 0 or (p.x == 5 and -1 or p.x * p.x),
             poisson = 1 / p.x, mode = "sliding" }
  end }
end

describe("impact.plot.curves", function()
  local dir
  before_each(function() dir = scratch.subdir() end)
  teardown(function() scratch.clean() end)

  it("writes one block per curve in increasing x, broken at a NaN", function()
    local out = impact.plot.curves(sweep(), { x = "x", y = { "newton", { "poisson", title = "Poisson", dash = true } },
      out = dir .. "/c.png", run = false })
    local gp, dat = slurp(out.script), slurp(out.data)
    assert.are.same({ "1 1", "2 4", "", "4 16", "5 -1" }, block(dat, 0))
    assert.are.same({ "1 1", "2 0.5", "3 0.3333333333333333", "4 0.25", "5 0.2" }, block(dat, 1))
    -- the laws keep the colours of the maps: Newton red, Poisson blue
    assert.matches('data index 0 using 1:2 with lines lw 2 lc rgb "#d73027" title "newton"', gp, 1, true)
    assert.matches('data index 1 using 1:2 with lines lw 2 lc rgb "#4575b4" dt 2 title "Poisson"', gp, 1, true)
    assert.matches('set xlabel "x"', gp, 1, true)
  end)

  it("drops what a logarithmic axis cannot show and shades bands behind the curves", function()
    local out = impact.plot.curves(sweep(), { x = "x", y = "newton", logy = true, out = dir .. "/l.png", run = false,
      bands = { { 1.5, 2.5, title = "gain" }, { 3.5, 4.5, title = "gain" }, { 4.6, 4.8, color = "#cccccc" } },
      lines = { { x = { 1, 5 }, y = { 1, 1 }, dash = true, title = "level 1" } } })
    local gp, dat = slurp(out.script), slurp(out.data)
    assert.are.same({ "1 1", "2 4", "", "4 16" }, block(dat, 0))
    assert.are.same({ "1 1", "5 1" }, block(dat, 1))
    assert.matches("set logscale y", gp, 1, true)
    assert.matches('set object 1 rect from first 1.5, graph 0 to first 2.5, graph 1 behind fc rgb "#fdae61"', gp, 1, true)
    assert.matches('set object 3 rect from first 4.6, graph 0 to first 4.8, graph 1 behind fc rgb "#cccccc"', gp, 1, true)
    -- one legend entry per band title
    local _, keys = gp:gsub("keyentry", "")
    assert.are.equal(1, keys)
    assert.matches('data index 1 using 1:2 with lines lw 1 dt 2 lc rgb "black" title "level 1"', gp, 1, true)
  end)

  it("names what it cannot plot", function()
    local s = sweep()
    local function err(opts)
      opts.run, opts.out = false, dir .. "/e.png"
      local ok, msg = pcall(impact.plot.curves, s, opts)
      assert.is_false(ok)
      return msg
    end
    assert.are.equal("plot.curves: field 'x' must name a column of the sweep (columns: x, newton, poisson, mode), got q",
      err{ x = "q", y = "newton" })
    assert.are.equal("plot.curves: field 'y' must name a numeric column, 'mode' holds \"sliding\" at row 1",
      err{ x = "x", y = "mode" })
    -- a y that names no column is blamed on y, even with x missing too
    assert.are.equal("plot.curves: field 'y' must name a column of the sweep (columns: x, newton, poisson, mode), got nope",
      err{ x = "q", y = "nope" })
    assert.are.equal("plot.curves: field 'y[2]' must name a column of the sweep (columns: x, newton, poisson, mode), got nope",
      err{ x = "x", y = { "newton", "nope" } })
    assert.are.equal("plot.curves: option 'group' must name a column of the sweep (columns: x, newton, poisson, mode), got \"law\"",
      err{ x = "x", y = "newton", group = "law" })
    assert.are.equal("plot.curves: y[2]: unknown field 'titel' (did you mean 'title'?)",
      err{ x = "x", y = { "newton", { "poisson", titel = "P" } } })
    assert.are.equal("plot.curves: option 'y[1].dash' must be true, false, a dash type (1, 2, ...) or a pattern of '.', '-', '_' and spaces, got \"x\"",
      err{ x = "x", y = { { "newton", dash = "x" } } })
    assert.are.equal("plot.curves: option 'y' must be a column name or a list of curves, got a table",
      err{ x = "x", y = {} })
    assert.are.equal("plot.curves: option 'bands[1]' must be {lo, hi} with numbers lo < hi, got a table",
      err{ x = "x", y = "newton", bands = { { 2, 1 } } })
    assert.matches("unknown field 'ylog'", err{ x = "x", y = "newton", ylog = true }, 1, true)
  end)

  it("renders a PNG with gnuplot and has its help page", function()
    assert.is_truthy(impact.help.text(impact.plot.curves))
    assert.is_truthy(impact.help.text("plot.curves"))
    if not has_gnuplot then return pending("gnuplot not installed") end
    local out = impact.plot.curves(sweep(), { x = "x", y = { "newton", "poisson" }, out = dir .. "/r.png",
      bands = { { 1.5, 2.5, title = "gain" } } })
    local png = slurp(out.png)
    assert.are.equal("\137PNG\r\n\26\n", png:sub(1, 8))
    assert.matches("<svg", slurp(out.svg), 1, true)
  end)
end)
