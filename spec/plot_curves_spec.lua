-- impact.plot.curves: named curves y(x) with a legend (data blocks in
-- order, the script's styles, the options checked before anything is
-- written).
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

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
    assert.matches("data index 0 using 1:2 with lines lw 2 lc rgb \"#4575b4\" title \"x^2\"", gp, 1, true)
    assert.matches("data index 1 using 1:2 with linespoints lw 2 lc rgb \"#123456\" dt 2 pt 7 ps 1.3 title \"x^3\"", gp, 1, true)
    if has_gnuplot then assert.are.equal("\137PNG", slurp(out.png):sub(1, 4)) end
  end)

  it("names what is wrong", function()
    assert.has_error(function() impact.plot.curves({}) end,
      "plot.curves: argument 1 must be a list of curves {x = {...}, y = {...}, title =}, got an empty table")
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
