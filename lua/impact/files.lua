-- Files written whole or not at all (sweep CSV and JSON, merges, plot data
-- and scripts, space_map): the text goes to a private file beside the
-- target ("NAME.PID-N.tmp", created exclusively), which is renamed over
-- the target once written and closed without error. So a reader never sees
-- a partial file under the target's name, a write error (a full disk)
-- raises an error naming the file and leaves no partial file behind, and
-- of two processes writing the same name the last to finish wins whole.
-- A target that is not a regular file (a device such as /dev/null, a pipe,
-- a symbolic link) is written in place, with the same checks.
local core = require("impact.core")

local M = {}

local function raise(fname, path, why)
  error(string.format("%s: cannot write %s: %s", fname, path, tostring(why)), 0)
end

-- io's messages start with the path when given one ("x: No such file"):
-- the reason alone, the path being named by raise.
local function reason(err, path)
  err = tostring(err)
  local p = path .. ": "
  if err:sub(1, #p) == p then return err:sub(#p + 1) end
  return err
end

-- open(fname, path) -> w with w.file (an io file), w:write(...),
-- w:flush(), w:commit() (close, then rename over path) and w:abort()
-- (close and remove the private file). Every method raises
-- "fname: cannot write path: reason" on an error, the private file removed.
function M.open(fname, path)
  local kind = core._file_kind(path)
  if kind == "directory" then raise(fname, path, "it is a directory") end
  local f, tmp, err
  if kind == "other" then
    f, err = io.open(path, "w")
  else
    f, tmp = core._create_temp(path)
    if not f then err = tmp tmp = nil end
  end
  if not f then raise(fname, path, reason(err, path)) end
  local w = { file = f, path = path, tmp = tmp, fname = fname }

  function w:abort()
    if io.type(f) == "file" then f:close() end
    if tmp then os.remove(tmp) end
  end
  -- ok, err from an io call (or a C writer): raises on failure.
  function w:check(ok, why)
    if not ok then
      w.failed = true
      w:abort()
      raise(fname, path, why)
    end
    return ok
  end
  function w:write(...) return w:check(f:write(...)) end
  function w:flush() return w:check(f:flush()) end
  function w:commit()
    local ok, why = f:close()
    if not ok then
      if tmp then os.remove(tmp) end
      raise(fname, path, why)
    end
    if tmp then
      ok, why = os.rename(tmp, path)
      if not ok then
        os.remove(tmp)
        raise(fname, path, reason(why, tmp))
      end
      tmp = nil   -- renamed: nothing left to remove
    end
    w.done = true
  end
  return w
end

-- write(fname, path, ...) : the strings given, as the whole file. Any
-- error (Ctrl-C included) removes the private file before it is raised.
function M.write(fname, path, ...)
  local w = M.open(fname, path)
  local ok, err = pcall(function(...) w:write(...) w:commit() end, ...)
  if not ok then
    w:abort()
    error(err, 0)
  end
end

return M
