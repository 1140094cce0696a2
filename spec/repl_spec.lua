-- The REPL driven through tmux: a private server per test
-- (tmux -L impact-test-<pid>-<n>), a temporary IMPACT_HISTORY, screens
-- polled until the expected text appears (ASan makes start-up slow), and
-- the server killed whatever happens.
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")
local BIN = os.getenv("IMPACT_BIN")

local TIMEOUT = 60   -- seconds to wait for a screen (a wait ends as soon as it shows;
                     -- the bound only matters on a loaded machine)

local function q(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

local function has_tmux()
  return os.execute("command -v tmux >/dev/null 2>&1") == true
end

local PID = (function()
  local p = io.popen("echo $PPID")
  local pid = p and p:read("l") or tostring(os.time())
  if p then p:close() end
  return pid
end)()

local count = 0

-- A REPL session in a detached tmux window; the shell line prints
-- "[exit N]" when impact ends, so tests can check the exit status.
-- env: a table of environment variables for impact (IMPACT_HISTORY is
-- unset unless given).
local tmux_dir_path
local function tmux_dir()
  tmux_dir_path = tmux_dir_path or scratch.subdir()
  return tmux_dir_path
end

local function start(env)
  count = count + 1
  local s = { socket = "impact-test-" .. PID .. "-" .. count }
  -- tmux's socket directory among the scratch files (not /tmp/tmux-UID)
  s.tmux = "TMUX_TMPDIR=" .. q(tmux_dir()) .. " tmux -L " .. s.socket .. " -f /dev/null "
  local vars = {}
  -- help pages are printed on the screen the tests read (no pager) unless
  -- a test names one
  if env.IMPACT_PAGER == nil then vars[#vars + 1] = "IMPACT_PAGER=" end
  for k, v in pairs(env) do vars[#vars + 1] = k .. "=" .. q(v) end
  local cmd = "env -u IMPACT_HISTORY " .. table.concat(vars, " ") .. " " .. q(BIN) ..
              "; echo \"[exit $?]\"; sleep 60"
  assert(os.execute(s.tmux .. "new-session -d -x 120 -y 50 -s repl " .. q(cmd)) == true,
         "tmux new-session failed")
  local p = io.popen(s.tmux .. "display-message -p -t repl '#{socket_path}'")
  s.socket_path = p:read("l")
  p:close()

  function s.screen()
    local p = io.popen(s.tmux .. "capture-pane -p -J -S - -t repl 2>/dev/null")
    local text = p:read("a")
    p:close()
    return text
  end

  -- Waits until the screen contains `text` (plain), at least `times` times.
  function s.wait(text, times)
    times = times or 1
    local screen
    local deadline = os.time() + TIMEOUT
    repeat
      screen = s.screen()
      local n, from = 0, 1
      while true do
        local i, j = screen:find(text, from, true)
        if not i then break end
        n, from = n + 1, j + 1
      end
      if n >= times then return screen end
      os.execute("sleep 0.05")
    until os.time() > deadline
    error(("timed out waiting for %q; screen:\n%s"):format(text, screen), 2)
  end

  function s.type(text) os.execute(s.tmux .. "send-keys -t repl -l " .. q(text)) end
  function s.key(...) os.execute(s.tmux .. "send-keys -t repl " .. table.concat({ ... }, " ")) end
  function s.line(text) s.type(text); s.key("Enter") end
  function s.kill()
    os.execute(s.tmux .. "kill-server 2>/dev/null")
    if s.socket_path and s.socket_path ~= "" then os.remove(s.socket_path) end
  end
  return s
end

local function temp_history()
  local h = scratch.name()
  os.remove(h)          -- the host creates it
  return h
end

describe("the REPL", function()
  if not BIN or not has_tmux() then
    it("needs IMPACT_BIN and tmux", function() pending("IMPACT_BIN or tmux missing") end)
    return
  end

  local session, history
  before_each(function()
    history = temp_history()
    session = start{ IMPACT_HISTORY = history }
    session.wait("help() for a guide")
    session.wait("> ")
  end)
  after_each(function()
    session.kill()
    os.remove(history)
  end)

  it("prints the value of an expression typed alone, keeps it in _", function()
    session.line("1+1")
    session.wait("> 1+1\n2\n")
    session.line("_ * 21")
    session.wait("> _ * 21\n42\n")
    session.line("x = 5")
    session.line("x, 'five', nil")
    -- tmux shows the tabs between values as spaces to the next tab stop.
    session.wait('> x, \'five\', nil\n5       "five"  nil\n')
  end)

  it("continues an incomplete statement on the next line with '>>'", function()
    session.line("for i = 1, 3 do")
    session.wait(">> ")
    session.line("print(i * 10)")
    session.line("end")
    session.wait(">> end\n10\n20\n30\n")
  end)

  it("runs a pasted block line by line, as if typed; an error drops the rest", function()
    -- tmux pastes with bracketed-paste marks, as a terminal does.
    local function paste(text)
      os.execute(session.tmux .. "set-buffer -b p " .. q(text))
      os.execute(session.tmux .. "paste-buffer -p -d -b p -t repl")
      session.key("Enter")
    end
    paste("a = 20\na + 1\nfor i = 1, 2 do\nprint(i * a)\nend\na * 3")
    session.wait("\n21\n20\n40\n60\n")
    paste("b = 1\nerror('stop here')\nb = 2")
    session.wait("stop here")
    session.line("b")
    session.wait("> b\n1\n")
  end)

  it("drops the rest of a paste after its first error also without bracketed paste", function()
    -- tmux paste-buffer without -p sends the lines as if typed, without the
    -- bracketed-paste marks: the rest is typed-ahead input.
    os.execute(session.tmux .. "set-buffer -b p " .. q("c = 1\nerror('stop here')\nc = 2\nprint('after')\n"))
    os.execute(session.tmux .. "paste-buffer -d -b p -t repl")
    session.wait("stop here")
    os.execute("sleep 0.5")
    session.line("c")
    local screen = session.wait("> c\n1\n")
    assert.falsy(screen:find("\nafter\n", 1, true), screen)
  end)

  it("prints nested tables readably and results with __tostring through it", function()
    session.line("{ 1, 'a', t = { u = true } }")
    session.wait('{ 1, "a", t = { u = true } }\n')
    session.line("setmetatable({}, { __tostring = function() return 'SUMMARY' end })")
    session.wait("\nSUMMARY\n")
  end)

  it("prints a fast-path sweep's columns (built on first read) and a result nested in a table, indented", function()
    session.line("s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }, " ..
                 "vary = { S0 = { -1, 1 } }, progress = false }")
    session.line("s.columns")
    session.wait("\n  S0 = { -1.0, 1.0 },\n")
    session.line("r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }")
    session.line("{ r = r, n = 1 }")
    session.wait("> { r = r, n = 1 }\n{\n  n = 1,\n  r = solve2d: eccentric impact, mode C-reversed")
    session.wait("\n    coefficients  B1 = 2.5  B2 = 2.5  B3 = 1.5")
  end)

  it("reports an error and goes on", function()
    session.line("error('oops')")
    session.wait("stdin:1: oops\nstack traceback:")
    session.line("2 + 3")
    session.wait("\n5\n")
  end)

  it("returns to the prompt on Ctrl-C in a running loop, with the flag cleared", function()
    session.line("while true do end")
    os.execute("sleep 0.5")
    session.key("C-c")
    session.wait("interrupted!")
    session.line("impact.core._interrupted()")
    session.wait("> impact.core._interrupted()\nfalse\n")
    session.key("C-d")
    session.wait("[exit 0]")
  end)

  it("reports plain 'interrupted!' on Ctrl-C inside a custom law", function()
    session.line("r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, " ..
                 "law = function(s) if not shown then shown = true print('in law') end while true do end end }")
    session.wait("\nin law\n")
    session.key("C-c")
    local screen = session.wait("interrupted!\nstack traceback:")
    assert.falsy(screen:find("raised an error", 1, true), screen)
    session.line("6 * 7")
    session.wait("\n42\n")
  end)

  it("stops a line of three sweeps at Ctrl-C in the second, keeping it in impact.interrupted_sweep", function()
    local path = scratch.name() .. ".csv"
    session.line("for k = 1, 3 do impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }, " ..
      "vary = { S0 = impact.range(-2, 2, 4000), mu = impact.range(0, 1, k == 2 and 5000 or 2) }, " ..
      "out = " .. string.format("%q", path) .. ", keep = false, progress = function(d) " ..
      "if k == 2 and d > 0 and not shown then shown = true print('in sweep ' .. k) end end } print('done ' .. k) end")
    session.wait("in sweep 2")
    session.key("C-c")
    local screen = session.wait("interrupted!\n")
    assert.truthy(screen:find("done 1", 1, true))
    assert.truthy(screen:find("the rows done are kept in " .. path .. " and in impact.interrupted_sweep", 1, true), screen)
    session.line("s = impact.interrupted_sweep print(s.interrupted, s.n > 0, impact.core._interrupted(), s.n == s.total)")
    screen = session.wait("true    true    false   false\n")   -- tabs shown as spaces
    assert.falsy(screen:find("done 2", 1, true))
    assert.falsy(screen:find("done 3", 1, true))
    os.remove(path)
  end)

  it("abandons the line (and a pending chunk) on Ctrl-C at the prompt; Ctrl-D exits", function()
    session.type("this is not lua")
    session.wait("> this is not lua")  -- Ctrl-C flushes unread terminal input
    session.key("C-c")
    session.wait("> this is not lua\n> ")
    session.line("if true then")
    session.wait(">> ")
    session.key("C-c")
    session.wait("> if true then\n>> \n> ", 1)
    session.line("7 * 6")
    session.wait("\n42\n")
    session.key("C-d")
    session.wait("[exit 0]")   -- no leak report under ASan either
  end)

  it("completes impact.ver with Tab to impact.version", function()
    session.type("impact.ver")
    session.key("Tab")
    session.wait("> impact.version")
    session.key("Enter")
    session.wait(("\n%q\n"):format(impact.version))
    session.key("C-d")
    session.wait("[exit 0]")
  end)

  it("completes keys through __index tables and lists methods", function()
    session.line("obj = setmetatable({ own = 1 }, { __index = { inherited = 2 } })")
    session.type("obj.inh")
    session.key("Tab")
    session.wait("> obj.inherited")
    session.key("C-u")
    session.type("hel")
    session.key("Tab")
    session.wait("> help(")                -- a callable table
    session.key("C-u")
    session.line("s = 'x'")
    session.type("s:up")
    session.key("Tab")
    session.wait("> s:upper(")
    -- Several candidates: Tab Tab lists them by their last name only.
    session.key("C-u")
    session.type("string.")
    session.key("Tab", "Tab")
    session.wait("upper(")
    local screen = session.wait("format(")   -- the list may still be printing
    assert.falsy(screen:find("string.upper", 1, true))
    session.key("C-u", "C-d")
    session.wait("[exit 0]")
  end)

  it("pages a help page longer than the screen through the pager", function()
    session.kill()
    session = start{ IMPACT_HISTORY = history, IMPACT_PAGER = "head -3" }
    session.wait("help() for a guide")
    session.wait("> ")
    session.line('help("solve2d")')
    session.wait("===\n")
    session.line("1 + 1")
    local screen = session.wait("\n2\n")
    assert.truthy(screen:find("impact.solve2d(t) -> result", 1, true), screen)
    assert.falsy(screen:find("One planar impact", 1, true), screen)   -- the pager showed 3 lines
  end)

  it("completes help topics inside help(\"...\") and shows a result's page for help(r)", function()
    session.type('help("sol')
    session.key("Tab")
    session.wait('> help("solve')                 -- solve2d, solve3d
    session.type("3")
    session.key("Tab")
    session.wait('> help("solve3d"')
    session.key("C-u")
    session.type("help('rep")
    session.key("Tab")
    session.wait("> help('repl'")
    session.key("C-u")
    session.type('impact.help("plot.p')
    session.key("Tab")
    session.wait('> impact.help("plot.path"')
    session.key("C-u")
    session.type('help("sweep_')
    session.key("Tab", "Tab")
    local screen = session.wait("sweep_merge")
    assert.truthy(screen:find("sweep_read", 1, true), screen)
    session.key("C-u")
    session.line("r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }")
    session.line("help(r)")
    session.wait("> help(r)\nimpact.solve2d(t) -> result\n")
    session.key("C-d")
    session.wait("[exit 0]")
  end)

  it("completes file names in strings, absolute and relative, and lists them by name", function()
    local dir = scratch.name()
    os.remove(dir)
    assert(os.execute("mkdir -p " .. q(dir .. "/sub-dir") .. " && touch " ..
                      q(dir .. "/sub-dir/file_one.lua") .. " " .. q(dir .. "/rod_a.png") .. " " ..
                      q(dir .. "/rod_a.dat")))
    session.type('f = "' .. dir .. "/sub-")
    session.key("Tab")
    session.wait('> f = "' .. dir .. "/sub-dir/")
    session.key("Tab")
    session.wait('> f = "' .. dir .. '/sub-dir/file_one.lua"')
    session.key("C-u")
    session.type('g = "' .. dir .. "/rod_")
    session.key("Tab")
    session.wait('> g = "' .. dir .. "/rod_a.")
    session.key("Tab", "Tab")
    local screen = session.wait("rod_a.png")
    assert.truthy(screen:find("rod_a.dat", 1, true))
    session.key("C-u", "C-d")
    session.wait("[exit 0]")
    os.execute("rm -rf " .. q(dir))
  end)

  it("completes the fields a result builds on first read (path)", function()
    session.line("r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }")
    session.type("r.pa")
    session.key("Tab")
    session.wait("> r.path")
    session.key("C-u")
    session.line("s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }, " ..
                 "vary = { S0 = { -1, 1 } }, progress = false }")
    session.type("s.columns.Del")   -- the fast path builds its columns on first read
    session.key("Tab")
    session.wait("> s.columns.Delta")
    session.key("C-u", "C-d")
    session.wait("[exit 0]")
  end)

  it("keeps history across sessions, a multi-line chunk as one entry", function()
    session.line("marker = 12345")
    session.line("for i = 1, 2 do")
    session.line("end")
    session.wait(">> end\n> ")
    session.key("C-d")
    session.wait("[exit 0]")
    session.kill()

    session = start{ IMPACT_HISTORY = history }
    session.wait("help() for a guide")
    session.key("Up")
    session.wait("> for i = 1, 2 do\nend")
    session.key("Up")
    session.wait("> marker = 12345")
    session.key("Enter")
    session.line("marker + 1")
    session.wait("\n12346\n")
  end)

  it("keeps history in $XDG_STATE_HOME/impact/history (or ~/.local/state), creating directories", function()
    session.kill()
    local dir = scratch.name()
    os.remove(dir)
    for _, env in ipairs{ { XDG_STATE_HOME = dir .. "/state" }, { HOME = dir .. "/home", XDG_STATE_HOME = "" } } do
      session = start(env)
      session.wait("help() for a guide")
      session.line("where = 'xdg'")
      session.key("C-d")
      session.wait("[exit 0]")
      session.kill()
    end
    for _, path in ipairs{ dir .. "/state/impact/history", dir .. "/home/.local/state/impact/history" } do
      local f = io.open(path)
      assert.is_truthy(f, path)
      assert.truthy(f:read("a"):find("\nwhere = 'xdg'\n", 1, true))
      f:close()
    end
    os.execute("rm -rf " .. q(dir))
  end)
end)
