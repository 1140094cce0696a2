-- Every example script runs to completion in the host (examples/figures is
-- covered by scripts/figures). Runs once: inside the host pass of scripts/test.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local bin = os.getenv("IMPACT_BIN")

local function list_examples()
  local files = {}
  local p = io.popen("ls examples/*.lua 2>/dev/null")
  for line in p:lines() do files[#files + 1] = line end
  p:close()
  return files
end

describe("examples", function()
  if not bin or rawget(_G, "impact") == nil then
    it("run in the host pass only", function() pending("needs IMPACT_BIN and the host") end)
    return
  end
  for _, file in ipairs(list_examples()) do
    it(file .. " runs without error", function()
      -- The examples that write files take their folder as argument 1.
      local out, dir = scratch.name(), scratch.subdir()
      local ok, how, code = os.execute(string.format("%q %q %q >%q 2>&1", bin, file, dir, out))
      local f = io.open(out)
      local text = f:read("a")
      f:close()
      os.remove(out)
      assert.is_true(ok == true, file .. " failed (" .. tostring(how) .. " " .. tostring(code) .. "):\n" .. text)
      assert.is_true(#text > 0, file .. " printed nothing")
    end)
  end
end)
