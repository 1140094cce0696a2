-- impact.fit and impact.compare_fits: fitting a law's parameters to
-- measurements (the C binding core._fit checks the spec and runs the
-- core's Levenberg-Marquardt; this file reads CSV data, adds AIC and BIC,
-- and fits several laws side by side). Returns { fit =, compare_fits = }.
local core = require("impact.core")
local csv = require("impact.sweep.csv")
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

local function fit_one(spec)
  local t = {}
  for k, v in pairs(spec) do t[k] = v end
  t.laws = nil
  t.data = columns(t.data)
  return setmetatable(criteria(core._fit(t, solvers())), Fit)
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
