-- The documentation is tested: every example of README.md, of the manual's
-- pages (doc/*.md) and of the help()
-- pages that shows its output is run and what it prints is compared, so the
-- docs cannot drift from the code.
--
-- The convention (README.md and doc/*.md; fenced blocks):
--
--   * A ```lua block is a script. A line ending in `--> text` shows what that
--     line prints: the output of the line is compared with `text` (for a
--     line that is only `--> text`, the output since the previous checked
--     line, e.g. of a print written over several lines). A line that is not
--     a print shows its value as the REPL prints it (impact.pretty). A
--     closing remark in parentheses, `--> 0.1125 (gain)`, is not compared.
--   * A ```lua block followed directly (no text between) by a plain ```
--     block: that block is what the script prints (after its last `-->`
--     line, if any).
--   * A ```sh block `scripts/run examples/x.lua [args]` followed by a plain
--     block: that block is what the example prints.
--   * A plain block whose first line starts with "> " is a REPL transcript:
--     each "> " line (with its ">> " continuation lines) runs as the REPL
--     runs it, and the lines up to the next prompt are what it prints.
--   * A ```sh block building examples/c/solve2d.c followed by a plain block:
--     tests/install_check.sh (CTest install_c_example) compares the C
--     example's output with that block.
--   * `<!-- doc-test: file NAME -->` before a plain block: the file NAME
--     that the script before the previous block wrote begins with the
--     block's lines.
--   * `<!-- doc-test: skip (reason) -->` before a block: not checked. Every
--     other plain block must be one of the above, so no output shown in the
--     README or the manual escapes the test.
--
-- Comparing: lines are compared word by word (runs of spaces do not
-- matter); a number compares equal when it agrees to the digits shown (half
-- a unit of the last digit), so help pages may show 6 digits. An expected
-- line "..." stands for any number of lines; a line ending in "..." matches
-- any line that begins with the text before it.
--
-- help() pages: an entry's `example` whose lines carry `-->` is run as a
-- ```lua block (with `impact` a global, as in the REPL).
--
-- Scripts run as separate processes, each in a fresh temporary directory
-- (so the files they write go there): inside the host pass with the host,
-- in the stock pass with lua5.4 (so the examples run under stock Lua).
-- README and manual script blocks and examples/*.lua start with
-- `local impact = require "impact"`.

local in_host = rawget(_G, "impact") ~= nil
local interp = in_host and os.getenv("IMPACT_BIN") or "lua5.4"

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local function sh(cmd)
  local p = io.popen(cmd)
  local s = p:read("a")
  p:close()
  return s
end

local ROOT = sh("pwd"):gsub("%s+$", "")
local dirs = {}

local function lines_of(s)
  local t = {}
  for l in (s:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do t[#t + 1] = l end
  if s == "" then t = {} end
  return t
end

-- Runs a script (text) or a file with args in a fresh directory; returns
-- ok, stdout, stderr, the directory.
local function run(script, args)
  local dir = sh("mktemp -d"):gsub("%s+$", "")
  dirs[#dirs + 1] = dir
  local file = script
  if not args then
    file = dir .. "/doc_example.lua"
    local f = assert(io.open(file, "w"))
    f:write(script)
    f:close()
  end
  local ok = os.execute(string.format("cd %q && %q %q %s >stdout.txt 2>stderr.txt </dev/null",
                                      dir, interp, file, args or ""))
  return ok == true, read(dir .. "/stdout.txt"), read(dir .. "/stderr.txt"), dir
end

-- ---- comparing ----------------------------------------------------------------

local function words(s)
  local t = {}
  for w in s:gmatch("%S+") do t[#t + 1] = w end
  return t
end

local function split_num(w)
  local pre, core, post = w:match("^([%(%[{]*)(.-)([,;:%)%]}]*)$")
  return pre, core, post
end

local function num_eq(e, a)
  local ve, va = tonumber(e), tonumber(a)
  if not ve or not va then return false end
  if ve == va then return true end
  local mant, ex = e:lower():match("^[-+]?([%d%.]+)e([-+]?%d+)$")
  mant = mant or e:match("^[-+]?([%d%.]+)$")
  if not mant then return false end
  local dec = #(mant:match("%.(%d*)$") or "")
  local tol = 0.5 * 10 ^ ((tonumber(ex) or 0) - dec)
  return math.abs(va - ve) <= tol * (1 + 1e-9) + 1e-15 * math.abs(ve)
end

local function word_eq(e, a)
  if e == a then return true end
  local pe, ce, se = split_num(e)
  local pa, ca, sa = split_num(a)
  return pe == pa and se == sa and num_eq(ce, ca)
end

local function line_eq(e, a)
  e, a = e:gsub("%s+$", ""), a:gsub("%s+$", "")
  if e ~= "..." and e:sub(-3) == "..." then
    return a:sub(1, #e - 3) == e:sub(1, -4)
  end
  local we, wa = words(e), words(a)
  if #we ~= #wa then return false end
  for i = 1, #we do
    if not word_eq(we[i], wa[i]) then return false end
  end
  return true
end

-- Expected lines (with "..." elisions) against actual lines.
local function match_lines(exp, act)
  local function m(i, j)
    if i > #exp then return j > #act end
    if exp[i]:match("^%s*%.%.%.%s*$") then
      for k = j, #act + 1 do
        if m(i + 1, k) then return true end
      end
      return false
    end
    return j <= #act and line_eq(exp[i], act[j]) and m(i + 1, j + 1)
  end
  return m(1, 1)
end

local function assert_lines(what, exp, act)
  if not match_lines(exp, act) then
    local shown = { table.unpack(act, 1, math.min(#act, #exp + 20)) }
    if #act > #shown then shown[#shown + 1] = string.format("(%d lines more)", #act - #shown) end
    error(string.format("%s: the output differs from the docs\n--- documented:\n%s\n--- printed:\n%s",
                        what, table.concat(exp, "\n"), table.concat(shown, "\n")), 0)
  end
end

-- ---- scripts with --> lines ---------------------------------------------------

local BEGIN, END = "@@doc-test begin@@", "@@doc-test end@@"

-- The expected text of a `-->` comment, and the code before it.
local function arrow(line)
  local code, text = line:match("^(.-)%-%->%s?(.*)$")
  if not code then return nil end
  text = text:gsub("%s+$", ""):gsub("%s+%(%a[^%)]*%)$", "")
  return code, text
end

-- Instruments a script: markers around each checked line. Returns the
-- script and the list of expected texts.
local function instrument(src)
  local out, checks = {}, {}
  for _, line in ipairs(lines_of(src)) do
    local code, text = arrow(line)
    if code then
      checks[#checks + 1] = text
      if code:match("%S") then
        out[#out + 1] = string.format("print(%q)", BEGIN)
        if not code:match("^%s*print%s*%(") and not code:match("=") then
          code = "print(require('impact.pretty').values(" .. code .. "))"
        end
        out[#out + 1] = code
      else
        out[#out + 1] = line
      end
      out[#out + 1] = string.format("print(%q)", END)
    else
      out[#out + 1] = line
    end
  end
  return table.concat(out, "\n") .. "\n", checks
end

-- Runs a script and compares its --> lines; returns the output after the
-- last marker (what a following output block shows) and the directory.
local function run_checked(what, src)
  local script, checks = instrument(src)
  local ok, out, err, dir = run(script)
  assert(ok, what .. ": the example failed:\n" .. err .. out)
  local got, buf = {}, {}
  for _, l in ipairs(lines_of(out)) do
    if l == BEGIN then
      buf = {}
    elseif l == END then
      got[#got + 1] = buf
      buf = {}
    else
      buf[#buf + 1] = l
    end
  end
  assert.equal(#checks, #got, what .. ": checked lines run")
  for i, text in ipairs(checks) do
    assert_lines(string.format("%s, line '--> %s'", what, text), { text },
                 { table.concat(got[i], " ") })
  end
  return buf, dir
end

-- ---- REPL transcripts ---------------------------------------------------------

local function transcript_script(block)
  local steps, cur = {}, nil
  for _, l in ipairs(block) do
    if l:match("^> ") then
      cur = { src = l:sub(3), out = {} }
      steps[#steps + 1] = cur
    elseif l:match("^>> ") then
      cur.src = cur.src .. "\n" .. l:sub(4)
    else
      cur.out[#cur.out + 1] = l
    end
  end
  local s = { "impact = require 'impact'", "help = impact.help",
              "local pretty = require 'impact.pretty'",
              "local function step(src)",
              "  local f = load('return ' .. src, '=stdin') or assert(load(src, '=stdin'))",
              "  local r = table.pack(f())",
              "  if r.n > 0 then _ = r[1]; print(pretty.values(table.unpack(r, 1, r.n))) end",
              "end" }
  for _, st in ipairs(steps) do
    s[#s + 1] = string.format("print(%q)", BEGIN)
    s[#s + 1] = string.format("step(%q)", st.src)
    s[#s + 1] = string.format("print(%q)", END)
  end
  return table.concat(s, "\n") .. "\n", steps
end

local function check_transcript(what, block)
  local script, steps = transcript_script(block)
  local ok, out, err = run(script)
  assert(ok, what .. ": the transcript failed:\n" .. err .. out)
  local got, buf = {}, {}
  for _, l in ipairs(lines_of(out)) do
    if l == BEGIN then buf = {}
    elseif l == END then got[#got + 1] = buf
    else buf[#buf + 1] = l end
  end
  assert.equal(#steps, #got, what .. ": steps run")
  for i, st in ipairs(steps) do
    assert_lines(what .. ", '> " .. st.src .. "'", st.out, got[i])
  end
end

-- ---- README -------------------------------------------------------------------

-- Fenced blocks: {lang, lines, marker, line}.
local function blocks_of(text)
  local bl, cur, marker, gap = {}, nil, nil, false
  local n = 0
  for _, l in ipairs(lines_of(text)) do
    n = n + 1
    if cur then
      if l:match("^```%s*$") then
        bl[#bl + 1] = cur
        cur, gap = nil, false
      else
        cur.lines[#cur.lines + 1] = l
      end
    else
      local lang = l:match("^```(%S*)%s*$")
      if lang then
        cur = { lang = lang, lines = {}, marker = marker, line = n, gap = gap }
        marker = nil
      elseif l:match("%S") then
        marker = l:match("^<!%-%- doc%-test: (.-) %-%->%s*$")
        if not marker then gap = true end
      end
    end
  end
  return bl
end

local REQUIRE = 'local impact = require "impact"'

local function has_arrow(lines)
  for _, l in ipairs(lines) do
    if arrow(l) then return true end
  end
  return false
end

-- The pages whose examples run: the README and every page of the manual.
local DOC_PAGES = { "README.md" }
for _, f in ipairs(lines_of(sh("ls doc/*.md"))) do DOC_PAGES[#DOC_PAGES + 1] = f end

local function page_cases(page, cases, skipped, loose)
  local bl = blocks_of(read(page))
  local used = {}
  for i, b in ipairs(bl) do
    local what = string.format("%s:%d", page, b.line)
    local nxt = bl[i + 1]
    local out = nxt and nxt.lang == "" and not nxt.gap and not nxt.marker
                and not (nxt.lines[1] or ""):match("^> ") and nxt
    if b.marker and b.marker:match("^skip") then
      skipped[#skipped + 1] = what .. " " .. b.marker
      used[b] = true
    elseif b.lang == "lua" and (has_arrow(b.lines) or out) then
      if out then used[out] = true end
      local file = bl[i + 2]
      local fname = out and file and file.marker and file.marker:match("^file (%S+)")
      if fname then used[file] = true end
      cases[#cases + 1] = { what = what, fn = function()
        assert.equal(REQUIRE, b.lines[1], what .. ": a script starts with " .. REQUIRE)
        local rest, dir = run_checked(what, table.concat(b.lines, "\n"))
        if out then assert_lines(what .. " (the block after it)", out.lines, rest) end
        if fname then
          local exp = { table.unpack(file.lines) }
          exp[#exp + 1] = "..."                      -- the file begins so
          assert_lines(what .. " (" .. fname .. ")", exp, lines_of(read(dir .. "/" .. fname)))
        end
      end }
    elseif b.lang == "sh" and out and b.lines[1]:match("^scripts/run examples/") then
      used[out] = true
      local file, args = b.lines[1]:match("^scripts/run (examples/%S+%.lua)%s*(.-)%s*$")
      cases[#cases + 1] = { what = what .. " " .. b.lines[1], fn = function()
        local ok, got, err = run(ROOT .. "/" .. file, args)
        assert(ok, what .. ": " .. file .. " failed:\n" .. err .. got)
        assert_lines(what .. " " .. file, out.lines, lines_of(got))
      end }
    elseif b.lang == "sh" and out and table.concat(b.lines, "\n"):match("cc examples/c/solve2d%.c") then
      -- The C example needs a C compiler and the installed library: CTest's
      -- install_c_example (tests/install_check.sh) compares its output with
      -- this block; here, only that the check reads it from this page.
      used[out] = true
      cases[#cases + 1] = { what = what .. " (C example, by tests/install_check.sh)", fn = function()
        assert.truthy(read(ROOT .. "/tests/install_check.sh"):find(page, 1, true))
      end }
    elseif b.lang == "" and (b.lines[1] or ""):match("^> ") then
      used[b] = true
      cases[#cases + 1] = { what = what .. " (transcript)", fn = function()
        check_transcript(what, b.lines)
      end }
    end
  end
  for _, b in ipairs(bl) do
    if b.lang == "" and not used[b] then loose[#loose + 1] = page .. ":" .. b.line end
  end
end

local function readme_cases()
  local cases, skipped, loose = {}, {}, {}
  for _, page in ipairs(DOC_PAGES) do page_cases(page, cases, skipped, loose) end
  return cases, skipped, loose
end

-- ---- help() -------------------------------------------------------------------

local function help_cases()
  local cases = {}
  for _, file in ipairs(lines_of(sh("ls lua/impact/help/*.lua"))) do
    local area = file:match("([%w_]+)%.lua$")
    -- impact.mujoco's examples run MuJoCo: a build without it has none to run
    local runnable = area ~= "mujoco" or require("impact").mujoco.available
    for _, e in ipairs(dofile(file)) do
      if runnable and e.example and has_arrow(lines_of(e.example)) then
        local what = string.format("help(%q) (%s)", e.name, area)
        cases[#cases + 1] = { what = what, fn = function()
          run_checked(what, "impact = require 'impact'\n" .. e.example)
        end }
      end
    end
  end
  return cases
end

local readme, skipped, loose = readme_cases()
local helps = help_cases()

describe("README.md and doc/*.md examples", function()
  it("every output block is checked or marked skipped, and few are skipped", function()
    assert.are.same({}, loose)
    assert.is_true(#skipped <= 2, table.concat(skipped, "\n"))
    assert.is_true(#DOC_PAGES >= 15, "pages: " .. #DOC_PAGES)
    assert.is_true(#readme >= 32, "README and manual examples found: " .. #readme)
  end)
  for _, c in ipairs(readme) do
    it(c.what, c.fn)
  end
end)

describe("help() examples", function()
  it("are found", function()
    assert.is_true(#helps >= 9, "help examples found: " .. #helps)
  end)
  for _, c in ipairs(helps) do
    it(c.what, c.fn)
  end
end)

describe("the doc-test comparison", function()
  it("matches digits shown, elisions and prefixes, and nothing else", function()
    assert.is_true(line_eq("0.151415  0.352941", "0.15141473718129\t0.35294117647059"))
    assert.is_false(line_eq("0.151415  0.352941", "0.15141573718129\t0.35294117647059"))
    assert.is_true(line_eq("-2,0,0,0.6...", "-2,0,0,0.6000000000000001,-2.9"))
    assert.is_false(line_eq("C-sticking", "C-reversed"))
    assert.is_true(match_lines({ "a", "...", "d" }, { "a", "b", "c", "d" }))
    assert.is_false(match_lines({ "a", "...", "d" }, { "a", "b", "c" }))
    assert.is_true(num_eq("1e-300", "1.4e-300"))
    assert.is_false(num_eq("1e-300", "2e-300"))
  end)
end)

describe("help texts say what the results are", function()
  it("plot.hodograph: result.hodograph is columns p, x, z, y", function()
    local page
    for _, e in ipairs(dofile("lua/impact/help/plot.lua")) do
      if e.name == "plot.hodograph" then page = e.text end
    end
    assert.matches("result%.hodograph, the columns", page)
    assert.is_nil(page:find("list of {p, x, z}", 1, true))
    local impact = require "impact"
    local r = impact.solve3d{ body = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 },
                              v = { 0.4, -1, 0 }, mu = 0.2, e = 0.8 }
    local h = r.hodograph
    assert.is_nil(h[1])
    for _, k in ipairs{ "p", "x", "z", "y" } do assert.equal(#h.p, #h[k]) end
    assert.equal(0, h.p[1])
    assert.equal(0.4, h.x[1])
    assert.equal(-1, h.y[1])
    assert.is.near(r.P.y, h.p[#h.p], 1e-12)
  end)
end)

describe("script examples", function()
  it("examples/*.lua start with " .. REQUIRE, function()
    for _, file in ipairs(lines_of(sh("ls examples/*.lua"))) do
      local first
      for l in io.lines(file) do
        if l:match("%S") and not l:match("^%s*%-%-") then first = l break end
      end
      assert.equal(REQUIRE, first, file)
    end
  end)

  -- In the host pass spec/examples_spec.lua runs them; here, under lua5.4.
  for _, file in ipairs(lines_of(sh("ls examples/*.lua"))) do
    it(file .. " runs under stock lua5.4", function()
      if in_host then pending("the stock lua5.4 pass runs this") return end
      local dir = sh("mktemp -d"):gsub("%s+$", "")
      dirs[#dirs + 1] = dir
      local ok, out, err = run(ROOT .. "/" .. file, string.format("%q", dir))
      assert(ok, file .. " failed under " .. interp .. ":\n" .. err .. out)
      assert.is_true(#out > 0, file .. " printed nothing")
    end)
  end
end)

teardown(function()
  for _, d in ipairs(dirs) do os.execute(string.format("rm -rf %q", d)) end
end)
