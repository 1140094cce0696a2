-- Help for fitting a law to measurements: impact.fit and impact.compare_fits.
return {
  {
    name = "fit",
    signature = "impact.fit(t) -> result",
    summary = "Fit a law's parameters to measurements: estimates, standard errors, 95% intervals, identifiability.",
    synopsis = [[
impact.fit{ data = "file.csv" or columns, problem = function(row, p) end,
            observe = { "S", "C" }, params = { e = {0.8, lo = 0, hi = 1} } }
impact.fit{ ..., laws = { name = { problem = ... }, ... } }  a fit per law
  -> f.estimate, f.se, f.ci, f.rss, f.aic, f.identifiable (prints a table)
]],
    text = [[
Weighted nonlinear least squares. For each data row, problem(row, p) builds
the solver's table from the row and the parameters p (p.e, p.mu, ...), the
solver runs (solve: "solve2d" by default, "solve3d", "solve_multi" or a
function of that table), and each observe entry reads the result: an
observation is a column of the data compared with a field of the result
(observe = { "S", "C" }) or with a function of it (observe = { S = function(r)
return r.S end }). The residuals sqrt(w) (y - f) are minimized by
Levenberg-Marquardt on scaled parameters (Moré 1978), each step solved from
the SVD of the Jacobian (central differences, steps eps^(1/3) max(|theta|,
scale)), never the normal equations; parameters stay within their bounds
(projection). Outcomes are only piecewise smooth in the parameters (contact
modes switch), so the fit runs from the start given and from starts - 1
points of a Latin hypercube in the bounds (seeded), and keeps the best.

At the optimum: s^2 = rss/(n - p), cov = s^2 (J^T W J)^+ (the SVD's
pseudo-inverse), se = sqrt(diag cov); Wald intervals theta +- t se and
profile-likelihood intervals {theta_k : rss_profile <= rss (1 + F/(n - p))}
(Bates & Watts 1988), each profile a fit of the other parameters with
theta_k held; a profile that meets a lower rss than the fit's refits from
there (result.restarts). ci is the profile interval (the Wald one with profile =
false). A singular value of the scaled Jacobian below sqrt(eps) times the
largest (or a profile flat between the bounds) means the data cannot tell
the parameters apart: identifiable = false, confounded lists the parameters
with large components in the unseen direction (result.direction), and
their intervals are their bounds. An interval end printed with ( or ) is a
bound the profile reached without crossing its threshold.

Data: a CSV file with a header (a sweep's file too) or a columns table
{ name = { values } }; a row with a missing value (an empty cell, nil, NaN)
is refused with its number. With laws = { name = { fields } }, each law's
fields replace the spec's (problem, params, solve, ...) and the result is
compare_fits of the fits. With bootstrap = B, B data sets y* = f + r*/sqrt(w)
(r* drawn with replacement from the residuals, scaled by sqrt(n/(n - p)))
are refitted from the estimate, giving percentile intervals (Efron &
Tibshirani 1993). Bad fields are errors naming them: a parameter
without a start, lo > hi, a start outside its bounds, an observed column
the data lack, an observe function returning a non-number (with the row).]],
    fields = [[
      data | a CSV file's name or a columns table { name = { values } }
      problem | function(row, p) -> the solver's table; row: the data row by column name; p: the parameters by name
      solve | "solve2d", "solve3d", "solve_multi" or a function(problem) -> result | "solve2d"
      observe | { column = function(result) -> number or a result field's name, ... }; a list entry "S" means S = "S"
      params | { name = { start, lo =, hi =, scale = }, ... } or { name = start }; scale: the parameter's typical magnitude | lo = -inf, hi = inf, scale from start and bounds
      weights | a column's name (a weight per row) or a function(row, column) -> weight; the residual is sqrt(w) (y - f) | 1
      starts | number of starts: the start given, then a Latin hypercube in the bounds | 5
      seed | of the hypercube | 1
      profile | compute profile-likelihood intervals | true
      level | of the intervals | 0.95
      max_iter | Levenberg-Marquardt iterations per start | 200
      laws | { name = { fields replacing the spec's } }: fit each, return compare_fits
      bootstrap | number of residual-bootstrap resamples (each refitted from the estimate): adds ci_bootstrap and se_bootstrap | none]],
    result = [[
      estimate | name -> value
      se | name -> standard error
      ci | name -> {lo, hi}: the profile interval (Wald with profile = false)
      ci_profile, ci_wald | name -> {lo, hi}
      ci_open | name -> {lo_open, hi_open}: the profile reached that bound without crossing
      cov | cov[a][b], s^2 (J^T W J)^+
      residuals | sqrt(w) (y - f) at the estimate, row by row, the observed columns in alphabetical order
      fitted, weights | f and w for each observation, in the same order
      ci_bootstrap, se_bootstrap, bootstrap | with bootstrap = B: percentile intervals, the estimates' spread, and { n = B, not_converged = count }
      rss, n, p, rows, s2 | residual sum of squares, observations, parameters, data rows, rss/(n - p)
      aic, bic | n log(rss/n) + 2p, n log(rss/n) + p log n
      converged | the best start's Levenberg-Marquardt run met its tests
      identifiable | false when the data cannot separate the parameters
      confounded | list of the parameters involved (empty when identifiable)
      direction | when not identifiable: name -> component of the unseen direction (scaled parameters)
      singular_values | of the scaled, weighted Jacobian, decreasing
      params, observed | the parameter names and the observed columns, in order
      iterations, evaluations, starts, best_start | the work done
      restarts | refits from a point with a lower rss that a profile met (the first fit had stopped in a higher basin)]],
    example = [[
data = { S0 = {}, S = {}, C = {} }          -- Wang & Mason's rod, e = 0.6, mu = 0.3, +-0.01 noise
for i = 1, 9 do
  local S0 = -2 + 0.5 * (i - 1)
  local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = -1, e = 0.6, mu = 0.3 }
  data.S0[i], data.S[i], data.C[i] = S0, r.S + 0.01 * (-1)^i, r.C - 0.01 * (-1)^i
end
f = impact.fit{ data = data, observe = { "S", "C" },
  problem = function(row, p)
    return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = row.S0, C0 = -1, e = p.e, mu = p.mu }
  end,
  params = { e = { 0.8, lo = 0, hi = 1 }, mu = { 0.5, lo = 0, hi = 2 } } }
print(f.estimate.e, f.estimate.mu)       --> 0.601061  0.299388
print(f.ci.e[1], f.ci.e[2], f.identifiable)  --> 0.593869  0.608255  true]],
    see = { "compare_fits", "solve2d", "sweep" },
  },
  {
    name = "compare_fits",
    signature = "impact.compare_fits(fits) -> comparison",
    summary = "Fits of the same data side by side: rss, AIC, BIC and the estimates, best AIC first.",
    synopsis = [[
impact.compare_fits{ fit1, fit2, ... }   or   { name = fit, ... }
  -> c.rows (p, rss, AIC, BIC, dAIC; best AIC first), c.fits, c.best
]],
    text = [[
fits is a list of impact.fit results or a table { name = fit }. Each row
has the fit's p, rss, AIC = n log(rss/n) + 2p, BIC = n log(rss/n) + p log n
and dAIC (the difference to the best); the rows are sorted by AIC. The fits
must have the same number of observations. impact.fit{ ..., laws = { ... } }
returns the same table for one fit per law. It prints as a table.]],
    result = [[
      rows | list of {name, fit, p, n, rss, aic, bic, delta_aic}, best AIC first
      fits | name -> fit
      best | the name of the best fit by AIC]],
    see = { "fit" },
  },
}
