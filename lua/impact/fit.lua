-- impact.fit and impact.compare_fits: fitting a law's parameters to
-- measurements (the C binding core._fit checks the spec and runs the
-- core's Levenberg-Marquardt; this file reads CSV data, adds AIC and BIC,
-- and fits several laws side by side). Returns { fit =, compare_fits = }.
local core = require("impact.core")
local csv = require("impact.sweep.csv")
local rng = require("impact.sweep.rng")
local options = require("impact.sweep.options")
local printers = require("impact.print").printers

local Fit = { __name = "impact.Fit", __tostring = printers["impact.Fit"] }
local Comparison = { __name = "impact.FitComparison", __tostring = printers["impact.FitComparison"] }

local M = {}

local function solvers()
  local impact = require("impact")
  return { solve2d = impact.solve2d, solve3d = impact.solve3d, solve_multi = impact.solve_multi }
end

-- data: a CSV file with a header (a sweep's own files too) or a columns table
local function columns(data)
  if type(data) ~= "string" then return data end
  local ok, t = pcall(csv.read, data, "fit")
  if not ok then error((tostring(t):gsub("^fit: ", "fit: field 'data': ", 1)), 0) end
  return t.columns
end

-- Akaike's and Schwarz's criteria for least squares with unknown variance
local function criteria(f)
  local n, p = f.n, f.p
  f.aic = n * math.log(f.rss / n) + 2 * p
  f.bic = n * math.log(f.rss / n) + p * math.log(n)
  return f
end

-- q-quantile of a sorted list, interpolated linearly (Hyndman & Fan's type 7)
local function quantile(xs, q)
  local h = (#xs - 1) * q + 1
  local i = math.floor(h)
  return xs[i] + (h - i) * ((xs[i + 1] or xs[i]) - xs[i])
end

-- The residual bootstrap (Efron & Tibshirani 1993, 9.5): B data sets
-- y* = f + r*/sqrt(w), r* drawn with replacement from the weighted
-- residuals scaled by sqrt(n/(n - p)) (Davison & Hinkley 1997, 3.3), each
-- refitted from the estimate; percentile intervals and the spread as se.
local function bootstrap(t, f, B)
  local u = rng.new(math.tointeger(t.seed) or 1)
  local data = {}
  for k, v in pairs(t.data) do data[k] = v end
  local params = {}
  for _, name in ipairs(f.params) do
    local q = t.params[name]
    params[name] = type(q) == "table" and { f.estimate[name], lo = q.lo, hi = q.hi, scale = q.scale }
                   or f.estimate[name]
  end
  local bt = { data = data, params = params, starts = 1, profile = false }
  for _, k in ipairs{ "problem", "solve", "observe", "weights", "max_iter", "level", "fast", "threads" } do bt[k] = t[k] end
  local scale, nobs = math.sqrt(f.n / (f.n - f.p)), #f.observed
  local draws, failed = {}, 0
  for name in pairs(f.estimate) do draws[name] = {} end
  for _ = 1, B do
    for j, col in ipairs(f.observed) do
      local y = {}
      for i = 1, f.rows do
        local o = (i - 1) * nobs + j
        local r = f.residuals[math.floor(u() * f.n) + 1] * scale
        y[i] = f.fitted[o] + r / math.sqrt(f.weights[o])
      end
      data[col] = y
    end
    local g = core._fit(bt, solvers())
    if not g.converged then failed = failed + 1 end
    for name, x in pairs(g.estimate) do draws[name][#draws[name] + 1] = x end
  end
  local level = f.level
  f.ci_bootstrap, f.se_bootstrap = {}, {}
  for name, xs in pairs(draws) do
    table.sort(xs)
    local m, v = 0, 0
    for _, x in ipairs(xs) do m = m + x / #xs end
    for _, x in ipairs(xs) do v = v + (x - m) ^ 2 / math.max(#xs - 1, 1) end
    f.ci_bootstrap[name] = { quantile(xs, (1 - level) / 2), quantile(xs, (1 + level) / 2) }
    f.se_bootstrap[name] = math.sqrt(v)
  end
  f.bootstrap = { n = B, not_converged = failed }
end

local function fit_one(spec)
  local t = {}
  for k, v in pairs(spec) do t[k] = v end
  t.laws, t.bootstrap = nil, nil
  t.data = columns(t.data)
  local B = spec.bootstrap
  if B ~= nil and not (math.type(B) == "integer" and B >= 2 and B <= 100000) then
    error("fit: field 'bootstrap' must be an integer number of resamples in [2, 100000], got "
          .. tostring(B), 0)
  end
  if t.threads == nil and t.fast ~= false then t.threads = options.default_threads(core) end
  local f = core._fit(t, solvers())
  if B then bootstrap(t, f, B) end
  return setmetatable(criteria(f), Fit)
end

-- compare_fits{ fit1, fit2, ... } or { name = fit, ... }: rss, AIC, BIC and
-- the estimates side by side, best AIC first
function M.compare_fits(fits)
  if type(fits) ~= "table" then
    error("compare_fits: expected a table of fits, got " .. type(fits), 2)
  end
  local rows = {}
  for name, f in pairs(fits) do
    if getmetatable(f) ~= Fit then
      error(string.format("compare_fits: entry '%s' is not a result of impact.fit", tostring(name)), 2)
    end
    rows[#rows + 1] = { name = type(name) == "number" and ("fit " .. name) or tostring(name), fit = f,
                        rss = f.rss, n = f.n, p = f.p, aic = f.aic, bic = f.bic }
  end
  if #rows == 0 then error("compare_fits: no fits to compare", 2) end
  local n = rows[1].n
  for _, r in ipairs(rows) do
    if r.n ~= n then
      error(string.format("compare_fits: the fits use different numbers of observations (%d and %d): "
                          .. "AIC and BIC compare fits of the same data", n, r.n), 2)
    end
  end
  table.sort(rows, function(a, b)
    if a.aic ~= b.aic then return a.aic < b.aic end
    return a.name < b.name
  end)
  local best = rows[1].aic
  for _, r in ipairs(rows) do r.delta_aic = r.aic - best end
  local res = { rows = rows, fits = {}, best = rows[1].name }
  for _, r in ipairs(rows) do res.fits[r.name] = r.fit end
  return setmetatable(res, Comparison)
end

-- the position core._fit's messages carry would point into this file
local function clean(r) return (tostring(r):gsub("^[^\n]-fit%.lua:%d+: ", "")) end

local function run(spec)
  local laws = spec.laws
  if laws == nil then return fit_one(spec) end
  if type(laws) ~= "table" or next(laws) == nil then
    error("fit: field 'laws' must be a table { name = { fields that replace the spec's } }", 0)
  end
  local fits = {}
  for name, over in pairs(laws) do
    if type(name) ~= "string" or type(over) ~= "table" then
      error(string.format("fit: field 'laws.%s' must be a table of fields, keyed by the law's name",
                          tostring(name)), 0)
    end
    local t = {}
    for k, v in pairs(spec) do t[k] = v end
    for k, v in pairs(over) do t[k] = v end
    local ok, f = pcall(fit_one, t)
    if not ok then
      if f == "interrupted!" then error(f, 0) end
      error((clean(f):gsub("^fit: ", "fit: laws." .. name .. ": ", 1)), 0)
    end
    fits[name] = f
  end
  return M.compare_fits(fits)
end

-- impact.fit(spec); with spec.laws = { name = { overrides } }, each law's
-- fit (the spec with its fields replaced) and their comparison
function M.fit(spec)
  if type(spec) ~= "table" then error("fit: expected a table, got " .. type(spec), 2) end
  local ok, r = pcall(run, spec)
  if not ok then
    if r == "interrupted!" then error(r, 0) end
    error(clean(r), 2)
  end
  return r
end

return M
