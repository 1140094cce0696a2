-- help(r) for a result: the page of the function that made it.
local impact = require("impact")

describe("impact.help of a result", function()
  local function title(x)
    local text, err = impact.help.text(x)
    return text and text:match("^[^\n]*") or err
  end
  local rod = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }

  it("shows the page of the function that made it", function()
    local r = impact.solve2d(rod)
    assert.are.equal(impact.help.text(impact.solve2d), impact.help.text(r))
    assert.are.equal("impact.solve2d(t) -> result", title(r))
    assert.are.equal(title("compare"), title(impact.compare(rod, { "routh", "kane" })))
    assert.are.equal(title("sweep"), title(impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
                                                        vary = { S0 = { -1, 1 } }, progress = false }))
    local t = { body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1 = math.rad(20), theta2 = math.rad(15) },
                v = { 0.4, -1, 0 }, mu = 0.2, e = 0.8 }
    assert.are.equal(title("solve3d"), title(impact.solve3d(t)))
    assert.are.equal(title("painleve"),
      title(impact.painleve{ l = 4, theta_deg = 75, mu = math.tan(math.rad(30)), e = 0.5 }))
    assert.are.equal(title("painleve_bands"), title(impact.painleve_bands{ l = 4, mu = math.tan(math.rad(30)) }))
    assert.are.equal(title("space"),
      title(impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = -40, gamma_deg = 10 }))
    local kane = {}
    for k, v in pairs(rod) do kane[k] = v end
    kane.model = "kane"
    assert.are.equal(title("models"), title(impact.solve2d(kane)))
  end)

  it("still says so for a plain table", function()
    assert.truthy(title({}):find("^help: no entry for table: "))
  end)

  it("the guide says where to find the options, the manual page and the C library", function()
    local text = impact.help.text()
    assert.truthy(text:find("impact --help", 1, true), text)
    assert.truthy(text:find("man impact", 1, true), text)
    assert.truthy(text:find("pkg-config --cflags --libs impact", 1, true), text)
  end)
end)
