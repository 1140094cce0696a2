-- The printers of the analyses' results (metatables made by the C binding):
-- painleve, painleve_bands, space and space_map.
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
  return "law " .. tostring(r.law) .. (r.e and (" (e = " .. g(r.e) .. ")")
    or r.law_source and (" (" .. r.law_source .. ")") or "")
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
  add("  after       S = %s  C = %s   rebound gamma_r = %s deg (%s)", g(s.S), g(s.C),
      g(s.gamma_r_deg), s.tan_gr and ("tan_gr = " .. g(s.tan_gr)) or "a tangential exit")
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

return {
  ["impact.Painleve"] = painleve_summary, ["impact.PainleveBands"] = bands_summary,
  ["impact.Space"] = space_summary, ["impact.SpaceMap"] = space_map_summary,
}
