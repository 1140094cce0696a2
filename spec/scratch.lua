-- Scratch files for the specs (local scratch = require("spec.scratch")):
-- every name lies in one directory per busted run, made by mktemp -d and
-- removed when the run ends (or earlier by scratch.clean()), so that a test
-- run leaves nothing in /tmp. os.tmpname would create a file at each call
-- (Lua's /tmp/lua_XXXXXX) that a name with a suffix added never removes.
local M = {}

local dir, count = nil, 0

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

-- The directory itself, made on first use.
function M.dir()
  if not dir then
    local p = assert(io.popen("mktemp -d \"${TMPDIR:-/tmp}/impact-spec.XXXXXX\""))
    dir = p:read("l")
    p:close()
    assert(dir and dir ~= "", "spec/scratch.lua: mktemp -d failed")
  end
  return dir
end

-- A fresh name in the directory (nothing is created): name(".csv").
function M.name(ext)
  count = count + 1
  return string.format("%s/f%d%s", M.dir(), count, ext or "")
end

-- A fresh empty subdirectory.
function M.subdir()
  local d = M.name("")
  assert(os.execute("mkdir -p " .. q(d)))
  return d
end

-- The whole file at path, or nil and io.open's message (the specs read
-- back what they made: scratch files, plots, CSV and JSON).
function M.read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local s = f:read("a")
  f:close()
  return s
end

-- Removes the directory and all in it (the next name makes a new one).
function M.clean()
  if dir then os.execute("rm -rf " .. q(dir)) end
  dir = nil
end

-- When the Lua state closes (busted exits through os.exit(code, true)).
M._sentinel = setmetatable({}, { __gc = function() M.clean() end })

return M
