-- The module loads the same way inside the host and under stock lua5.4.
describe("impact module", function()
  it("loads with require and has a version string", function()
    local impact = require("impact")
    assert.is_string(impact.version)
    assert.matches("^%d+%.%d+%.%d+", impact.version)
  end)

  it("adds no globals when required", function()
    local before = {}
    for k in pairs(_G) do before[k] = true end
    package.loaded["impact"] = nil
    require("impact")
    for k in pairs(_G) do
      assert.is_true(before[k], "new global " .. tostring(k))
    end
  end)

  it("has help for every public function, for help itself and for impact.plot", function()
    local impact = require("impact")
    for name, v in pairs(impact) do
      if type(v) == "function" then
        assert.is_truthy(impact.help.text(name), "no help for " .. name)
      end
    end
    for name, v in pairs(impact.plot) do
      if type(v) == "function" then
        assert.is_truthy(impact.help.text(v), "no help for plot." .. name)
      end
    end
    assert.matches("^help%(%[x%]%)", impact.help.text(impact.help))
    assert.equals(impact.help.text(impact.help), impact.help.text("help"))
    assert.matches("^impact%.plot\n", impact.help.text(impact.plot))
    assert.equals(impact.help.text(impact.plot), impact.help.text("plot"))
  end)

  it("has the REPL topic in help(), pastes included", function()
    local impact = require("impact")
    assert.matches("pasted at once runs line by line", impact.help.text("repl"), 1, true)
    assert.matches("repl ", impact.help.text(), 1, true)
  end)
end)
