-- The printers of impact.fit's result (impact.Fit) and of compare_fits'
-- table (impact.FitComparison): estimates, standard errors, the profile
-- and Wald intervals, rss, n, identifiability, and the criteria.
local num = require("impact.print.numbers")

local function g(x) return num.num(x) end

local function interval(ci, open)
  if not ci then return "-" end
  local lo = (open and open[1] and "(" or "[") .. g(ci[1])
  local hi = g(ci[2]) .. (open and open[2] and ")" or "]")
  return lo .. ", " .. hi
end

local function fit_summary(f)
  local out = {}
  local level = string.format("%g%%", 100 * (f.level or 0.95))
  out[1] = string.format("fit: %d parameter%s from %d observations (%d rows x %s); %s, %s",
    f.p, f.p == 1 and "" or "s", f.n, f.rows, table.concat(f.observed, ", "),
    f.converged and "converged" or "NOT converged",
    f.identifiable and "identifiable" or "NOT identifiable")
  out[2] = string.format("  rss = %s  s = %s (n - p = %d)  AIC = %s  BIC = %s  best of %d start%s",
    g(f.rss), g(math.sqrt(f.s2)), f.n - f.p, g(f.aic), g(f.bic), f.starts, f.starts == 1 and "" or "s")
  local rows = { { "param", "estimate", "se", level .. " profile CI", level .. " Wald CI" } }
  if f.ci_bootstrap then rows[1][6] = level .. " bootstrap CI (" .. f.bootstrap.n .. ")" end
  for _, name in ipairs(f.params) do
    rows[#rows + 1] = { name, g(f.estimate[name]), g(f.se[name]),
                        f.ci_profile and interval(f.ci_profile[name], f.ci_open and f.ci_open[name]) or "-",
                        interval(f.ci_wald[name]), f.ci_bootstrap and interval(f.ci_bootstrap[name]) or nil }
  end
  for _, line in ipairs(num.columns(rows, "  ")) do out[#out + 1] = line end
  if not f.identifiable then
    local dir = {}
    if f.direction then
      for _, name in ipairs(f.params) do dir[#dir + 1] = name .. " " .. g(f.direction[name]) end
    end
    out[#out + 1] = string.format("  confounded: %s (the data cannot separate them%s)",
      table.concat(f.confounded, ", "),
      #dir > 0 and ("; unseen direction " .. table.concat(dir, ", ")) or "")
  end
  local open = false
  for _, name in ipairs(f.ci_open and f.params or {}) do
    open = open or f.ci_open[name][1] or f.ci_open[name][2]
  end
  if open then
    out[#out + 1] = "  an end in ( or ) is a bound the profile reached without crossing its threshold"
  end
  return table.concat(out, "\n")
end

local function comparison_summary(c)
  local rows = { { "fit", "p", "rss", "AIC", "BIC", "dAIC", "estimates" } }
  for _, r in ipairs(c.rows) do
    local est = {}
    for _, name in ipairs(r.fit.params) do est[#est + 1] = name .. " = " .. g(r.fit.estimate[name]) end
    rows[#rows + 1] = { r.name, tostring(r.p), g(r.rss), g(r.aic), g(r.bic), g(r.delta_aic),
                        table.concat(est, ", ") }
  end
  local out = { string.format("compare_fits: %d fits of %d observations, best by AIC: %s",
                              #c.rows, c.rows[1].n, c.best) }
  for _, line in ipairs(num.columns(rows, "  ")) do out[#out + 1] = line end
  return table.concat(out, "\n")
end

return { ["impact.Fit"] = fit_summary, ["impact.FitComparison"] = comparison_summary }
