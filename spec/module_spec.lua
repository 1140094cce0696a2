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

  it("has help for every public function", function()
    local impact = require("impact")
    for name, v in pairs(impact) do
      if type(v) == "function" then
        assert.is_truthy(impact.help.text(name), "no help for " .. name)
      end
    end
  end)

  it("has the REPL topic in help(), pastes included", function()
    local impact = require("impact")
    assert.matches("pasted at once runs line by line", impact.help.text("repl"), 1, true)
    assert.matches("repl ", impact.help.text(), 1, true)
  end)
end)
