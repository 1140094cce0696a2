local impact = require("impact")

local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

local function tmpdir()
  local t = os.tmpname()
  os.remove(t)
  assert(os.execute("mkdir -p '" .. t .. "'"))
  return t
end

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function is_png(path)
  local s = slurp(path)
  return s ~= nil and s:sub(1, 8) == "\137PNG\r\n\26\n" and #s > 1000
end

-- WM92 case 2 (rod, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5, Poisson): C-reversed,
-- written out as a solve2d result so the plot does not depend on the solver.
local ROD = {
  B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu_s = 0.3, mu_k = 0.3, e = 0.5,
  law = "poisson", mode = "C-reversed", Pc = 0.370732,
  path = {
    { Px = 0, Py = 0, event = "start" },
    { Px = -0.08, Py = 4 / 15, event = "reverse" },
    { Px = -0.08 + 0.3 * (0.370732 - 4 / 15), Py = 0.370732, event = "max-compression" },
    { Px = 0.006829, Py = 0.556098, event = "end" },
  },
}

local function grid_sweep()
  return impact.sweep{ vary = { x = impact.range(0, 1, 11), y = impact.range(0, 2, 6) },
    solve = function(p)
      return { v = p.x * p.y, mode = p.x > p.y / 2 and "sliding" or "C-sticking" }
    end }
end

describe("impact.plot", function()
  local dir
  before_each(function() dir = tmpdir() end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  it("writes the impulse-space diagram's data and an editable script", function()
    local out = impact.plot.path(ROD, { out = dir .. "/rod.png", run = false })
    assert.are.equal(dir .. "/rod.gp", out.script)
    local gp = slurp(out.script)
    assert.matches("set output \"rod.png\"", gp, 1, true)
    assert.matches("set output \"rod.svg\"", gp, 1, true)
    for _, title in ipairs{ "S: sticking line (S = 0)", "C: maximum compression (C = 0)",
                            "Poisson termination", "L: limiting friction", "impulse path" } do
      assert.matches(title, gp, 1, true)
    end
    local dat = slurp(out.data)
    assert.matches("\n0 0 \"start\"\n", dat, 1, true)
    assert.matches("\"reverse\"", dat, 1, true)
    assert.matches("\"max-compression\"", dat, 1, true)
    -- The sticking line S0 + B1*Px - B3*Py = 0 is written with its coefficients.
    assert.matches("S: sticking line (S = 0): 2.5*Px + -1.5*Py + 0.6 = 0", dat, 1, true)
  end)

  it("draws the Newton termination line for a Newton result", function()
    local r = {}
    for k, v in pairs(ROD) do r[k] = v end
    r.law = "newton"
    local out = impact.plot.path(r, { out = dir .. "/n.png", run = false })
    assert.matches("Newton termination", slurp(out.script), 1, true)
  end)

  it("renders PNG and SVG with gnuplot", function()
    if not has_gnuplot then pending("gnuplot is not installed") return end
    local a = impact.plot.path(ROD, { out = dir .. "/rod.png" })
    assert.is_true(is_png(a.png))
    assert.matches("<svg", slurp(a.svg), 1, true)
    local s = grid_sweep()
    local b = impact.plot.map(s, { x = "x", y = "y", out = dir .. "/modes.png" })
    assert.is_true(is_png(b.png))
    local c = impact.plot.map(s, { x = "x", y = "y", color = "v", out = dir .. "/v.png" })
    assert.is_true(is_png(c.png))
    local h = {}
    for i = 0, 20 do h[#h + 1] = { p = i / 20, x = 0.4 - 0.5 * i / 20, z = 0.05 * i / 20 } end
    local d = impact.plot.hodograph({ hodograph = h, mode = "sliding", law = "poisson" },
      { out = dir .. "/h.png" })
    assert.is_true(is_png(d.png))
    -- solve3d's own form: columns p, x, z.
    local cols = { p = {}, x = {}, z = {} }
    for i, v in ipairs(h) do cols.p[i], cols.x[i], cols.z[i] = v.p, v.x, v.z end
    local e = impact.plot.hodograph({ hodograph = cols, mode = "sliding" }, { out = dir .. "/h2.png" })
    assert.are.equal(slurp(d.data), slurp(e.data))
  end)

  it("makes categorical mode maps with a legend", function()
    -- An even, complete grid: one RGB image, a legend entry per mode.
    local out = impact.plot.map(grid_sweep(), { x = "x", y = "y", out = dir .. "/m.png", run = false })
    local gp = slurp(out.script)
    assert.matches("with rgbimage", gp, 1, true)
    assert.matches("keyentry with boxes fs solid 1.0 lc rgb \"#4575b4\" title \"sliding\"", gp, 1, true)
    assert.matches("title \"C-sticking\"", gp, 1, true)
    local dat = slurp(out.data)
    assert.matches("mode: sliding = #4575b4, C-sticking = #1a9850", dat, 1, true)
    assert.matches("\n0 0 26 152 80\n", dat, 1, true)   -- (0, 0) sticks: dark green
    -- An uneven grid (log spacing): one block of tiles per mode.
    local s = impact.sweep{ vary = { x = impact.range(0.01, 1, 9, "log"), y = { 0, 1, 2 } },
      solve = function(p) return { mode = p.x > 0.1 and "sliding" or "R-sticking" } end }
    local t = impact.plot.map(s, { x = "x", y = "y", out = dir .. "/t.png", run = false })
    assert.matches("boxxyerror", slurp(t.script), 1, true)
    assert.matches("# block 0: mode = sliding", slurp(t.data), 1, true)
    assert.matches("# block 1: mode = R-sticking", slurp(t.data), 1, true)
  end)

  it("makes scalar maps with a colour bar, and scatter plots of samples", function()
    local out = impact.plot.map(grid_sweep(), { x = "x", y = "y", color = "v", out = dir .. "/v.png", run = false })
    local gp = slurp(out.script)
    assert.matches("using 1:2:3 with image", gp, 1, true)
    assert.matches("set cblabel \"v\"", gp, 1, true)
    local s = impact.sweep{ sample = { n = 30, ranges = { x = { 0, 1 }, y = { 0, 1 } } },
      solve = function(p) return { v = p.x } end }
    local sc = impact.plot.map(s, { x = "x", y = "y", color = "v", out = dir .. "/s.png", run = false })
    assert.matches("using 1:2:7 with points pt 7 ps 0.7 lc palette", slurp(sc.script), 1, true)
  end)

  it("plots a saved sweep read back from its CSV", function()
    local path = dir .. "/sweep.csv"
    local s = impact.sweep{ vary = { x = { 0, 1 }, y = { 0, 1 } }, out = path,
      solve = function(p) return { v = p.x + p.y } end }
    local out = impact.plot.map(path, { x = "x", y = "y", color = "v", out = dir .. "/f.png", run = false })
    assert.is_truthy(slurp(out.data))
    assert.are.equal(4, s.n)
  end)

  it("says clearly when gnuplot is missing, after writing the files", function()
    local keep = impact.plot.gnuplot
    impact.plot.gnuplot = "no-such-gnuplot-here"
    local ok, err = pcall(impact.plot.path, ROD, { out = dir .. "/x.png" })
    impact.plot.gnuplot = keep
    assert.is_false(ok)
    assert.matches("plot.path: gnuplot not found (Debian: apt-get install gnuplot-nox)", err, 1, true)
    assert.is_truthy(slurp(dir .. "/x.gp"))
  end)

  it("rejects what it cannot plot, naming the field", function()
    assert.has_error(function() impact.plot.path({ B1 = 1 }) end,
      "plot.path: field 'B2' must be a number (give a solve2d result)")
    assert.has_error(function() impact.plot.map(grid_sweep(), { x = "nope", y = "y" }) end,
      "plot.map: field 'x' must name a column of the sweep (columns: x, y, v, mode), got nope")
    assert.has_error(function() impact.plot.hodograph({ mode = "sliding" }) end,
      "plot.hodograph: field 'hodograph' must be a list of {p, x, z} (give a solve3d result with method = \"exact\")")
  end)

  it("has help pages reachable from the functions", function()
    for _, name in ipairs{ "path", "map", "hodograph" } do
      assert.is_truthy(impact.help.text(impact.plot[name]))
      assert.is_truthy(impact.help.text("plot." .. name))
    end
  end)
end)
