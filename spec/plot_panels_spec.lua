-- impact.plot.path's panels (several problems, one diagram each, in one
-- figure), overlays (lines) and notes: the script written and the checks.
local scratch = require("spec.scratch")
local impact = require("impact")

local function rod(S0, mu)
  return impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, mu = mu, e = 0.5 }
end

describe("impact.plot.path panels", function()
  it("draws each entry in its own panel, the lines lettered, the data indexes shifted per panel", function()
    local dir = scratch.subdir()
    local p = impact.plot.path({ rod(1, 0.05), { rod(1, 0.3), rod(1, 0.8) } },
      { panels = { 1, 2 }, titles = { "one_a", "two" }, out = dir .. "/p.png", run = false })
    local gp = scratch.read(p.script)
    assert.matches("set multiplot title", gp, 1, true)
    assert.matches("unset multiplot", gp, 1, true)
    local origins = 0
    for _ in gp:gmatch("set origin ") do origins = origins + 1 end
    -- each panel placed, twice: the PNG and the SVG (a multiplot is drawn again, not replotted)
    assert.equal(4, origins)
    assert.not_matches("\nreplot", gp)
    -- the panel titles as written (escaped), the lines lettered, no legend
    assert.matches('set title "one\\\\_a"', gp, 1, true)
    for _, t in ipairs{ '"S"', '"C"', '"T"', '"L"', '"RF"' } do assert.matches("set label " .. t, gp, 1, true) end
    assert.matches("unset key", gp, 1, true)
    -- panel 1 has its path as block 0; panel 2's two paths come after panel 1's blocks
    local dat = scratch.read(p.data)
    local n1 = 0
    for _ in dat:gmatch("# block %d+: panel 1,") do n1 = n1 + 1 end
    assert.matches("# block " .. n1 .. ": panel 2, path 1", dat, 1, true)
    assert.matches("data index " .. n1 .. " using 1:2 with linespoints", gp, 1, true)
    assert.matches("data index " .. (n1 + 1) .. " using 1:2 with linespoints", gp, 1, true)
  end)

  it("adds overlay lines and notes to a diagram", function()
    local dir = scratch.subdir()
    local p = impact.plot.path(rod(1, 0.3), { out = dir .. "/o.png", run = false,
      lines = { { x = { 0, 0.1 }, y = { 0, 0.5 }, title = "OD", color = "#000000", dash = true } },
      notes = { { x = 0.05, y = 0.3, text = "1" } } })
    local gp = scratch.read(p.script)
    assert.matches('with lines lw 2 dt 2 lc rgb "#000000" title "OD"', gp, 1, true)
    assert.matches('set label "1" at 0.05,0.3', gp, 1, true)
  end)

  it("names the option at fault", function()
    local r = rod(1, 0.3)
    local function err(opts, list)
      local ok, msg = pcall(impact.plot.path, list or { r }, opts)
      assert.is_false(ok)
      return msg
    end
    assert.matches("option 'panels' must be {rows, cols}", err({ panels = { 0, 2 }, run = false }), 1, true)
    assert.matches("2 panels do not fit in panels = {1, 1}", err({ panels = { 1, 1 }, run = false }, { r, r }), 1, true)
    assert.matches("option 'notes[1].text' must be a string", err({ notes = { { x = 0, y = 0 } }, run = false }), 1, true)
    assert.matches("option 'notes[1].x' must be a number", err({ notes = { { x = 0 / 0, y = 0, text = "a" } }, run = false }), 1, true)
    assert.matches("option 'titles[1]' must be a string", err({ panels = { 1, 1 }, titles = { 3 }, run = false }), 1, true)
    assert.matches("option 'lines[1].x'", err({ lines = { { x = { 0 }, y = {} } }, run = false }), 1, true)
  end)
end)

describe("impact.plot.curves equal", function()
  it("draws both axes at one scale on request, and checks the option", function()
    local dir = scratch.subdir()
    local c = { { x = { 0, 1 }, y = { 0, 1 }, label = "a" } }
    local gp = scratch.read(impact.plot.curves(c, { equal = true, out = dir .. "/e.png", run = false }).script)
    assert.matches("set size ratio -1", gp, 1, true)
    gp = scratch.read(impact.plot.curves(c, { out = dir .. "/f.png", run = false }).script)
    assert.not_matches("set size ratio", gp)
    local ok, msg = pcall(impact.plot.curves, c, { equal = 1, run = false })
    assert.is_false(ok)
    assert.matches("option 'equal' must be a boolean", msg, 1, true)
  end)
end)
