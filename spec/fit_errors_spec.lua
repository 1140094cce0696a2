-- impact.fit's data (CSV files, columns tables), several laws compared by
-- AIC and BIC, and the errors that name the bad field (and the data row).
local impact = require("impact")
local scratch = require("spec.scratch")   -- scratch files, removed after the run

local function rod(S0, e, mu)
  return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = e, mu = mu }
end

local function base()
  return { data = { S0 = { -1, 0, 1 }, S = { 0.1, 0.2, 0.3 }, C = { 0.5, 0.5, 0.5 } },
           problem = function(row, p) return rod(row.S0, p.e, p.mu) end,
           observe = { "S", "C" }, params = { e = { 0.5, lo = 0, hi = 1 }, mu = { 0.3, lo = 0, hi = 1 } },
           starts = 1 }
end

local function message(mod)
  local t = base()
  mod(t)
  local ok, err = pcall(impact.fit, t)
  assert.is_false(ok)
  return err
end

describe("impact.fit's data", function()
  it("reads a CSV file with a header and refuses a row with a missing value", function()
    local path = scratch.name(".csv")
    local f = assert(io.open(path, "w"))
    f:write("# rebounds\nS0,S,C,note\n")
    for i = 1, 8 do
      local S0 = -2 + 0.5 * i
      local r = impact.solve2d(rod(S0, 0.6, 0.3))
      f:write(string.format("%.17g,%.17g,%.17g,run %d\n", S0, r.S + 0.001 * (-1) ^ i, r.C, i))
    end
    f:close()
    local t = base()
    t.data = path
    local fit = impact.fit(t)
    assert.near(0.6, fit.estimate.e, 0.01)
    assert.near(0.3, fit.estimate.mu, 0.01)
    assert.are.equal(8, fit.rows)
    f = assert(io.open(path, "a"))
    f:write("1.5,,0.3,run 9\n")
    f:close()
    assert.matches("fit: data row 9 has a missing value in column 'S'", message(function(s) s.data = path end), 1, true)
  end)

  it("takes weights from a column or a function, and observations as functions of the result", function()
    local d = { S0 = {}, S = {}, C = {}, w = {} }
    for i = 1, 8 do
      local r = impact.solve2d(rod(-2 + 0.5 * i, 0.6, 0.3))
      d.S0[i], d.S[i], d.C[i], d.w[i] = -2 + 0.5 * i, r.S, r.C + 0.002 * (-1) ^ i, 4
    end
    local t = base()
    t.data, t.weights = d, "w"
    local a = impact.fit(t)
    t.weights = nil
    local b = impact.fit(t)
    assert.near(4 * b.rss, a.rss, 1e-6 * a.rss)
    assert.near(b.se.e, a.se.e, 1e-6)              -- s^2 (J^T W J)^-1 does not change with a common weight
    t.observe = { S = function(r) return r.S end, C = "C" }
    t.weights = function(row, column) return column == "C" and 4 or 1 end
    local c = impact.fit(t)
    -- b's estimate gives 4 b.rss under these weights (its rss is all in C): c's optimum is no worse
    assert.is_true(c.rss <= 4 * b.rss * (1 + 1e-9) and c.rss > b.rss)
  end)

  it("compares laws by rss, AIC and BIC", function()
    local d = { S0 = {}, S = {}, C = {} }
    for i = 1, 10 do
      local S0 = -2 + 0.4 * i
      local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = 0.6, mu = 0.3, law = "newton" }
      d.S0[i], d.S[i], d.C[i] = S0, r.S + 0.002 * (-1) ^ i, r.C - 0.002 * (-1) ^ i
    end
    local function law(name)
      return { problem = function(row, p)
        local t = rod(row.S0, p.e, p.mu)
        t.law = name
        return t
      end }
    end
    local t = base()
    t.data, t.laws = d, { newton = law("newton"), poisson = law("poisson") }
    local c = impact.fit(t)
    assert.are.equal("newton", c.best)
    assert.are.equal("newton", c.rows[1].name)
    assert.are.equal(0, c.rows[1].delta_aic)
    assert.is_true(c.rows[2].rss > c.rows[1].rss)
    local fit = c.fits.newton
    assert.near(fit.n * math.log(fit.rss / fit.n) + 2 * math.log(fit.n), fit.bic, 1e-12)
    local text = tostring(c)
    assert.truthy(text:find("best by AIC: newton", 1, true), text)
    assert.are.equal(impact.help.text("compare_fits"), impact.help.text(c))
    assert.are.same(c.rows[1].fit, impact.compare_fits{ a = c.fits.newton, b = c.fits.poisson }.fits.a)
    assert.has_error(function() impact.compare_fits{ 1 } end, "compare_fits: entry '1' is not a result of impact.fit")
  end)
end)

describe("impact.fit's errors", function()
  local cases = {
    { function(t) t.obsrve = 1 end, "fit: unknown field 'obsrve' (did you mean 'observe'?)" },
    { function(t) t.params.e = { lo = 0, hi = 1 } end, "fit: field 'params.e' has no start value" },
    { function(t) t.params.e = { 0.5, lo = 1, hi = 0 } end, "fit: field 'params.e.lo' must be below hi = 0, got 1" },
    { function(t) t.params.e = { 0.5, lo = 0.5, hi = 0.5 } end, "fit: field 'params.e.lo' must be below hi = 0.5, got 0.5" },
    { function(t) t.params.e = { 1.5, lo = 0, hi = 1 } end, "fit: field 'params.e' has its start 1.5 outside [lo, hi] = [0, 1]" },
    { function(t) t.params.e = { 0.5, Lo = 0 } end, "fit: unknown field 'params.e.Lo' (did you mean 'params.e.lo'?)" },
    { function(t) t.observe = { "Cx" } end, "fit: field 'observe.Cx' names no column of data (did you mean 'C'?)" },
    { function(t) t.data.S[2] = nil end, "fit: data row 2 has a missing value in column 'S'" },
    { function(t) t.data.C = { 0.5, 0.5 } end, "fit: data row 3 has a missing value in column 'C'" },
    { function(t) t.data.S[1] = 0 / 0 end, "fit: data row 1 has a missing value in column 'S'" },
    { function(t) t.observe = { S = function() return nil end } end,
      "fit: field 'observe.S' must return a finite number, got nil (data row 1)" },
    { function(t) t.observe = { S = function() return 0 / 0 end } end,
      "fit: field 'observe.S' must return a finite number, got nan (data row 1)" },
    { function(t) t.observe = { S = function() error("boom") end } end,
      "fit: field 'observe.S' raised an error at data row 1: " },
    { function(t) t.problem = function() error("no") end end, "fit: field 'problem' raised an error at data row 1: " },
    { function(t) t.problem = function() return 1 end end,
      "fit: field 'problem' must return a problem table, got number (data row 1)" },
    { function(t) t.problem = function(row, p) return rod(row.S0, 3 * p.e, p.mu) end end,
      "fit: data row 1: solve2d: field 'e' must be in [0, 1], got 1.5" },
    { function(t) t.solve = "solve4d" end,
      "fit: field 'solve' must be \"solve2d\", \"solve3d\", \"solve_multi\" or a function, got 'solve4d'" },
    { function(t) t.solve = function() error("mine") end end, "fit: field 'solve' raised an error at data row 1: " },
    { function(t) t.weights = function() return 0 end end,
      "fit: field 'weights' must return a positive number, got 0 (data row 1, column 'C')" },
    { function(t) t.data.w = { 1, -1, 1 } t.weights = "w" end,
      "fit: data row 2: the weight (column 'w') must be a positive number, got -1" },
    { function(t) t.data = 3 end, "fit: field 'data' must be a columns table" },
    { function(t) t.params = { a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7 } end,
      "fit: 6 observations (3 rows x 2 columns) cannot fit 7 parameters" },
    { function(t) t.threads = 0 end, "fit: field 'threads' must be" },
    { function(t) t.fast = 1 end, "fit: field 'fast' must be" },
    { function(t) t.level = 1 end, "fit: field 'level' must be in (0, 1), got 1" },
    { function(t) t.bootstrap = 1.5 end, "fit: field 'bootstrap' must be an integer number of resamples" },
    { function(t) t.laws = { one = { params = { e = { 2 } } } } end,
      "fit: laws.one: data row 1: solve2d: field 'e' must be in [0, 1], got 2" },
  }
  for i, case in ipairs(cases) do
    it("names the field: " .. case[2], function()
      local err = message(case[1])
      assert.are.equal(1, err:find(case[2], 1, true), string.format("case %d: %s", i, err))
    end)
  end
end)
