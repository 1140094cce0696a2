-- The sweep's progress bar: points done, rate and time left, redrawn on
-- stderr at most ten times a second, only when stderr is a terminal.
local M = {}

local function clock(s)
  s = math.max(0, math.floor(s + 0.5))
  return string.format("%d:%02d:%02d", s // 3600, s // 60 % 60, s % 60)
end

local function rate(r)
  if r >= 1e6 then return string.format("%.1fM", r / 1e6) end
  if r >= 1e3 then return string.format("%.1fk", r / 1e3) end
  return string.format("%.0f", r)
end

-- new(core, total, wanted) -> bar with :tick(done) and :finish(done).
-- wanted: false (never), true/nil (when stderr is a terminal), or a
-- function(done, total) called instead of drawing.
function M.new(core, total, wanted)
  if wanted ~= nil and type(wanted) ~= "boolean" then   -- a function or callable
    return { tick = function(_, done) wanted(done, total) end,
             finish = function(_, done) wanted(done, total) end }
  end
  local enabled = wanted ~= false and total > 0 and core._isatty(2)
  local t0 = core._now()
  local last = -1
  local bar = {}

  local function draw(done, final)
    local now = core._now()
    if not final and now - last < 0.1 then return end
    last = now
    local el = now - t0
    local r = el > 0 and done / el or 0
    local left = r > 0 and (total - done) / r or 0
    local w = 24
    local fill = math.floor(w * done / total)
    io.stderr:write(string.format("\rsweep [%s%s] %d/%d %3d%%  %s pts/s  %s %s ",
      string.rep("#", fill), string.rep(".", w - fill), done, total,
      math.floor(100 * done / total), rate(r), final and clock(el) or clock(left),
      final and "elapsed" or "left"))
    if final then io.stderr:write("\n") end
    io.stderr:flush()
  end

  function bar:tick(done) if enabled then draw(done, false) end end
  function bar:finish(done) if enabled then draw(done, true) end end
  return bar
end

return M
