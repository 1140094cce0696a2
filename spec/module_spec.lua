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

  it("has the figures topic, every script of examples/figures in it, and points to it from help()", function()
    local impact = require("impact")
    local text = impact.help.text("figures")
    assert.is_truthy(text)
    assert.matches('help("figures")', impact.help.text(), 1, true)
    local p = io.popen("ls examples/figures/*.lua 2>/dev/null")
    local n = 0
    for file in p:lines() do
      n = n + 1
      local name = file:match("([^/]+)%.lua$")
      assert.matches("\n  " .. name .. " ", text, 1, true)
    end
    p:close()
    assert.is_true(n > 0)
  end)

  it("merges areas that are modules returning tables, and prints every named result metatable of impact.core", function()
    local impact = require("impact")
    for _, area in ipairs{ "help", "solve3d", "analysis", "models", "sweep" } do
      local m = require("impact." .. area)
      assert.is_table(m)
      for name, v in pairs(m) do assert.equal(v, impact[name], area .. "." .. name) end
    end
    assert.equal(require("impact.plot"), impact.plot)
    local printers = require("impact.print").printers
    local n = 0
    for key, v in pairs(impact.core) do
      local name = type(v) == "table" and rawget(v, "__name")
      if name then
        n = n + 1
        assert.is_function(printers[name], "no printer for " .. key .. " (" .. name .. ")")
        assert.equal(printers[name], rawget(v, "__tostring"), key)
      end
    end
    assert.is_true(n > 0)
  end)
end)
