-- Every function's help page opens with a synopsis: under the title, the
-- one-line purpose (the summary) and the call forms, a few lines in all,
-- before the details; the guide's list is unchanged.
local impact = require "impact"

local AREAS = { "analysis", "fit", "mechanism", "models", "mujoco", "multi", "plot",
                "simulate", "solve2d", "solve3d", "sweep", "workbench", "laws", "figures", "papers" }

local function lines_of(s)
  local t = {}
  for l in (s .. "\n"):gmatch("(.-)\n") do t[#t + 1] = l end
  return t
end

local function pages()
  local out = {}
  for _, area in ipairs(AREAS) do
    for _, e in ipairs(dofile("lua/impact/help/" .. area .. ".lua")) do
      if not e.topic then out[#out + 1] = e end
    end
  end
  return out
end

describe("help pages open with a synopsis", function()
  local all = pages()

  it("covers every function page", function()
    -- the pages of solve2d, the sweeps, plot, mujoco, help ...: 41 today
    assert.is_true(#all >= 41, "function pages: " .. #all)
    local p = io.popen("ls lua/impact/help/*.lua")
    local n = 0
    for f in p:lines() do
      n = n + 1
      local area = f:match("([%w_]+)%.lua$")
      local known = false
      for _, a in ipairs(AREAS) do known = known or a == area end
      assert.is_true(known, "a help area this spec does not read: " .. area)
    end
    p:close()
    assert.equal(#AREAS, n)
  end)

  for _, e in ipairs(all) do
    it(e.name, function()
      assert.is_string(e.summary, e.name .. ": a one-line purpose")
      assert.is_string(e.synopsis, e.name .. ": a synopsis (the call forms)")
      local forms = lines_of((e.synopsis:gsub("\n+$", "")))
      assert.is_true(#forms >= 1 and #forms <= 6, e.name .. ": " .. #forms .. " lines of call forms")
      local short = e.name:match("([%w_]+)$")
      assert.truthy(forms[1]:find(short, 1, true), e.name .. ": the first call form names it: " .. forms[1])
      for _, l in ipairs(forms) do
        assert.is_true(#l <= 76, e.name .. ": a line longer than 76 characters: " .. l)
      end
      -- The page: title, underline, blank, the purpose, blank, the forms
      -- (indented by two), blank, then the details.
      local page = lines_of(impact.help.text(e.name))
      assert.matches("^=+$", page[2])
      assert.equal("", page[3])
      local i = 4
      while page[i] ~= "" do i = i + 1 end
      local purpose = i - 4
      assert.is_true(purpose >= 1 and purpose <= 2, e.name .. ": the purpose in " .. purpose .. " lines")
      for k, l in ipairs(forms) do
        assert.equal("  " .. l, page[i + k], e.name .. ": call form " .. k)
      end
      assert.equal("", page[i + #forms + 1] or "", e.name .. ": a blank line after the synopsis")
      local total = purpose + #forms
      assert.is_true(total >= 3 and total <= 8, e.name .. ": synopsis of " .. total .. " lines")
    end)
  end
end)
