-- The restitution laws' registry as Lua sees it (impact.core._laws): the
-- names every reader takes from it (names.lua, help, messages, classify2d's
-- closed forms), one row a law.
local impact = require("impact")
local core = require("impact.core")
local names = require("impact.names")

describe("the law registry (impact.core._laws)", function()
  it("lists the built-in rows in kind order, then the custom row", function()
    local rows = core._laws
    assert.is_true(#rows >= 4)
    for i, row in ipairs(rows) do
      assert.are.equal(i - 1, row.kind)
      -- builtin: `law = "name"` selects it (a compliant row takes a table)
      assert.are.equal(i < #rows and not row.compliant, row.builtin)
      assert.is_string(row.doc)
      assert.is_table(row.solvers)
      for _, p in ipairs(row.params) do assert.is_true(p.lo <= p.hi) end
    end
    assert.are.equal("custom", rows[#rows].name)
    assert.is_nil(rows[#rows].closed)
  end)

  it("is where names.lua takes the law names from", function()
    local built = {}
    for _, row in ipairs(core._laws) do if row.builtin then built[#built + 1] = row.name end end
    assert.are.same(built, names.LAWS)
    assert.are.equal(names.LAWS[1], names.DEFAULT_LAW)
    for _, row in ipairs(core._laws) do assert.are.equal(row.closed, names.law_closed(row.name)) end
  end)

  it("names the laws in messages and the help as it lists them", function()
    local list = names.quoted(names.LAWS)
    local ok, err = pcall(impact.solve3d, { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 },
                                            v = { 0, -1, 0 }, e = 0.5, law = 5 })
    assert.is_false(ok)
    assert.matches("must be " .. list:gsub("%p", "%%%0") .. " or a function, got number", err)
    ok, err = pcall(impact.solve2d, { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, e = 0.5, law = "nope" })
    assert.is_false(ok)
    assert.matches(list:gsub("%p", "%%%0"), err)
    local page = impact.help.text("laws")
    for _, row in ipairs(core._laws) do assert.truthy(page:find(row.doc, 1, true)) end
    for _, fn in ipairs{ "solve2d", "solve3d", "solve_multi" } do
      assert.truthy(impact.help.text(fn):find(list, 1, true), fn)
    end
  end)

  it("runs every row where its solvers say, classify2d's closed forms for the closed rows", function()
    local t = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8, e = 0.5 }
    local closed = impact.classify2d(t).closed
    for _, row in ipairs(core._laws) do
      local on = {}
      for _, s in ipairs(row.solvers) do on[s] = true end
      assert.are.equal(row.closed ~= nil, closed[row.name] ~= nil)
      assert.are.equal(row.closed ~= nil, on.classify2d == true)
      if row.builtin then
        t.law = row.name
        local r = impact.solve2d(t)
        assert.are.equal(row.name, r.law)
        if closed[row.name] then assert.is.near(closed[row.name].Py, r.Py, 1e-12) end
      end
    end
  end)
end)
