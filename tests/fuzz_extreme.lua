-- Fuzz of the public solving functions at extreme magnitudes: every field
-- drawn from every power of ten a double holds (1e-323 .. 1e308),
-- subnormals, ordinary values, and mixes of these within one call. An
-- accepted result must hold no NaN or inf anywhere (nested tables too), and
-- Poisson's and the energetic law must not gain energy (WM92's appendix for
-- Poisson in 2D; for the energetic law Wc + Wr = (1 - e^2) Wc <= 0 and
-- Wf <= 0). A refused call must raise a string (the messages themselves are
-- tests/fuzz_fields.lua's concern); a crash or hang fails the run outright.
--
--   impact tests/fuzz_extreme.lua [calls [seed]]     (default 1000000, 1)
--
-- Exits non-zero after printing the first bad results. The spec suite runs
-- a few thousand calls through fuzz(impact, n, seed) (the chunk returns it
-- when loaded with dofile).
local rng = require("impact.sweep.rng")

local function fuzz(impact, n, seed)
  local u = rng.new(seed or 1)
  local function pick(list) return list[math.floor(u() * #list) + 1] end

  -- A positive magnitude: ordinary (0.1 .. 10), a power of ten anywhere in
  -- double's range times a mantissa, or a subnormal.
  local function mag()
    local k = u()
    if k < 0.4 then return 0.1 * 100 ^ u() end
    if k < 0.95 then return (1 + 9 * u()) * 10.0 ^ math.floor(-323 + 632 * u()) end
    return 2.0 ^ -1074 * math.floor(1 + 2 ^ 52 * u() ^ 4)
  end
  local function signed() return (u() < 0.5 and -1 or 1) * mag() end
  local function maybe_zero(f) return u() < 0.1 and 0 or f() end
  local function unit() return u() end
  local function e() local k = u() return k < 0.1 and 0 or k < 0.2 and 1 or u() end
  local LAWS = { "poisson", "newton", "energetic" }

  -- The paths of the non-finite numbers in v.
  local function nonfinite(v, path, out, seen)
    if type(v) == "number" then
      if v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = path .. "=" .. tostring(v) end
    elseif type(v) == "table" and not seen[v] then
      seen[v] = true
      for k, x in pairs(v) do
        if k ~= "_track" then nonfinite(x, path .. "." .. tostring(k), out, seen) end
      end
    end
    return out
  end

  -- dT <= 0 up to rounding of the works it sums.
  local function gains(dT, scale) return dT > 1e-9 * scale end

  local function body2d()
    return { m = mag(), rho = mag(), x = maybe_zero(signed), y = maybe_zero(signed),
             vx = maybe_zero(signed), vy = maybe_zero(signed), w = maybe_zero(signed) }
  end
  local function coef()
    local B1, B2 = mag(), mag()
    return { B1 = B1, B2 = B2, B3 = (2 * u() - 1) * math.sqrt(B1) * math.sqrt(B2),
             S0 = maybe_zero(signed), C0 = -mag(), mu = maybe_zero(mag), e = e() }
  end
  local function vec() return { maybe_zero(signed), maybe_zero(signed), maybe_zero(signed) } end

  local cases = {
    { "solve2d", function()
        local t = coef()
        t.law = pick(LAWS)
        return impact.solve2d, t, t.law ~= "newton"
      end },
    { "solve2d bodies", function()
        local t = { body1 = body2d(), mu = maybe_zero(mag), e = e(), law = pick(LAWS) }
        if u() < 0.5 then t.body2 = body2d() end
        return impact.solve2d, t, t.law ~= "newton"
      end },
    { "solve2d model", function()
        local t = coef()
        t.model = pick{ "routh", "kane", "brach", "smith", "glocker-pfeiffer" }
        return impact.solve2d, t, false
      end },
    { "classify2d", function() return impact.classify2d, coef(), "closed" end },
    { "sb2d", function()
        return impact.sb2d, { theta = (u() - 0.5) * 3, alpha = mag(), m = mag(), L = mag(),
                              mu = maybe_zero(mag), e = e(), ratio = maybe_zero(mag), vCy = mag() }, false
      end },
    { "solve3d", function()
        local s = mag()
        local t = { m = mag(), inertia = { s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()), s * (0.5 + 0.5 * u()) },
                    r = vec(), v = vec(), w = vec(), mu = maybe_zero(mag), e = e(), law = pick(LAWS),
                    method = u() < 0.7 and "exact" or "algebraic" }
        return impact.solve3d, t, t.law ~= "newton" and t.method == "exact"
      end },
    { "rod", function()
        return impact.rod, { m = mag(), L = mag(), radius = mag(), theta1 = 3 * u(), theta2 = 3 * u() }, false
      end },
    { "painleve", function()
        return impact.painleve, { l = mag(), rho = mag(), m = mag(), theta = 0.01 + 3.1 * u(),
                                  mu = maybe_zero(mag), e = e() }, false
      end },
    { "painleve_bands", function()
        return impact.painleve_bands, { r = maybe_zero(mag), mu = maybe_zero(mag) }, false
      end },
    { "space", function()
        return impact.space, { r = maybe_zero(mag), mu = maybe_zero(mag), e = e(),
                               theta = (u() - 0.5) * 3.1, gamma = (u() - 0.5) * 3.1 }, false
      end },
  }

  local stats = { calls = 0, ok = 0, errors = 0, bad = {}, by = {} }
  local function bad(name, t, what)
    if #stats.bad < 20 then
      stats.bad[#stats.bad + 1] = name .. ": " .. what .. "\n    " .. require("impact.pretty").format(t)
    end
  end

  for _ = 1, n do
    local case = pick(cases)
    local f, t, energy = case[2]()
    stats.calls = stats.calls + 1
    local by = stats.by[case[1]] or { ok = 0, err = 0 }
    stats.by[case[1]] = by
    local ok, r = pcall(f, t)
    if not ok then
      stats.errors, by.err = stats.errors + 1, by.err + 1
      if type(r) ~= "string" then bad(case[1], t, "error " .. tostring(r)) end
    else
      stats.ok, by.ok = stats.ok + 1, by.ok + 1
      local nf = nonfinite(r, "r", {}, {})
      if #nf > 0 then bad(case[1], t, table.concat(nf, " ", 1, math.min(#nf, 6))) end
      if energy == "closed" then
        for _, law in ipairs{ "poisson", "energetic" } do
          local q = r.closed[law]
          if q and gains(q.dT, math.abs(q.Px * r.S0) + math.abs(q.Py * r.C0)) then
            bad(case[1], t, law .. " closed form gains energy: dT = " .. q.dT)
          end
        end
      elseif energy and r.dT then
        -- rounding of the works, or of the kinetic energy the impact changes
        local scale = r.Wc and math.abs(r.Wc) + math.abs(r.Wr) + math.abs(r.Wf) or 0
        if t.inertia then
          local v, w, I = t.v, t.w, t.inertia
          scale = scale + 0.5 * t.m * (v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
                        + 0.5 * (I[1] * w[1] ^ 2 + I[2] * w[2] ^ 2 + I[3] * w[3] ^ 2)
        end
        if gains(r.dT, scale) then bad(case[1], t, "gains energy: dT = " .. r.dT) end
        if r.energy_ratio and r.energy_ratio > 1 + 1e-9 then
          bad(case[1], t, "gains energy: energy_ratio = " .. r.energy_ratio)
        end
      end
    end
  end
  return stats
end

-- Loaded with dofile (the specs): the function; run as a script: the fuzz.
if not (arg and arg[0] and arg[0]:match("fuzz_extreme%.lua$")) then return fuzz end
local calls, seed = math.floor(tonumber(arg[1]) or 1e6), math.floor(tonumber(arg[2]) or 1)
local started = os.clock()
local s = fuzz(rawget(_G, "impact") or require("impact"), calls, seed)
print(("fuzz_extreme: %d calls (%d accepted, %d refused), %d bad results, %.1f s CPU")
  :format(s.calls, s.ok, s.errors, #s.bad, os.clock() - started))
local names = {}
for k in pairs(s.by) do names[#names + 1] = k end
table.sort(names)
for _, k in ipairs(names) do print(string.format("  %-16s %8d accepted %8d refused", k, s.by[k].ok, s.by[k].err)) end
for _, b in ipairs(s.bad) do print("  " .. b) end
os.exit(#s.bad == 0 and 0 or 1)
