-- Fuzz of the field checks: calls every public function that takes a table
-- with one field misspelt, an extra field, or a field of the wrong type (at
-- the top level or in a nested table: bodies, compare's entries, a sweep's
-- base, vary and sample), and checks that every error names a field (a
-- misspelt or extra one by its name), with no crash and no hang.
--
--   impact tests/fuzz_fields.lua [calls [seed]]     (default 1000000, 1)
--   (under stock lua5.4 with the installed module: lua5.4 tests/fuzz_fields.lua)
--
-- Exits non-zero after printing the first bad messages. The spec suite runs
-- a few thousand calls through fuzz(impact, n, seed) (the chunk returns it
-- when loaded with dofile).
local rng = require("impact.sweep.rng")

local function fuzz(impact, n, seed)
  local u = rng.new(seed or 1)
  local function pick(list) return list[math.floor(u() * #list) + 1] end

  local function copy(v)
    if type(v) ~= "table" then return v end
    local c = {}
    for k, x in pairs(v) do c[k] = copy(x) end
    return c
  end

  local coef = { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
  local b1 = { m = 1, rho = 0.5, x = 0.2, y = 0.6, vx = 0.5, vy = -1, w = 0 }
  local b2 = { m = 2, I = 0.3, x = -0.1, y = -0.5, vx = 0, vy = 0.2, w = 0.1 }
  local body3 = { m = 1, inertia = { 1, 2, 2.5 }, theta1 = 0.3, theta2 = 0.2, r = { 0, -1, 0 } }
  local function with(t, extra)
    local c = copy(t)
    for k, v in pairs(extra) do c[k] = v end
    return c
  end

  -- Each case: the function, a valid argument list, and the paths of the
  -- tables inside it that the function checks (the first argument's top
  -- level is {1}). `keys_only`: a valid call would do slow or outside work
  -- (render a plot, read files): only keys are mutated, so it always fails
  -- at the check.
  local cases = {
    { "solve2d", impact.solve2d, { coef }, { { 1 } } },
    { "solve2d", impact.solve2d, { { body1 = b1, body2 = b2, mu_s = 0.4, mu_k = 0.3, e = 0.5, law = "newton" } },
      { { 1 }, { 1, "body1" }, { 1, "body2" } } },
    { "solve2d", impact.solve2d, { with(coef, { model = "brach", ratio = 0.2 }) }, { { 1 } } },
    { "solve2d", impact.solve2d, { with(coef, { model = "kane", mu_0 = 0.5 }) }, { { 1 } } },
    { "solve2d", impact.solve2d, { { body1 = b1, e = 0.5, mu = 0.2, model = "cs",
      moment = function() return 0 end } }, { { 1 }, { 1, "body1" } } },
    { "classify2d", impact.classify2d, { { body1 = b1, mu = 0.3, e = 0.5 } }, { { 1 }, { 1, "body1" } } },
    { "sb2d", impact.sb2d, { { theta_deg = 30, mu = 0.3, e = 0.5, ratio = 0.5 } }, { { 1 } } },
    { "solve3d", impact.solve3d, { { body = body3, v = { 0.3, -1, 0.1 }, w = { 0, 0, 0 }, mu = 0.3, e = 0.5,
      method = "algebraic" } }, { { 1 }, { 1, "body" }, { 1, "v" }, { 1, "body", "r" }, { 1, "body", "inertia" } } },
    { "solve3d", impact.solve3d, { with(body3, { v = { x = 0.3, y = -1, z = 0.1 }, mu = 0.3, e = 0.5, rtol = 1e-6,
      inertia = { { 1, 0, 0 }, { 0, 2, 0 }, { 0, 0, 2.5 } } }) }, { { 1 }, { 1, "v" }, { 1, "inertia", 2 } } },
    { "solve3d", impact.solve3d, { { m = 1, inertia = { 1, 2, 2.5 }, q = { w = 1, x = 0, y = 0, z = 0 },
      r = { 0, -1, 0 }, v = { 0.3, -1, 0.1 }, e = 0.5, method = "algebraic" } }, { { 1 }, { 1, "q" } } },
    { "rod", impact.rod, { { m = 1, L = 1, radius = 0.1, theta1_deg = 20, theta2_deg = 30 } }, { { 1 } } },
    { "painleve", impact.painleve, { { l = 4, theta_deg = 75, mu = 0.5, e = 0.5 } }, { { 1 } } },
    { "painleve", impact.painleve, { { body1 = { m = 1, rho = 0.5, x = 0.3, y = 0.6, vx = -1, vy = 0 },
      mu = 0.8, e = 0.5 } }, { { 1 }, { 1, "body1" } } },
    { "painleve_bands", impact.painleve_bands, { { r = 2, mu = 0.5, s = -1 } }, { { 1 } } },
    { "painleve_bands", impact.painleve_bands, { { body1 = { m = 1, rho = 0.5, x = 0.3, y = 0.6 }, mu = 0.5 } },
      { { 1 }, { 1, "body1" } } },
    { "space", impact.space, { { r = 1, theta = 0.1, gamma = 0.2, mu = 0.3, e = 0.5 } }, { { 1 } } },
    { "space_map", impact.space_map, { { r = 1, mu = 0.3, e = 0.5, theta = { -1, 1, 3 }, gamma = { 0, 1, 3 } } },
      { { 1 }, { 1, "theta" } } },
    { "compare", impact.compare, { coef, { "routh", "kane", { "routh", law = "newton", label = "N" } } },
      { { 1 }, { 2 }, { 2, 3 } } },
    { "sweep", impact.sweep, { { base = coef, vary = { mu = { 0.1, 0.5 } }, progress = false, threads = 1 } },
      { { 1 }, { 1, "base" } } },
    { "sweep", impact.sweep, { { base = { body1 = b1, e = 0.5 }, vary = { ["body1.vx"] = { 0.1, 0.5 } },
      progress = false } }, { { 1 }, { 1, "vary" }, { 1, "base", "body1" } } },
    { "sweep", impact.sweep, { { base = coef, sample = { n = 2, seed = 3, ranges = { e = { 0, 1 } } },
      progress = false } }, { { 1, "sample" }, { 1, "sample", "ranges" } } },
    { "sweep_merge", impact.sweep_merge, { { "none_1.csv", "none_2.csv" }, { out = "none.csv", n = 2 } },
      { { 2 } }, true },
    { "plot.path", impact.plot.path, { impact.solve2d(coef), { out = "none.png", title = "t" } }, { { 2 } }, true },
    { "plot.map", impact.plot.map, { { columns = {} }, { x = "mu", y = "e" } }, { { 2 } }, true },
    { "plot.hodograph", impact.plot.hodograph, { {}, { size = { 640, 480 } } }, { { 2 } }, true },
    { "fit", impact.fit, { { data = { S0 = { -1, 0, 1 }, S = { -0.5, 0, 0.5 } }, observe = { "S" },
      problem = function(row, p) return with(coef, { S0 = row.S0, e = p.e }) end,
      params = { e = { 0.5, lo = 0, hi = 1 } }, starts = 1, profile = false } }, { { 1 }, { 1, "params", "e" } } },
    { "pretty.format", require("impact.pretty").format, { { 1, { 2 } }, { depth = 2, width = 60 } }, { { 2 } } },
    { "scene2d", impact.scene2d, { { gravity = { 0, -1 }, e = 0.5, mu = 0.2,
      lines = { { point = { 0, 0 }, normal = { 0, 1 }, e = 0.3 } },
      bodies = { { m = 1, I = 1, y = 2, radius = 1, points = { { 0, 0 } } } } } },
      { { 1 }, { 1, "bodies", 1 }, { 1, "lines", 1 } } },
    { "system", impact.system, { { q = { 1 }, qdot = { 0 }, M = { { 1 } }, e = 0.5,
      force = function() return { 0 } end,
      contacts = { { gap = function(q) return q[1] end, J = function() return { { 0 }, { 1 } } end, mu = 0.1 } } } },
      { { 1 }, { 1, "contacts", 1 } } },
    { "simulate", impact.simulate, { impact.scene2d{ bodies = { { m = 1, I = 1 } } }, { t_end = 1, dt = 0.1 } },
      { { 2 } }, true },
  }

  -- Every name some function reads: a misspelling that lands on one may
  -- be accepted (painleve_bands' "mu" -> "m", its shape's mass).
  local known = {}
  for _, list in pairs(impact.core._fields) do
    for _, k in ipairs(list) do known[k] = true end
  end
  for _, k in ipairs{ "out", "title", "size", "run", "x", "y", "n", "depth", "width", "items", "indent",
                      "label", "base", "vary", "sample", "seed", "method", "ranges" } do
    known[k] = true
  end

  local LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"
  local function letter() local i = math.floor(u() * #LETTERS) + 1 return LETTERS:sub(i, i) end

  -- One edit of a name: substitute, delete, insert, swap neighbours, case.
  local function misspell(k)
    local i = math.floor(u() * #k) + 1
    local op = math.floor(u() * 5)
    if op == 0 then return k:sub(1, i - 1) .. letter() .. k:sub(i + 1)
    elseif op == 1 and #k > 1 then return k:sub(1, i - 1) .. k:sub(i + 1)
    elseif op == 2 then return k:sub(1, i - 1) .. letter() .. k:sub(i)
    elseif op == 3 and i < #k then return k:sub(1, i - 1) .. k:sub(i + 1, i + 1) .. k:sub(i, i) .. k:sub(i + 2)
    end
    local c = k:sub(i, i)
    return k:sub(1, i - 1) .. (c:upper() == c and c:lower() or c:upper()) .. k:sub(i + 1)
  end

  local function random_name()
    local s = {}
    for i = 1, 1 + math.floor(u() * 10) do s[i] = letter() end
    return table.concat(s)
  end

  local WRONG = { "x", "", true, false, {}, { 1, 2 }, function() end, 0 / 0, 1 / 0 }
  local ODD_KEYS = { 1, 2.5, -3, true, false, {} }

  local function string_keys(t)
    local ks = {}
    for k in pairs(t) do if type(k) == "string" then ks[#ks + 1] = k end end
    table.sort(ks)
    return ks
  end

  local stats = { calls = 0, ok = 0, errors = 0, bad = {} }
  local function bad(name, what, msg)
    if #stats.bad < 20 then stats.bad[#stats.bad + 1] = string.format("%s (%s): %s", name, what, tostring(msg)) end
  end

  while stats.calls < n do
    local case = pick(cases)
    local name, f, args, paths, keys_only = case[1], case[2], copy(case[3]), case[4], case[5]
    local path = pick(paths)
    local t = args[path[1]]
    for i = 2, #path do t = t[path[i]] end
    local keys = string_keys(t)
    -- the key that must appear in the message, or nil (any field will do)
    local op, expect, what = math.floor(u() * (keys_only and 2 or 3)), nil, nil
    if op == 0 and #keys > 0 then                      -- misspell a field
      local k = pick(keys)
      local m = misspell(k)
      local all_known = true   -- every part of a dotted name ("body1.x")
      for part in (m .. "."):gmatch("([^.]*)%.") do all_known = all_known and known[part] end
      if t[m] == nil and not all_known then
        t[m], t[k] = t[k], nil
        expect, what = m, "misspelt " .. k .. " -> " .. m
      else
        what = "misspelt into a known name"
      end
    elseif op <= 1 then                                -- an extra field
      local k = u() < 0.8 and random_name() or pick(ODD_KEYS)
      if t[k] == nil and not known[k] then
        t[k] = pick(WRONG)
        expect, what = k, "extra " .. tostring(k)
      else
        what = "extra, but known"
      end
    else                                               -- a wrong type
      if #keys > 0 then
        local k = pick(keys)
        t[k] = pick(WRONG)
        what = "wrong type for " .. k
      end
    end
    if keys_only and expect == nil then goto next end   -- would run: not here
    stats.calls = stats.calls + 1
    local ok, msg = pcall(f, table.unpack(args, 1, 2))
    if ok then
      stats.ok = stats.ok + 1
      if expect ~= nil then bad(name, what, "accepted") end
    else
      stats.errors = stats.errors + 1
      msg = tostring(msg)
      if expect ~= nil then
        -- named: 'prefix.key' for a string, [key] for another type
        -- a misspelt dotted name (a sweep's "body1.vx") by its first part
        local named = type(expect) == "string" and (msg:find(expect .. "'", 1, true)
          or msg:find(expect:match("^[^.]*") .. "'", 1, true))
          or type(expect) ~= "string" and msg:find("field", 1, true)
        if not named then bad(name, what, msg) end
      elseif not (msg:find("field", 1, true) or msg:find("'[%w_.%[%]]+'")) then
        bad(name, what or "?", msg)   -- neither "field ..." nor a quoted name
      end
    end
    ::next::
  end
  return stats
end

-- As a script (not when loaded with dofile by the specs).
local script = arg and arg[0] and arg[0]:match("fuzz_fields%.lua$")
if not script then return fuzz end

local impact = rawget(_G, "impact") or require("impact")
local n = math.tointeger(tonumber(arg[1] or "1000000")) or 1000000
local seed = math.tointeger(tonumber(arg[2] or "1")) or 1
local t0 = os.clock()
local s = fuzz(impact, n, seed)
print(string.format("fuzz_fields: %d calls (%d errors, %d accepted), %d bad messages, %.1f s CPU",
  s.calls, s.errors, s.ok, #s.bad, os.clock() - t0))
for _, b in ipairs(s.bad) do print("  " .. b) end
os.exit(#s.bad == 0 and 0 or 1)
