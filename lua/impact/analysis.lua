-- Lua-side part of the analyses (W86, MW88): the impact-space map as
-- CSV-ready columns, with the translation line found on the grid.
local ORDER = { "gamma_deg", "theta_deg", "gamma", "theta", "mode", "region", "Px", "Py",
                "S", "C", "dT", "tan_gr", "gamma_r_deg", "gamma_r", "dw", "sense" }

local num = require("impact.core")._num   -- shortest round-trip text

local function cell(v)
  if type(v) == "number" then return num(v) end
  return tostring(v)
end

-- Writes columns (name -> array) in the given order as CSV with a header.
local function write_csv(path, columns, order, fn)
  local f, err = io.open(path, "w")
  if not f then error(fn .. ": cannot write '" .. tostring(path) .. "': " .. tostring(err), 3) end
  f:write(table.concat(order, ","), "\n")
  local n = #columns[order[1]]
  local row = {}
  for i = 1, n do
    for j, k in ipairs(order) do row[j] = cell(columns[k][i]) end
    f:write(table.concat(row, ","), "\n")
  end
  f:close()
end

-- Where the change of rotation dw changes sign between grid neighbours: the
-- translation line (linear interpolation), every region. Both directions
-- (along gamma and along theta), since the line runs along gamma in the
-- sliding region (theta = atan mu) and across it elsewhere. A grid point
-- with dw = 0 exactly counts once; r = 0 (dw = 0 everywhere) gives none.
local function translation_on_grid(r)
  local c, ng, nt = r.columns, r.ng, r.nt
  local th, ga = {}, {}
  if r.r == 0 then return { theta = th, gamma = ga } end
  local function edge(a, b)
    local da, db = c.dw[a], c.dw[b]
    if da * db < 0 then
      local f = da / (da - db)
      th[#th + 1] = c.theta[a] + f * (c.theta[b] - c.theta[a])
      ga[#ga + 1] = c.gamma[a] + f * (c.gamma[b] - c.gamma[a])
    end
  end
  for i = 0, nt - 1 do
    for j = 1, ng do
      local a = i * ng + j
      if c.dw[a] == 0 then th[#th + 1], ga[#ga + 1] = c.theta[a], c.gamma[a] end
      if j < ng then edge(a, a + 1) end
      if i < nt - 1 then edge(a, a + ng) end
    end
  end
  return { theta = th, gamma = ga }
end

-- One-screen summaries of the analyses' results (as solve2d's results print).
local function g(x)
  return type(x) == "number" and string.format("%.6g", x) or tostring(x)
end

local function reversal_line(rv)
  if not rv then return nil end
  if rv.exists then
    return string.format("  reversal    possible for theta in (%s, %s) deg (max |B3|/B1 = %s)",
                         g(rv.theta_lo_deg), g(rv.theta_hi_deg), g(rv.ratio_max))
  end
  return string.format("  reversal    never (max |B3|/B1 = %s <= mu)", g(rv.ratio_max))
end

local function law_text(r)
  return "law " .. tostring(r.law) .. (r.e and (" (e = " .. g(r.e) .. ")") or "")
end

local function painleve_summary(p)
  local out = {}
  out[1] = string.format("painleve: contact sliding with s = %s, mu = %s: a = %s, %s", g(p.s), g(p.mu), g(p.a),
                         p.consistent and "consistent (a finite normal force holds it; no impulse)"
                                      or "INCONSISTENT (no finite normal force holds it)")
  out[2] = string.format("  coefficients  B1 = %s  B2 = %s  B3 = %s  Delta = %s%s%s", g(p.B1), g(p.B2), g(p.B3),
                         g(p.Delta), p.mu_crit and ("   mu_crit = " .. g(p.mu_crit)) or "",
                         p.theta_deg and string.format("   (theta = %s deg, r = %s)", g(p.theta_deg), g(p.r)) or "")
  local q = p.impact
  if q then
    out[3] = string.format("  resolving tangential impact: %s, Px = %s  Py = %s  S = %s  C = %s  dT = %s; %s",
                           q.mode, g(q.Px), g(q.Py), g(q.S), g(q.C), g(q.dT),
                           p.resolution == "max-compression"
                             and "stopped at maximum compression (no e given: Mason & Wang's plastic impact)"
                             or law_text(q))
  end
  return table.concat(out, "\n")
end

local function bands_summary(b)
  local head = string.format("painleve_bands: r = %s, mu = %s, s = %s: ", g(b.r), g(b.mu), g(b.s))
  local band = b.bands and b.bands[1]
  if band then
    return head .. string.format("a < 0 for theta in (%s, %s) deg (bands exist for mu > mu_min = %s)",
                                 g(band.lo_deg), g(band.hi_deg), g(b.mu_min))
  end
  return head .. string.format("no orientation with a < 0 (needs mu > mu_min = %s)", g(b.mu_min))
end

local function space_summary(s)
  local out = {}
  local function add(...) out[#out + 1] = string.format(...) end
  add("space: r = %s, mu = %s, %s; theta = %s deg, gamma = %s deg", g(s.r), g(s.mu), law_text(s),
      g(s.theta_deg), g(s.gamma_deg))
  add("  mode        %s%s", s.mode, s.region and (" (region by Wang's inequalities: " .. s.region .. ")") or "")
  add("  impulse     Px = %s  Py = %s", g(s.Px), g(s.Py))
  add("  after       S = %s  C = %s   rebound gamma_r = %s deg (tan_gr = %s)", g(s.S), g(s.C),
      g(s.gamma_r_deg), g(s.tan_gr))
  add("  rotation    dw = %s (%s)", g(s.dw), tostring(s.sense))
  add("  energy      dT = %s", g(s.dT))
  if s.rebound_c then add("  sliding     e tan(gamma_r) = tan(gamma) + c, c = %s", g(s.rebound_c)) end
  if s.sphere then
    add("  sphere      %s", s.sphere.sticks and "sticks (rolls off)"
                           or ("slides, e tan(gamma_r) = " .. g(s.sphere.e_tan_gr)))
  end
  out[#out + 1] = reversal_line(s.reversal)
  return table.concat(out, "\n")
end

local function space_map_summary(m)
  local out = {}
  local function add(...) out[#out + 1] = string.format(...) end
  add("space_map: %d points (%d gamma x %d theta), r = %s, mu = %s, %s", m.n, m.ng, m.nt, g(m.r), g(m.mu),
      law_text(m))
  local counts, names = {}, {}
  for _, md in ipairs(m.columns.mode) do
    if not counts[md] then names[#names + 1] = md end
    counts[md] = (counts[md] or 0) + 1
  end
  table.sort(names)
  local parts = {}
  for _, md in ipairs(names) do parts[#parts + 1] = md .. " " .. counts[md] end
  add("  modes       %s", table.concat(parts, ", "))
  local tl = m.translation
  if tl.everywhere then
    add("  translation everywhere (r = 0: every impulse passes through the CM)")
  else
    local nc = 0
    for _, x in ipairs(tl.method) do if x == "closed-form" then nc = nc + 1 end end
    add("  translation %d points (%d closed-form, %d numerical), %d on the grid; sliding theta = %s deg%s",
        #tl.theta, nc, #tl.theta - nc, tl.grid and #tl.grid.theta or 0, g(math.deg(tl.sliding_theta)),
        tl.sliding_theta_neg and (" (" .. g(math.deg(tl.sliding_theta_neg)) .. " for gamma < 0)") or "")
  end
  out[#out + 1] = reversal_line(m.reversal)
  if m.order then add("  columns     %s", table.concat(m.order, ", ")) end
  return table.concat(out, "\n")
end

return function(impact, core)
  local space_map = core.space_map
  for key, fn in pairs{ _painleve_mt = painleve_summary, _painleve_bands_mt = bands_summary,
                        _space_mt = space_summary, _space_map_mt = space_map_summary } do
    if core[key] then core[key].__tostring = fn end
  end

  function impact.space_map(t)
    if type(t) ~= "table" then error("space_map: expected a table, got " .. type(t), 2) end
    local out = t.out
    if out ~= nil and type(out) ~= "string" then
      error("space_map: field 'out' must be a file name, got " .. type(out), 2)
    end
    local ok, r = pcall(space_map, t)
    if not ok then
      -- the position would point here; report the caller's instead
      error((tostring(r):gsub("^[^\n]-analysis%.lua:%d+: ", "")), 2)
    end
    -- the columns present (a custom law has no region)
    local order = {}
    for _, k in ipairs(ORDER) do
      if r.columns[k] then order[#order + 1] = k end
    end
    r.order = order
    r.translation.grid = translation_on_grid(r)
    if out then write_csv(out, r.columns, order, "space_map") end
    return r
  end

end
