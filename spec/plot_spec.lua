local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")

local has_gnuplot = os.execute("command -v gnuplot >/dev/null 2>&1") == true

local function tmpdir() return scratch.subdir() end

local function slurp(path) return (scratch.read(path)) end   -- nil when absent

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

  it("fits the colour bar to the data and leaves room for its label", function()
    local s = impact.sweep{ vary = { x = impact.range(0, 1, 5), y = impact.range(0, 1, 5) },
      solve = function(p) return { v = 0.7 + 0.4 * p.x * p.y } end }
    local gp = slurp(impact.plot.map(s, { x = "x", y = "y", color = "v", out = dir .. "/c.png", run = false }).script)
    assert.matches("set cbrange [0.7:1.1]", gp, 1, true)
    assert.matches("set rmargin 14\n", gp, 1, true)   -- tics like 1.05: 4 characters, then the label
    gp = slurp(impact.plot.map(s, { x = "x", y = "y", color = "v", crange = { 0, 2 }, out = dir .. "/d.png", run = false }).script)
    assert.matches("set cbrange [0:2]", gp, 1, true)
  end)

  it("gives each category the same colour whatever order the categories come in", function()
    local function map(first)
      local s = impact.sweep{ vary = { x = impact.range(0, 1, 4), y = { 0, 1 } },
        solve = function(p) return { v = p.x } end }
      s.columns.methods, s.columns.class = {}, {}
      for i = 1, s.n do
        local a = (s.columns.x[i] < 0.5) == first
        s.columns.methods[i] = a and "modes differ" or "same mode"
        s.columns.class[i] = a and "zeta" or "alpha"
      end
      local gp = {}
      for _, c in ipairs{ "methods", "class" } do
        gp[c] = slurp(impact.plot.map(s, { x = "x", y = "y", color = c, out = dir .. "/" .. c .. ".png",
          run = false }).script)
      end
      return gp
    end
    local a, b = map(true), map(false)
    for _, gp in ipairs{ a, b } do
      assert.matches('lc rgb "#d73027" title "modes differ"', gp.methods, 1, true)
      assert.matches('lc rgb "#c6dbef" title "same mode"', gp.methods, 1, true)
      assert.is_truthy(gp.methods:find('"modes differ".*"same mode"'))   -- legend in name order
    end
    assert.are.equal(a.class:match('lc rgb ("#%x+") title "zeta"'), b.class:match('lc rgb ("#%x+") title "zeta"'))
    assert.are_not.equal(a.class:match('lc rgb ("#%x+") title "zeta"'), a.class:match('lc rgb ("#%x+") title "alpha"'))
  end)

  it("draws overlay lines dashed and wide on request", function()
    local gp = slurp(impact.plot.map(grid_sweep(), { x = "x", y = "y", out = dir .. "/o.png", run = false,
      lines = { { x = { 0, 1 }, y = { 0, 2 }, title = "a", color = "#00e5ff", dash = "-", width = 3 } } }).script)
    assert.matches('with lines lw 3 dt "-" lc rgb "#00e5ff" title "a"', gp, 1, true)
  end)

  it("merges the labels of coincident events and keeps near ones apart", function()
    -- e = 0: the impact ends at maximum compression; two paths start together.
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.5, e = 0 }
    local q = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = -1, C0 = -1, mu = 0.55, e = 0 }
    local dat = slurp(impact.plot.path({ r, q }, { out = dir .. "/l.png", run = false }).data)
    local rows = {}
    for block in (dat .. "\n\n"):gmatch("# block %d+: event labels[^\n]*\n(.-)\n\n") do
      for line in block:gmatch("[^\n]+") do
        local x, y, text, lx, ly = line:match('^(%S+) (%S+) "(.-)" (%S+) (%S+)$')
        rows[#rows + 1] = { x = tonumber(x), y = tonumber(y), text = text, lx = tonumber(lx), ly = tonumber(ly) }
      end
    end
    table.sort(rows, function(p, q) return p.text > q.text end)
    local texts = {}
    for _, l in ipairs(rows) do texts[#texts + 1] = l.text end
    table.sort(texts)
    assert.are.same({ "max-compression = end", "max-compression = end", "start" }, texts)
    -- The two end labels, at nearby points, do not share a line.
    local a, b = rows[2], rows[3]
    assert.is_true(math.abs(a.ly - b.ly) > 0.02 * math.max(a.ly, b.ly), string.format("%g %g", a.ly, b.ly))
  end)

  it("draws the energetic termination through the end of each path (Wr + e^2 Wc = 0)", function()
    local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.7, law = "energetic" }
    local out = impact.plot.path(r, { out = dir .. "/en.png", run = false })
    assert.matches("T: energetic termination W_r + e^2 W_c = 0", slurp(out.script), 1, true)
    local block = slurp(out.data):match("# block %d+: T: energetic termination[^\n]*\n(.-)\n\n")
    -- Points of the curve: the end lies on it (between two neighbours, within the sampling).
    local pts = {}
    for x, y in block:gmatch("(%S+) (%S+)\n?") do pts[#pts + 1] = { tonumber(x), tonumber(y) } end
    assert.is_true(#pts > 50)
    local best = math.huge
    for i = 1, #pts - 1 do
      local ax, ay, bx, by = pts[i][1], pts[i][2], pts[i + 1][1], pts[i + 1][2]
      local t = math.max(0, math.min(1, ((r.Px - ax) * (bx - ax) + (r.Py - ay) * (by - ay)) /
        ((bx - ax) ^ 2 + (by - ay) ^ 2)))
      best = math.min(best, math.sqrt((ax + t * (bx - ax) - r.Px) ^ 2 + (ay + t * (by - ay) - r.Py) ^ 2))
    end
    assert.is_true(best < 1e-3, "end off the curve by " .. best)
  end)

  it("fits the hodograph's canvas to its data and names mu and e", function()
    local h = {}
    for i = 0, 20 do h[#h + 1] = { p = i / 20, x = 0.4 - 0.8 * i / 20, z = -0.01 * i / 20 } end
    local out = impact.plot.hodograph({ hodograph = h, mode = "sliding", law = "poisson", e = 0.8, mu_k = 0.2,
      mu_s = 0.2 }, { out = dir .. "/h.png", run = false })
    local gp = slurp(out.script)
    assert.matches("Slip hodograph: mode sliding, poisson law, e = 0.8, μ = 0.2", gp, 1, true)
    local w, hgt = gp:match("set terminal pngcairo size (%d+),(%d+)")
    assert.is_true(tonumber(hgt) < tonumber(w) * 0.6, hgt)   -- a wide path: a wide canvas
    local z0, z1 = gp:match("set yrange %[(%S+):(%S+)%]")
    assert.is_true(tonumber(z1) - tonumber(z0) >= 0.2, "z range widened to a quarter of x's")
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
