-- The impact executable from outside: arguments, exit codes, error
-- messages, the module found from the build tree or an install prefix,
-- Ctrl-C. The binary is $IMPACT_BIN (set by scripts/test).
local scratch = require("spec.scratch")   -- scratch files, removed after the run
local impact = require("impact")
local BIN = os.getenv("IMPACT_BIN")

local function q(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

local function slurp(path) return scratch.read(path) or "" end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- run{args..., stdin = text, env = {NAME = value}, bin = path}
-- -> { out =, err =, code = } (code 128 + n when killed by signal n)
local function run(t)
  local out, err, input = scratch.name(), scratch.name(), scratch.name()
  write(input, t.stdin or "")
  local cmd = { "env" }
  for k, v in pairs(t.env or {}) do cmd[#cmd + 1] = k .. "=" .. q(v) end
  cmd[#cmd + 1] = q(t.bin or BIN)
  for _, a in ipairs(t) do cmd[#cmd + 1] = q(a) end
  local line = table.concat(cmd, " ") .. " <" .. q(input) .. " >" .. q(out) .. " 2>" .. q(err)
  local _, how, n = os.execute(line)
  local r = { out = slurp(out), err = slurp(err), code = how == "exit" and n or 128 + n }
  os.remove(out); os.remove(err); os.remove(input)
  return r
end

local function script(text)
  local path = scratch.name()
  write(path, text)
  return path
end

describe("the impact host", function()
  if not BIN then
    it("needs IMPACT_BIN (scripts/test sets it)", function() pending("IMPACT_BIN not set") end)
    return
  end

  describe("options as in lua", function()
    it("-e runs a chunk with the module preloaded as `impact`, help as `help`", function()
      local r = run{ "-e", "print(1 + 1, type(impact), impact == require('impact'), help == impact.help)" }
      assert.are.equal("2\ttable\ttrue\ttrue\n", r.out)
      assert.are.equal("", r.err)
      assert.are.equal(0, r.code)
    end)

    it("-v prints the version", function()
      local r = run{ "-v" }
      assert.are.equal(0, r.code)
      assert.truthy(r.out:find("^impact " .. impact.version:gsub("%.", "%%.") .. " on Lua 5%.4"))
    end)

    it("-h and --help print the usage on stdout and exit 0 without running anything", function()
      for _, opt in ipairs{ "-h", "--help" } do
        local r = run{ "-e", "print('ran')", opt, stdin = "print('stdin ran')" }
        assert.are.equal(0, r.code, opt)
        assert.are.equal("", r.err, opt)
        assert.truthy(r.out:find("^usage: impact %[options%] %[script %[args%]%]\n"), r.out)
        assert.truthy(r.out:find("\n  -h, --help   show this text and exit\n", 1, true), r.out)
        assert.truthy(r.out:find("\n  --shard k/n  ", 1, true), r.out)
        assert.falsy(r.out:find("ran", 1, true), r.out)
      end
      -- After the script, it is the script's argument.
      local s = script("print(...)")
      assert.are.equal("--help\n", run{ s, "--help" }.out)
      os.remove(s)
      assert.are.equal(1, run{ "-hx" }.code)
    end)

    it("--version prints the version and exits 0", function()
      local r = run{ "--version", stdin = "print('stdin ran')" }
      assert.are.equal(0, r.code)
      assert.are.equal("", r.err)
      assert.truthy(r.out:find("^impact " .. impact.version:gsub("%.", "%%.") .. " on Lua 5%.4[^\n]*\n$"), r.out)
    end)

    it("runs several -e in order, then the script", function()
      local s = script("print(x, ...)")
      local r = run{ "-e", "x = 1", "-e", "x = x + 1", s, "a" }
      assert.are.equal("2\ta\n", r.out)
      os.remove(s)
    end)

    it("-l mod and -l g=mod require into globals", function()
      local r = run{ "-l", "pp=impact.pretty", "-e", "print(pp.format({1, 'a'}))" }
      assert.are.equal('{ 1, "a" }\n', r.out)
      r = run{ "-lstring", "-e", "print(string.rep('x', 3))" }
      assert.are.equal("xxx\n", r.out)
    end)

    it("runs stdin with '-', and when stdin is not a terminal and there is nothing to do", function()
      assert.are.equal("a\tb\n", run{ "-", "a", "b", stdin = "print(...)" }.out)
      assert.are.equal("piped\n", run{ stdin = "print('piped')" }.out)
    end)

    it("'--' ends the options", function()
      local s = script("print(select('#', ...), ...)")
      local r = run{ "--", s, "-e", "x" }
      assert.are.equal("2\t-e\tx\n", r.out)
      os.remove(s)
    end)

    it("-i runs the REPL after the other options (here reading a pipe)", function()
      local r = run{ "-e", "x = 41", "-i", stdin = "x + 1\n" }
      assert.are.equal(0, r.code)
      assert.truthy(r.out:find("\n42\n", 1, true), r.out)
    end)

    it("-i reads a pipe without readline: stray bytes are Lua errors, never a crash", function()
      -- issue 17: these bytes made readline 8.2 abort (double free) on a pipe
      local r = run{ "-i", stdin = "\xaf\n\x10\xf1\x1bn\x07\xe4\xe6\x0e\x14" }
      assert.are.equal(0, r.code, r.err)
      assert.truthy(r.err:find("stdin:1: unexpected symbol near '<\\175>'", 1, true), r.err)
      assert.truthy(r.err:find("stdin:1: unexpected symbol near '<\\16>'", 1, true), r.err)
      r = run{ "-i", stdin = "x = 1\nfor i = 1, 2 do\nx = x + i\nend\nx\n" }
      assert.are.equal(0, r.code, r.err)
      assert.truthy(r.out:find("> x\n4\n> \n$"), r.out)   -- lines echoed, as in a session
    end)

    it("-E ignores LUA_INIT, which otherwise runs first", function()
      local env = { LUA_INIT = "x = 5" }
      assert.are.equal("5\n", run{ "-e", "print(x)", env = env }.out)
      assert.are.equal("nil\n", run{ "-E", "-e", "print(x)", env = env }.out)
      local s = script("y = 7")
      assert.are.equal("7\n", run{ "-e", "print(y)", env = { LUA_INIT_5_4 = "@" .. s } }.out)
      os.remove(s)
    end)

    it("rejects unknown options with the usage", function()
      local r = run{ "-x" }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("impact: unrecognized option '-x'", 1, true))
      assert.truthy(r.err:find("usage: impact [options] [script [args]]", 1, true))
      r = run{ "-e" }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("'-e' needs argument", 1, true))
      assert.are.equal(1, run{ "--bogus" }.code)
    end)
  end)

  describe("scripts", function()
    it("get `arg` as in lua (negative indices for the interpreter and options) and `...`", function()
      local s = script([[
        print(#arg, arg[0] == SELF, arg[1], arg[2], arg[-1], arg[-2] == BIN, select("#", ...), ...)
      ]])
      local r = run{ "-e", "SELF, BIN = " .. string.format("%q, %q", s, BIN), s, "one", "two words" }
      -- arg[-1] is the -e chunk, arg[-2] the "-e", arg[-3] the interpreter.
      assert.are.equal(0, r.code)
      assert.are.equal(("2\ttrue\tone\ttwo words\t%s\tfalse\t2\tone\ttwo words\n")
        :format("SELF, BIN = " .. string.format("%q, %q", s, BIN)), r.out)
      os.remove(s)
      s = script("print(arg[0], arg[-1], arg[-2], #arg)")
      assert.are.equal(s .. "\t" .. BIN .. "\tnil\t1\n", run{ s, "x" }.out)
      os.remove(s)
    end)

    it("return their exit code through os.exit", function()
      assert.are.equal(3, run{ "-e", "os.exit(3)" }.code)
      assert.are.equal(1, run{ "-e", "os.exit(false)" }.code)
      assert.are.equal(0, run{ "-e", "os.exit(true)" }.code)
    end)

    it("report an error with its message and a traceback on stderr, exit 1", function()
      local s = script("local function f() error('boom') end\nf()\n")
      local r = run{ s }
      assert.are.equal(1, r.code)
      assert.are.equal("", r.out)
      assert.truthy(r.err:find("^impact: " .. s:gsub("%p", "%%%0") .. ":1: boom\nstack traceback:\n"), r.err)
      assert.truthy(r.err:find("in local 'f'", 1, true) or r.err:find("in function 'f'", 1, true), r.err)
      os.remove(s)
    end)

    it("report non-string errors readably", function()
      local r = run{ "-e", "error({})" }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("(error object is a table value)", 1, true), r.err)
      r = run{ "-e", "error(setmetatable({}, {__tostring = function() return 'custom' end}))" }
      assert.are.equal("impact: custom\n", r.err)
    end)

    it("report syntax errors and missing files", function()
      local s = script("x = = 1")
      local r = run{ s }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("unexpected symbol near '='", 1, true), r.err)
      os.remove(s)
      r = run{ "/nonexistent/study.lua" }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("cannot open /nonexistent/study.lua", 1, true), r.err)
    end)

    it("stop at the first failing -e without running the script", function()
      local r = run{ "-e", "error('first')", "-e", "print('second')" }
      assert.are.equal(1, r.code)
      assert.are.equal("", r.out)
      assert.truthy(r.err:find("first", 1, true))
    end)
  end)

  describe("--shard k/n", function()
    it("sets impact.default_shard after loading the module", function()
      assert.are.equal("2\t5\n", run{ "--shard", "2/5", "-e",
        "print(impact.default_shard[1], impact.default_shard[2])" }.out)
      assert.are.equal("1\t1\n", run{ "--shard=1/1", "-e",
        "print(impact.default_shard[1], impact.default_shard[2])" }.out)
      assert.are.equal("nil\n", run{ "-e", "print(impact.default_shard)" }.out)
      local s = script("print(impact.default_shard[1], ...)")
      assert.are.equal("3\tx\n", run{ "--shard", "3/4", s, "x" }.out)
      os.remove(s)
    end)

    it("rejects anything but integers 1 <= k <= n", function()
      for _, bad in ipairs{ "0/3", "4/3", "a/b", "1/", "/2", "1/2x", "-1/2", "1.5/2", "" } do
        local r = run{ "--shard", bad, "-e", "print('ran')" }
        assert.are.equal(1, r.code, bad)
        assert.are.equal("", r.out, bad)
        assert.truthy(r.err:find("--shard wants k/n with integers 1 <= k <= n, got '" .. bad .. "'", 1, true), r.err)
      end
      local r = run{ "--shard" }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("'--shard' needs argument", 1, true), r.err)
    end)
  end)

  describe("finding the Lua files", function()
    local function sh(cmd) assert.is_true(os.execute(cmd) == true, cmd) end

    it("prefers <prefix>/share/lua/5.4 when the executable is in <prefix>/bin", function()
      local root = scratch.name()
      os.remove(root)
      sh("mkdir -p " .. q(root .. "/bin") .. " " .. q(root .. "/share/lua/5.4/impact") .. " " .. q(root .. "/other"))
      sh("cp " .. q(BIN) .. " " .. q(root .. "/bin/impact"))
      sh("cp " .. q(BIN) .. " " .. q(root .. "/other/impact"))
      write(root .. "/share/lua/5.4/impact/init.lua", "return { version = 'from-prefix' }")
      local code = "print(impact.version, help)"
      assert.are.equal("from-prefix\tnil\n", run{ "-e", code, bin = root .. "/bin/impact" }.out)
      -- Elsewhere, the build's source tree.
      assert.are.equal(impact.version, run{ "-e", "io.write(impact.version)", bin = root .. "/other/impact" }.out)
      sh("rm -rf " .. q(root))
    end)

    it("needs no environment variable, and ignores LUA_PATH for the module itself", function()
      local r = run{ "-e", "print(package.searchpath('impact', package.path) ~= nil)",
                     env = { LUA_PATH = "/nowhere/?.lua" } }
      assert.are.equal("true\n", r.out)
    end)

    it("can require impact.core again after package.loaded is cleared", function()
      local r = run{ "-e", "package.loaded['impact.core'] = nil; print(require('impact.core').version == impact.version)",
                     env = { LUA_CPATH = "/nowhere/?.so" } }
      assert.are.equal("true\n", r.out)
    end)
  end)

  describe("sweep threads", function()
    local SWEEP = "print(impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }, " ..
      "vary = { S0 = { 0.6 } } }.threads)"

    it("default to the processors the process may run on (its CPU affinity)", function()
      if not os.execute("command -v taskset >/dev/null 2>&1") then pending("no taskset") return end
      local r = run{ bin = "taskset", "-c", "0", BIN, "-e", "print(impact.core._ncpu())" }
      assert.are.equal("1\n", r.out, r.err)
      r = run{ bin = "taskset", "-c", "0", BIN, "-e", SWEEP }
      assert.are.equal("1\n", r.out, r.err)
    end)

    it("follow IMPACT_THREADS when set, and reject a bad value by name", function()
      local r = run{ "-e", SWEEP, env = { IMPACT_THREADS = "3" } }
      assert.are.equal("3\n", r.out, r.err)
      r = run{ "-e", "print(impact.sweep{ vary = { x = { 1 } }, solve = function() return 1 end, threads = 2 }.threads)",
               env = { IMPACT_THREADS = "3" } }
      assert.are.equal("2\n", r.out, r.err)   -- the field wins
      r = run{ "-e", SWEEP, env = { IMPACT_THREADS = "many" } }
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("sweep: IMPACT_THREADS must be an integer in [1, 1024], got 'many'", 1, true), r.err)
    end)
  end)

  describe("Ctrl-C (SIGINT)", function()
    -- Starts impact with `code`, waits for it to print "ready", sends
    -- SIGINT `times` times (waiting for "again" before the second), then
    -- returns { out, err, code }.
    local function interrupt(code, times)
      local out, err = scratch.name(), scratch.name()
      local sh = table.concat({
        q(BIN) .. " -e " .. q(code) .. " >" .. q(out) .. " 2>" .. q(err) .. " </dev/null &",
        "pid=$!",
        "wait_for() { i=0; while ! grep -q \"$1\" " .. q(out) .. " 2>/dev/null && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done; }",
        "wait_for ready; kill -INT $pid",
        times > 1 and "wait_for again; sleep 0.2; kill -INT $pid" or ":",
        "( sleep 20; kill -9 $pid 2>/dev/null ) & guard=$!",
        "wait $pid; rc=$?; kill $guard 2>/dev/null; exit $rc",
      }, "\n")
      local _, how, n = os.execute(sh)
      local r = { out = slurp(out), err = slurp(err), code = how == "exit" and n or 128 + n }
      os.remove(out); os.remove(err)
      return r
    end

    local READY = "io.write('ready\\n') io.stdout:flush() "

    it("interrupts a running loop with 'interrupted!' and a traceback", function()
      local r = interrupt(READY .. "while true do end", 1)
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("^impact: interrupted!\nstack traceback:"), r.err)
    end)

    it("stops a custom law (a Lua function) with the plain 'interrupted!', not a law error", function()
      local law = "function(s) if not shown then shown = true " .. READY .. "end while true do end end"
      local solve = "impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, law = " .. law .. " }"
      local r = interrupt("print(pcall(function() return " .. solve .. " end))", 1)
      assert.are.equal(0, r.code, r.err)
      assert.are.equal("ready\nfalse\tinterrupted!\n", r.out)
      r = interrupt(solve, 1)
      assert.are.equal(1, r.code)
      assert.truthy(r.err:find("^impact: interrupted!\nstack traceback:"), r.err)
      assert.falsy(r.err:find("raised an error", 1, true), r.err)
    end)

    it("stops a published model's moment law with the plain 'interrupted!', not a model error", function()
      local moment = "function(s) if not shown then shown = true " .. READY .. "end while true do end end"
      local solve = "impact.solve2d{ model = 'cs', e = 0.5, mu = 0.3, moment = " .. moment ..
                    ", body1 = { m = 1, rho = 0.3, x = 0.3, y = 0.3, vx = 0.6, vy = -1, w = 0 } }"
      local r = interrupt("print(pcall(function() return " .. solve .. " end))", 1)
      assert.are.equal(0, r.code, r.err)
      assert.are.equal("ready\nfalse\tinterrupted!\n", r.out)
    end)

    it("raises the core's interrupt flag for loops in C", function()
      local r = interrupt(READY .. "local ok, e = pcall(function() while true do end end) " ..
                          "print(e, impact.core._interrupted())", 1)
      assert.are.equal(0, r.code)
      assert.truthy(r.out:find("interrupted!\ttrue\n", 1, true), r.out)
    end)

    it("stops a script in a sweep: the rows done kept in a valid CSV and impact.interrupted_sweep", function()
      -- A loop of three sweeps: Ctrl-C in the second stops the script (exit
      -- 1), as it stops any Lua code; on the C fast path and on the Lua path.
      for _, fast in ipairs{ "true", "false" } do
        local path = scratch.name() .. ".csv"
        local code = "for k = 1, 3 do impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 }, " ..
          "vary = { S0 = impact.range(-2, 2, 4000), mu = impact.range(0, 1, k == 2 and 5000 or 2) }, fast = " .. fast .. ", " ..
          "out = " .. string.format("%q", path) .. ", keep = false, progress = function(done) " ..
          "if k == 2 and done > 0 then io.write('ready\\n') io.stdout:flush() end end } " ..
          "print('done ' .. k) end"
        local r = interrupt(code, 1)
        assert.are.equal(1, r.code, r.err)
        assert.truthy(r.out:find("done 1\n", 1, true), r.out)
        assert.falsy(r.out:find("done 2", 1, true), r.out)
        local n, total, file = r.err:match("sweep: interrupted after (%d+) of (%d+) points; " ..
          "the rows done are kept in (%S+) and in impact.interrupted_sweep\n")
        assert.truthy(n, r.err)
        assert.are.equal(path, file)
        assert.are.equal("20000000", total)
        assert.truthy(r.err:find("impact: interrupted!\nstack traceback:", 1, true), r.err)
        local back = impact.sweep_read(path)
        assert.is_true(back.interrupted)
        assert.are.equal(tonumber(n), back.n)
        assert.is_true(back.n > 0)
        local last
        for line in io.lines(path) do last = line end
        assert.are.equal("# interrupted after " .. n .. " of 20000000 points", last)
        os.remove(path)
      end
    end)

    it("kills the process on a second Ctrl-C while the first is pending, as lua does", function()
      local r = interrupt(READY .. "pcall(function() while true do end end) " ..
                          "io.write('again\\n') io.stdout:flush() while true do end", 2)
      assert.are.equal(128 + 2, r.code)
    end)
  end)
end)
