-- The plots' layout for the size asked (issue 26): the presets column
-- (3.5 in), full (7 in) and slide for PNG and PDF alike, each plot
-- function's fonts, tics, legend and margins per size; the symbols of the
-- fields; the user's text shown as written; per-path labels, group = in
-- plot.curves, a path's colour shared by its termination line, and event
-- labels kept off the lines.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")
local lib = require("impact.plot.lib")

local function slurp(path) return (scratch.read(path)) end

local ROD = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
local function rod(extra)
  local t = {}
  for k, v in pairs(ROD) do t[k] = v end
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

-- the issue's sweep: S0 x mu of the rod
local function s0_mu()
  return impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
    vary = { S0 = impact.range(-2, 2, 21), mu = impact.range(0, 1, 11) } }
end

local function lines_of(gp)
  local t = {}
  for l in gp:gmatch("[^\n]+") do t[l] = true end
  return t
end

describe("impact.plot layout", function()
  local dir
  before_each(function() dir = scratch.subdir() end)
  teardown(function() scratch.clean() end)

  it("prints a preset at its width: a column laid out on 360 points at 0.7, PNG at two pixels a point", function()
    local s = s0_mu()
    local function term(out, size)
      local gp = slurp(impact.plot.map(s, { x = "S0", y = "mu", out = dir .. "/" .. out, size = size, run = false }).script)
      return gp:match("set terminal (%a+ size %S+ enhanced font \"Sans,11\"[^\n]*)")
    end
    -- (a map's preset height grown to leave it half the width: 271 -> 313 points of layout)
    assert.are.equal('pdfcairo size 3.5in,3.043in enhanced font "Sans,11" fontscale 0.7 linewidth 1.4', term("c.pdf", "column"))
    assert.are.equal('epscairo size 3.5in,3.043in enhanced font "Sans,11" fontscale 0.7 linewidth 1.4', term("c.eps", "column"))
    assert.are.equal('pngcairo size 504,438 enhanced font "Sans,11" fontscale 1.4 linewidth 1.4', term("c.png", "column"))
    assert.are.equal('pdfcairo size 7in,4.444in enhanced font "Sans,11" fontscale 1 linewidth 2', term("f.pdf", "full"))
    assert.are.equal('pngcairo size 1008,640 enhanced font "Sans,11" fontscale 2 linewidth 2', term("f.png", "full"))
    assert.are.equal('pdfcairo size 10in,5.625in enhanced font "Sans,11" fontscale 1 linewidth 2', term("s.pdf", "slide"))
    -- the issue's {252, 180}: narrower than 360 points, laid out as a column
    assert.are.equal('pdfcairo size 3.5in,2.499in enhanced font "Sans,11" fontscale 0.7 linewidth 1.4', term("i.pdf", { 252, 180 }))
    assert.are.equal('pngcairo size 252,180 enhanced font "Sans,11" fontscale 0.7 linewidth 0.7', term("i.png", { 252, 180 }))
    -- a size of 360 or more as given
    assert.are.equal('pngcairo size 900,700 enhanced font "Sans,11"', term("d.png", nil))
  end)

  it("lays out plot.map for the size: the legend below on a column, beside the map on a page; tics that fit", function()
    local s = s0_mu()
    local col = lines_of(slurp(impact.plot.map(s, { x = "S0", y = "mu", color = "mode", out = dir .. "/m.pdf",
      size = { 252, 180 }, run = false }).script))
    -- the issue's failure: the key overprinted the map and the x tics ran
    -- into each other (-21.510.500.511.52)
    assert.is_true(col["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 2 samplen 1.5"])
    assert.is_true(col["set bmargin 7"])
    assert.is_true(col["set xtics 1"])
    assert.is_true(col["set ytics 0.5"])
    assert.is_true(col['set title "mode over (S_0, μ)"'])
    local full = lines_of(slurp(impact.plot.map(s, { x = "S0", y = "mu", color = "mode", out = dir .. "/m.pdf",
      size = "full", run = false }).script))
    assert.is_true(full['set key outside right top title "mode"'])
    assert.is_true(full["set xtics 1"])
    assert.is_true(full["set ytics 0.2"])
    -- a colour bar: a narrow box, its tics two lines apart
    local cb = lines_of(slurp(impact.plot.map(s, { x = "S0", y = "mu", color = "Py", out = dir .. "/c.png",
      size = "column", run = false }).script))
    assert.is_true(cb["set colorbox user origin graph 1.03, graph 0 size character 1.5, graph 1"])
    assert.is_true(cb["set rmargin 13"])
    assert.is_true(cb["set cbtics 0.5"])
    assert.is_true(cb["set xtics 1"])
    assert.is_true(cb['set cblabel "P_y"'])
    -- a long colour-bar label wrapped to the plot's height, the margin widened for its lines
    local lc = lines_of(slurp(impact.plot.map(s, { x = "S0", y = "mu", color = "Py", out = dir .. "/l.pdf",
      clabel = "the normal impulse at the end of the impact", size = "column", run = false }).script))
    assert.is_true(lc['set cblabel "the normal impulse\\nat the end of the\\nimpact"'])
    assert.is_true(lc["set rmargin 17"])
  end)

  it("lays out plot.path for the size: short legend texts in columns on a column, the preset's height fitted", function()
    local r = impact.solve2d(rod())
    local col = slurp(impact.plot.path(r, { out = dir .. "/p.pdf", size = "column", run = false }).script)
    local L = lines_of(col)
    -- the height fitted: the diagram at equal scales on the column's width, the title, the legend
    assert.matches('set terminal pdfcairo size 3.5in,5.065in ', col, 1, true)
    assert.is_true(L['set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 1 samplen 2.5 font ",9"'])
    assert.is_true(L["set bmargin 9"])
    assert.is_true(L['set xlabel "P_x"'])
    assert.is_true(L["set xtics 0.2"])
    assert.is_true(L["set ytics 0.1"])
    assert.matches('title "S = 0"', col, 1, true)
    assert.matches('title "T: P_y = (1+e) P_c"', col, 1, true)
    assert.matches('title "L: P_x = - μ P_y"', col, 1, true)
    -- the title without the coefficients, wrapped to the width
    assert.matches('set title "Impulse space: C-reversed, poisson\\nlaw, e = 0.5, μ = 0.3" font ",10"', col, 1, true)
    -- the default canvas: the long texts, one column's worth of room
    local big = slurp(impact.plot.path(r, { out = dir .. "/p.png", run = false }).script)
    assert.matches('title "T: Poisson termination P_y = (1+e) P_c, e = 0.5"', big, 1, true)
    assert.matches('set xlabel "P_x (tangential impulse on body 1)"', big, 1, true)
    assert.matches("(B_1 = 2.5, B_2 = 2.5, B_3 = 1.5, S_0 = 0.6, C_0 = -1)", big, 1, true)
    assert.matches('set terminal pngcairo size 900,700 enhanced font "Sans,11"\n', big, 1, true)
  end)

  it("lays out plot.curves and plot.hodograph for the size", function()
    local s = impact.sweep{ base = rod(), vary = { law = { "poisson", "newton" }, mu = impact.range(0, 1, 11) } }
    local col = lines_of(slurp(impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/c.pdf",
      size = "column", run = false }).script))
    assert.is_true(col["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 2 samplen 2.5"])
    assert.is_true(col["set bmargin 5"])
    assert.is_true(col["set xtics 0.2"])
    assert.is_true(col['set xlabel "μ"'])
    assert.is_true(col['set ylabel "P_y"'])
    local full = lines_of(slurp(impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/c.pdf",
      size = "full", run = false }).script))
    assert.is_true(full["set xtics 0.1"])
    -- a legend asked inside the plot goes below it on a column (there it covered the curves)
    local inside = lines_of(slurp(impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/i.pdf",
      key = "top left", size = "column", run = false }).script))
    assert.is_true(inside["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 2 samplen 2.5"])
    assert.is_nil(inside["set key top left"])
    full = lines_of(slurp(impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/i.pdf",
      key = "top left", size = "full", run = false }).script))
    assert.is_true(full["set key top left"])
    -- a long axis label wrapped to the width, the legend moved down a line for it
    local long = lines_of(slurp(impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/w.pdf",
      xlabel = "the friction coefficient of the contact between the rod and the floor", size = "column",
      run = false }).script))
    assert.is_true(long['set xlabel "the friction coefficient of the\\ncontact between the rod and the\\nfloor"'])
    assert.is_true(long["set bmargin 7"])
    local h = {}
    for i = 0, 20 do h[#h + 1] = { p = i / 20, x = 0.4 - 0.8 * i / 20, z = 0.3 * i / 20 } end
    local res = { hodograph = h, mode = "sliding", law = "poisson", e = 0.8, mu_k = 0.2 }
    local hc = slurp(impact.plot.hodograph(res, { out = dir .. "/h.pdf", size = "column", run = false }).script)
    local HL = lines_of(hc)
    assert.is_true(HL['set xlabel "v_{t,x}"'])
    assert.is_true(HL["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 2 samplen 2.5"])
    assert.is_true(HL["set xtics 0.2"])
    -- wrapped to the column, "μ = 0.2" kept whole
    assert.matches('set title "Slip hodograph: mode sliding,\\npoisson law, e = 0.8, μ = 0.2"', hc, 1, true)
    -- a tall box: the plot narrower than the canvas, the legend in the columns that fit in it
    local tall = {}
    for i = 0, 20 do tall[#tall + 1] = { p = i / 20, x = 0.05 * i / 20, z = 0.6 * i / 20 } end
    local ht = lines_of(slurp(impact.plot.hodograph({ hodograph = tall, mode = "sliding", law = "poisson", e = 0.8,
      mu_k = 0.2 }, { out = dir .. "/t.pdf", size = "column", run = false }).script))
    assert.is_true(ht["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 1 samplen 2.5 width -2"])
    assert.is_true(ht["set bmargin 8"])
    local hf = lines_of(slurp(impact.plot.hodograph(res, { out = dir .. "/h.png", size = "full", run = false }).script))
    assert.is_true(hf['set xlabel "v_{t,x} (slip velocity, x)"'])
    assert.is_true(hf["set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 2 samplen 2.5"])
    assert.is_true(hf["set bmargin 6"])
  end)

  it("keeps plot.run's presets and shows its user text as written", function()
    local run = impact.simulate(impact.scene2d{ gravity = { 0, -9.81 }, e = 0.8,
      lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
      bodies = { { m = 1, rho = 0.05, y = 0.5, radius = 0.1 } } }, { t_end = 0.5, dt = 0.01 })
    local gp = slurp(impact.plot.run(run, { y = "q2", out = dir .. "/r.pdf", size = "column", title = "ball_1",
      run = false }).script)
    assert.matches('set terminal pdfcairo size 3.5in,2.635in enhanced font "Sans,11" fontscale 0.7 linewidth 1.4', gp, 1, true)
    assert.matches('set title "ball\\\\_1"', gp, 1, true)
    gp = slurp(impact.plot.frames(run, { out = dir .. "/f.png", title = "a^2", enhanced = true, run = false }).script)
    assert.matches('set title "a^2"', gp, 1, true)
  end)

  it("lays plot.frames out for a column: the title wrapped, the legend below", function()
    local run = impact.simulate(impact.scene2d{ gravity = { 0, -9.81 }, e = 0.8,
      lines = { { point = { 0, 0 }, normal = { 0, 1 } } },
      bodies = { { m = 1, rho = 0.05, y = 0.5, radius = 0.1 } } }, { t_end = 0.5, dt = 0.01 })
    local title = "Rocking block: the first cycle, 11 instants"
    local gp = slurp(impact.plot.frames(run, { out = dir .. "/fc.pdf", size = "column", title = title, run = false }).script)
    assert.matches('set title "Rocking block: the first cycle, 11\\ninstants"', gp, 1, true)
    assert.matches("set key at screen 0.5, screen 0.01 center bottom", gp, 1, true)
    assert.is_nil(gp:find("set key outside right", 1, true))
    -- the canvas taller by the legend (3.5 in by more than the preset's
    -- height), the y tics spaced for their labels on the plot's height
    assert.is_truthy(gp:find("set ytics [%d.]+\n"))
    local h = tonumber(gp:match("set terminal pdfcairo size 3.5in,([%d.]+)in"))
    assert.is_true(h > 3.3, tostring(h))
    -- a wide canvas keeps the legend beside a tall scene, the title on one line
    gp = slurp(impact.plot.frames(run, { out = dir .. "/ff.pdf", size = "full", title = title, run = false }).script)
    assert.matches('set title "' .. title .. '"', gp, 1, true)
    assert.matches("set key outside right center vertical", gp, 1, true)
  end)

  it("names the fields by their symbols", function()
    local want = { mu = "μ", mu_s = "μ_s", mu_k = "μ_k", S0 = "S_0", C0 = "C_0", theta1 = "θ_1", Delta = "Δ",
      e = "e", e_t = "e_t", Px = "P_x", Py = "P_y", dT = "ΔT", theta_deg = "θ (deg)", gamma_deg = "γ (deg)",
      theta1_deg = "θ_1 (deg)", gamma_r_deg = "γ_{r} (deg)", q2 = "q_2", qdot2 = "q̇_2", PyC = "P_{y,C}",
      mode = "mode", energy_ratio = "T_1/T_0", my_col = "my\\_col" }
    for name, sym in pairs(want) do assert.are.equal(sym, lib.symbol(name), name) end
  end)

  it("shows the user's text as written unless enhanced = true", function()
    assert.are.equal("custom\\_law a\\^2 \\{b\\} c\\@ d\\& e\\~ f\\\\g", lib.literal("custom_law a^2 {b} c@ d& e~ f\\g"))
    local r = impact.solve2d(rod())
    local gp = slurp(impact.plot.path(r, { out = dir .. "/t.png", title = "my_law: e_t", run = false }).script)
    -- in the script: \\_ in a gnuplot string, a literal _ in enhanced text
    assert.matches('set title "my\\\\_law: e\\\\_t" font ",10"', gp, 1, true)
    gp = slurp(impact.plot.path(r, { out = dir .. "/t.png", title = "e_t", enhanced = true, run = false }).script)
    assert.matches('set title "e_t" font ",10"', gp, 1, true)
    local s = s0_mu()
    gp = slurp(impact.plot.map(s, { x = "S0", y = "mu", out = dir .. "/m.png", xlabel = "S_0 here", run = false }).script)
    assert.matches('set xlabel "S\\\\_0 here"', gp, 1, true)
    assert.matches('set ylabel "μ"', gp, 1, true)
    assert.has_error(function() impact.plot.map(s, { x = "S0", y = "mu", enhanced = "yes" }) end,
      "plot.map: option 'enhanced' must be a boolean, got \"yes\"")
  end)

  it("draws one curve per value of group = column, keyed by the value, in its colour", function()
    local s = impact.sweep{ base = rod(), vary = { law = { "poisson", "newton", "energetic" }, mu = impact.range(0, 1, 5) } }
    local out = impact.plot.curves(s, { x = "mu", y = "Py", group = "law", out = dir .. "/g.png", run = false })
    local gp, dat = slurp(out.script), slurp(out.data)
    assert.matches('data index 0 using 1:2 with lines lw 2 lc rgb "#4575b4" title "poisson"', gp, 1, true)
    assert.matches('data index 1 using 1:2 with lines lw 2 lc rgb "#d73027" title "newton"', gp, 1, true)
    assert.matches('data index 2 using 1:2 with lines lw 2 lc rgb "#1a9850" title "energetic"', gp, 1, true)
    assert.matches('set title "P_y over μ, by law"', gp, 1, true)
    -- each block one law's five points in increasing mu
    local k = 0
    for block in (dat .. "\n\n\n"):gmatch("# block %d+: [^\n]*\n(.-)\n\n\n") do
      k = k + 1
      local xs = {}
      for x in block:gmatch("(%S+) %S+\n?") do xs[#xs + 1] = tonumber(x) end
      assert.are.same({ 0, 0.25, 0.5, 0.75, 1 }, xs)
    end
    assert.are.equal(3, k)
    -- a numeric group: "symbol = value"; several y: "y, value"
    gp = slurp(impact.plot.curves(s, { x = "mu", y = { "Px", "Py" }, group = "law", out = dir .. "/h.png", run = false }).script)
    assert.matches('title "P_x, poisson"', gp, 1, true)
    assert.matches('title "P_y, energetic"', gp, 1, true)
    local t = impact.sweep{ base = rod(), vary = { e = { 0.2, 0.8 }, mu = impact.range(0, 1, 3) } }
    gp = slurp(impact.plot.curves(t, { x = "mu", y = "Py", group = "e", out = dir .. "/e.png", run = false }).script)
    assert.matches('title "e = 0.2"', gp, 1, true)
    assert.matches('title "e = 0.8"', gp, 1, true)
    assert.has_error(function() impact.plot.curves({ { x = { 0, 1 }, y = { 0, 1 } } }, { group = "law" }) end,
      "plot.curves: option 'group' must be used with a sweep (a list of curves is grouped already), got \"law\"")
  end)

  it("labels each path: the user's label, else what tells the paths apart; a path's T line in its colour", function()
    local rs = {}
    for i, law in ipairs{ "poisson", "newton", "energetic" } do rs[i] = impact.solve2d(rod{ law = law }) end
    local gp = slurp(impact.plot.path(rs, { out = dir .. "/l.png", run = false }).script)
    local titles = {}
    for c, t in gp:gmatch('with linespoints lw 3 pt 7 ps 1.3 lc rgb "([^"]+)" title "([^"]+)"') do titles[#titles + 1] = c .. " " .. t end
    assert.are.same({ "black poisson: " .. rs[1].mode, "#d01c8b newton: " .. rs[2].mode,
      "#8c510a energetic: " .. rs[3].mode }, titles)
    -- Newton's line, the second path's alone, in its colour (it was purple by a black path)
    assert.matches('with lines lw 2 dt 2 lc rgb "#d01c8b" title "T (newton): C = -e C_0"', gp, 1, true)
    assert.matches('with lines lw 2 dt 2 lc rgb "black" title "T (poisson): P_y = (1+e) P_c"', gp, 1, true)
    -- the user's labels, shown as written
    gp = slurp(impact.plot.path(rs, { out = dir .. "/l.png", run = false, label = { "P_1", "N", "E" } }).script)
    assert.matches('lc rgb "black" title "P\\\\_1: ' .. rs[1].mode .. '"', gp, 1, true)
    assert.matches('title "T (N): C = -e C_0"', gp, 1, true)
    gp = slurp(impact.plot.path(rs[1], { out = dir .. "/o.png", run = false, label = "mine" }).script)
    assert.matches('lc rgb "black" title "mine"', gp, 1, true)
    assert.has_error(function() impact.plot.path(rs, { label = { "a", 2 } }) end,
      "plot.path: option 'label[2]' must be a string, got 2")
    -- two paths of one law and mu: numbered apart
    gp = slurp(impact.plot.path({ rs[1], rs[1] }, { out = dir .. "/d.png", run = false }).script)
    assert.matches('title "path, μ = 0.3: ' .. rs[1].mode .. '"', gp, 1, true)
    assert.matches('title "path, μ = 0.3 %(2%): ', gp)
  end)

  it("places an event label off the lines and markers when there is room", function()
    local place = require("impact.plot.path")._place_labels
    -- one vertex at (0, 1); a line right through the first place tried
    -- (right of the point, 0.7 line above it) and one through the second
    local scale = 100                          -- points per unit
    local lh = 12.5 / scale                    -- place_labels' line in units
    local list = { { path = { { Px = 0, Py = 1, event = "end" } } } }
    local obstacles = { points = { { 0, 1 } }, segments = {
      { { -5, 1 + 0.7 * lh }, { 5, 1 + 0.7 * lh } },
      { { -5, 1 - 0.7 * lh }, { 5, 1 - 0.7 * lh } } } }
    local rows = place(list, { x0 = -5, x1 = 5, y1 = 5, scale = scale }, obstacles)
    assert.are.equal(1, #rows)
    local ly = rows[1][5]
    -- neither line crosses the label's line of text
    for _, y in ipairs{ 1 + 0.7 * lh, 1 - 0.7 * lh } do
      assert.is_true(math.abs(ly - y) >= 0.45 * lh, "label at " .. ly .. " on the line at " .. y)
    end
    assert.is_true(math.abs(ly - 1) <= 3.2 * lh, "near its point")
    -- a long label by the box's right edge stays inside it at the PNG's
    -- character (7.7 points), not past the plot's edge
    local long = { { path = { { Px = 3.85, Py = 1, event = "max-compression" } } } }
    rows = place(long, { x0 = -5, x1 = 5, y1 = 5, scale = scale }, { points = {}, segments = {} })
    assert.are.equal(1, #rows)
    assert.is_true(rows[1][4] + #"max-compression" * 7.7 / scale <= 5 + 1e-9, "label from " .. rows[1][4])
    -- no free place (the box narrower than the text): left out, not overprinted
    rows = place(list, { x0 = -0.05, x1 = 0.05, y1 = 5, scale = scale }, { points = {}, segments = {} })
    assert.are.equal(0, #rows)
  end)
end)
