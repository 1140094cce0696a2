-- A test run leaves nothing in /tmp and prints no stray lines: the specs
-- that write scratch files (or run scripts that do) are run again by busted
-- in a private, empty /tmp (a mount namespace: unshare, as root), which
-- must be empty afterwards. Runs once: inside the host pass of scripts/test.
local bin = os.getenv("IMPACT_BIN")

-- The specs that used os.tmpname, ran the examples (which wrote to /tmp)
-- or interrupted sweeps (which said so on stderr).
local SPECS = { "spec/sweep_spec.lua", "spec/plot_spec.lua", "spec/plot_output_spec.lua", "spec/fit_errors_spec.lua",
                "spec/analysis_spec.lua", "spec/examples_spec.lua", "spec/host_spec.lua",
                "spec/repl_spec.lua" }

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

describe("a test run", function()
  if not bin or rawget(_G, "impact") == nil then
    it("is checked in the host pass only", function() pending("needs IMPACT_BIN and the host") end)
    return
  end

  it("leaves nothing in /tmp and prints no stray 'sweep:' lines", function()
    local private = os.execute("unshare --mount sh -c 'mount -t tmpfs tmpfs /tmp' >/dev/null 2>&1")
    if not private then pending("needs a private /tmp (unshare --mount, as root)") return end
    -- The checkout may itself lie under /tmp (a CI clone): inside the
    -- namespace it is bound again at its own path on the new /tmp, and that
    -- one top-level entry is not counted.
    local ph = io.popen("pwd")
    local root = ph:read("l")
    ph:close()
    local top = root:match("^/tmp/([^/]+)") or ""
    local p = assert(io.popen("unshare --mount sh -c " .. q(
      "mount --bind " .. q(root) .. " /mnt && mount -t tmpfs tmpfs /tmp && " ..
      (top ~= "" and "mkdir -p " .. q(root) .. " && mount --bind /mnt " .. q(root) .. " && " or "") ..
      "cd " .. q(root) .. " && busted --lua=" .. q(bin) .. " " .. table.concat(SPECS, " ") ..
      " 2>&1; echo '== left in /tmp:'; ls -A /tmp | grep -vx " .. q(top)) .. " 2>&1"))
    local out = p:read("a")
    p:close()
    local log, left = out:match("^(.*)== left in /tmp:\n(.*)$")
    assert.is_truthy(log, out)
    assert.matches("\n%d+ successes / 0 failures / 0 errors / 0 pending", log)
    assert.are.equal("", left)
    assert.is_nil(log:find("sweep: ", 1, true), log)
  end)
end)
