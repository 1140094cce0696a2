-- impact.pretty: the text the REPL prints for a value.
local impact = require("impact")
local pretty = require("impact.pretty")

describe("impact.pretty", function()
  local format = pretty.format

  it("is loaded from the same tree as the module", function()
    assert.is_string(impact.version)
    assert.is_function(pretty.format)
    assert.is_function(pretty.values)
  end)

  it("prints scalars like Lua, with strings quoted", function()
    assert.are.equal("1", format(1))
    assert.are.equal("1.5", format(1.5))
    assert.are.equal("2.0", format(2.0))
    assert.are.equal("nil", format(nil))
    assert.are.equal("true", format(true))
    assert.are.equal('"abc"', format("abc"))
    assert.are.equal('"a\\nb \\"q\\""', format('a\nb "q"'))
  end)

  it("prints small tables inline, array part first, keys sorted", function()
    assert.are.equal("{}", format({}))
    assert.are.equal("{ 1, 2, 3 }", format({ 1, 2, 3 }))
    assert.are.equal('{ 10, "x", a = 1, b = { c = 2 } }',
      format({ b = { c = 2 }, a = 1, 10, "x" }))
    assert.are.equal('{ [2.5] = 3, [10] = 4, ["a b"] = 1, ["end"] = 2 }',
      format({ ["a b"] = 1, ["end"] = 2, [2.5] = 3, [10] = 4 }))
  end)

  it("cuts nesting at the depth", function()
    assert.are.equal("{ { { {...} } } }", format({ { { { 1 } } } }))
    assert.are.equal("{ {...} }", format({ { 1 } }, { depth = 1 }))
    assert.are.equal("{ {} }", format({ {} }, { depth = 1 }))
  end)

  it("cuts long tables after `items` entries and keeps lines within the width", function()
    local t = {}
    for i = 1, 100 do t[i] = i * 1000 end
    local s = format(t)
    assert.truthy(s:find("... (60 more)", 1, true))
    assert.falsy(s:find("41000", 1, true))
    local lines = 0
    for line in s:gmatch("[^\n]+") do
      lines = lines + 1
      assert.is_true(#line <= 78, line)
    end
    assert.is_true(lines > 2 and lines < 12)
  end)

  it("indents wide tables one entry per line", function()
    local t = { alpha = string.rep("a", 40), beta = string.rep("b", 40),
                nested = { x = string.rep("x", 70) } }
    local expected = table.concat({
      "{",
      '  alpha = "' .. string.rep("a", 40) .. '",',
      '  beta = "' .. string.rep("b", 40) .. '",',
      "  nested = {",
      '    x = "' .. string.rep("x", 70) .. '"',
      "  }",
      "}" }, "\n")
    assert.are.equal(expected, format(t))
  end)

  it("prints a table with __tostring (a solver result) through tostring", function()
    local r = setmetatable({ Px = 1 }, { __tostring = function() return "RESULT Px=1" end })
    assert.are.equal("RESULT Px=1", format(r))
    assert.are.equal("{ r = RESULT Px=1 }", format({ r = r }))
  end)

  it("indents a multi-line __tostring text nested in a table with its entry", function()
    local r = setmetatable({}, { __tostring = function() return "solve2d: HEAD\n  line two\n  line three" end })
    assert.are.equal(table.concat({
      "{",
      "  r = solve2d: HEAD",
      "    line two",
      "    line three,",
      "  x = 1",
      "}" }, "\n"), format({ r = r, x = 1 }))
    assert.are.equal(table.concat({
      "{",
      "  {",
      "    solve2d: HEAD",
      "      line two",
      "      line three",
      "  }",
      "}" }, "\n"), format({ { r } }))
    -- A real result: every line of its summary after the first is indented.
    local res = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
    local lines = {}
    for line in format({ res }):gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.are.equal("{", lines[1])
    assert.are.equal("  solve2d: eccentric impact, mode C-reversed", lines[2]:sub(1, 44))
    for i = 3, #lines - 1 do assert.truthy(lines[i]:find("^    %S"), lines[i]) end
    assert.are.equal("}", lines[#lines])
  end)

  it("reads the fields a metatable's __lazy lists before printing (built on first read)", function()
    local built = 0
    local lazy = setmetatable({}, { __lazy = { "a", "b" }, __index = function(t, k)
      if k == "a" or k == "b" then built = built + 1 rawset(t, k, k:upper()) return k:upper() end
    end })
    assert.are.equal('{ a = "A", b = "B" }', format(lazy))
    assert.are.equal(2, built)
    -- Cut at the depth: printed as {...}, nothing built.
    local deep = setmetatable({}, { __lazy = { "a" }, __index = function() error("built") end })
    assert.are.equal("{ x = { y = {...} } }", format({ x = { y = deep } }, { depth = 2 }))
    -- A failing __index leaves the field out.
    assert.are.equal("{}", format(deep))
    -- A fast-path sweep's columns.
    local s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
                            vary = { S0 = { -1, 1 } }, progress = false }
    assert.is_true(s.fast)
    local text = format(s.columns)
    assert.truthy(text:find("\n  S0 = { %-1%.0, 1%.0 },\n"), text)
    assert.truthy(text:find("\n  mode = { \"", 1, false), text)
  end)

  it("never raises on a failing __tostring and marks cycles", function()
    local bad = setmetatable({}, { __tostring = function() error("nope") end })
    assert.truthy(format(bad):find("__tostring failed", 1, true))
    local t = { 1 }
    t.self = t
    assert.truthy(format(t):find("<cycle: table: ", 1, true))
  end)

  it("joins several values with tabs, or lines when one is long", function()
    assert.are.equal('1\t"a"\tnil', pretty.values(1, "a", nil))
    assert.are.equal("", pretty.values())
    local wide = {}
    for i = 1, 30 do wide[i] = "item" .. i end
    local s = pretty.values(wide, 2)
    assert.truthy(s:find("}\n2$"))
  end)
end)
