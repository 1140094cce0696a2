-- impact.plot.path: Routh's impulse-space diagram of 2D results (WM92
-- figures 2, 7-10): the lines S, C, T, L, RF and the paths with their events.
local gp = require("impact.plot.gnuplot")
local lib = require("impact.plot.lib")
local names = require("impact.names")
local finite, literal, opt_table, law_text = lib.finite, lib.literal, lib.opt_table, lib.law_text
-- The closed form of a result's law (names.law_closed): which end line to draw.
local function closed_of(r) return names.law_closed(r.law or names.DEFAULT_LAW) end

-- The part of the line a*x + b*y + c = 0 inside the box, as two points.
local function clip(a, b, c, x0, x1, y0, y1)
  local pts = {}
  local eps = 1e-12 * (math.abs(x1 - x0) + math.abs(y1 - y0))
  if b ~= 0 then
    for _, x in ipairs{ x0, x1 } do
      local y = -(a * x + c) / b
      if y >= y0 - eps and y <= y1 + eps then pts[#pts + 1] = { x, y } end
    end
  end
  if a ~= 0 then
    for _, y in ipairs{ y0, y1 } do
      local x = -(b * y + c) / a
      if x >= x0 - eps and x <= x1 + eps then pts[#pts + 1] = { x, y } end
    end
  end
  local best, p, q = -1, nil, nil
  for i = 1, #pts do
    for j = i + 1, #pts do
      local d = (pts[i][1] - pts[j][1]) ^ 2 + (pts[i][2] - pts[j][2]) ^ 2
      if d > best then best, p, q = d, pts[i], pts[j] end
    end
  end
  if not p or best <= 0 then return {} end
  return { p, q }
end

-- The energetic law's termination (Stronge 1990; the works of WM92 eqs 56-58): the impact ends
-- where Wr + e^2 Wc = 0, and Wr, the normal work since maximum compression,
-- depends on the path, so no one curve bounds every path as Newton's line
-- does. What is well defined: the ends of straight last segments from the
-- path's last vertex a before the end. Along such a segment C is linear in
-- the impulse, so the work from a to P is (Py - Pya) (C(a) + C(P)) / 2 and
-- the end lies where it equals T = -e^2 Wc - Wr(a): the hyperbola
--   (Py - Pya) (C(a) + C(P)) = 2 T,   C(P) = C0 - B3 Px + B2 Py,
-- which passes through the actual end (asymptotes Py = Pya and C = -C(a)).
-- Returns its points inside the box (empty when the path has no restitution).
local function energetic_locus(r, e, x0, x1, y1)
  local B1, B2, B3, C0 = r.B1, r.B2, r.B3, r.C0
  local path = r.path
  local function C(v) return C0 - B3 * v.Px + B2 * v.Py end
  -- Wc and Wr(a) from the path: on each straight segment the normal work is
  -- dPy (C_i + C_j) / 2 (exact, C being linear there).
  local n, wc, wr, after = #path, 0, 0, false
  if n < 2 or path[n].event ~= "end" then return {} end
  for i = 1, n - 2 do
    local w = (path[i + 1].Py - path[i].Py) * (C(path[i]) + C(path[i + 1])) / 2
    if after then wr = wr + w else wc = wc + w end
    if path[i + 1].event == "max-compression" then after = true end
  end
  if path[n - 1].event == "max-compression" then after = true end
  local a = path[n - 1]
  local T = -e * e * wc - wr
  if not after or not (T > 0) or e <= 0 then return {} end
  local Ca, pts = C(a), {}
  local vmax = y1 - a.Py
  if vmax <= 0 then return {} end
  if B3 == 0 then   -- C does not depend on Px: a horizontal line
    local v = 2 * T / (Ca + math.sqrt(Ca * Ca + 2 * B2 * T))
    return { { x0, a.Py + v }, { x1, a.Py + v } }
  end
  for k = 1, 400 do
    local v = vmax * (k / 400) ^ 3
    -- (B2 v + 2 Ca) v - B3 u v = 2 T  with u = Px - Pxa
    local u = (B2 * v * v + 2 * Ca * v - 2 * T) / (B3 * v)
    local x = a.Px + u
    if x >= x0 and x <= x1 then pts[#pts + 1] = { x, a.Py + v } end
  end
  return pts
end

-- Event labels: coincident events of a path merged ("max-compression = end"),
-- the same label at the same point of several paths drawn once (for the
-- first of them), and each label placed off the markers, the lines and
-- the other labels where it can: it takes the first free place of several
-- around its point (right or left of it, above or below, centred above or
-- below), then steps further away; one with no free place is left out.
-- box: x0, x1, y1 and scale (points per
-- unit); obstacles: points (markers) and segments (lines, path legs).
-- Returns rows {Px, Py, text, lx, ly, path index}; lx is the label's left end.
local function place_labels(list, box, obstacles)
  local x0, x1, y1 = box.x0, box.x1, box.y1
  local span = math.max(x1 - x0, y1)
  local near = 1e-9 * span
  local labels = {}
  for k, ri in ipairs(list) do
    local last
    for _, v in ipairs(ri.path) do
      local ev = v.event or ""
      if last and math.abs(v.Px - last.x) <= near and math.abs(v.Py - last.y) <= near then
        if ev ~= "" and not last.text:find(ev, 1, true) then last.text = last.text .. " = " .. ev end
      else
        last = { x = v.Px, y = v.Py, text = ev, path = k }
        labels[#labels + 1] = last
      end
    end
  end
  local out, seen = {}, {}
  for _, l in ipairs(labels) do
    local key = string.format("%.9g,%.9g,%s", l.x, l.y, l.text)
    if l.text ~= "" and not seen[key] then
      seen[key] = true
      out[#out + 1] = l
    end
  end
  -- Sizes in data units: a label line some 12.5 points (font 10), a
  -- character some 6.8 (7.7 in the PNGs: taken, so that a label kept
  -- inside the box and off the lines is so in both; at 6.8 a PNG's
  -- "max-compression" ran past the plot's right edge at the column
  -- preset), a marker's radius some 5 (box.scale: estimated from the
  -- canvas less its margins).
  local u = 1 / box.scale
  local lh, cw, mr = 12.5 * u, 7.7 * u, 5 * u
  table.sort(out, function(p, q)
    if p.y ~= q.y then return p.y < q.y end
    if p.x ~= q.x then return p.x < q.x end
    return p.path < q.path
  end)
  -- Does the segment a-b cross the box [bx0, bx1] x [by0, by1]? (Liang-Barsky)
  local function crosses(a, b, bx0, bx1, by0, by1)
    local t0, t1 = 0, 1
    local dx, dy = b[1] - a[1], b[2] - a[2]
    for _, pq in ipairs{ { -dx, a[1] - bx0 }, { dx, bx1 - a[1] }, { -dy, a[2] - by0 }, { dy, by1 - a[2] } } do
      local p, q = pq[1], pq[2]
      if p == 0 then
        if q < 0 then return false end
      else
        local t = q / p
        if p < 0 then t0 = math.max(t0, t) else t1 = math.min(t1, t) end
        if t0 > t1 then return false end
      end
    end
    return true
  end
  local placed = {}
  -- free of labels (strict), and of markers and lines (clear)
  local function free(lx, ly, w)
    for _, q in ipairs(placed) do
      -- (with room to spare: the scale is an estimate)
      if math.abs(ly - q.ly) < 1.3 * lh and lx < q.lx + 1.15 * q.w + cw and q.lx < lx + 1.15 * w + cw then return false end
    end
    return true
  end
  local function clear(lx, ly, w)
    local bx0, bx1, by0, by1 = lx - 0.2 * cw, lx + w, ly - 0.45 * lh, ly + 0.45 * lh
    for _, p in ipairs(obstacles.points) do
      local dx = math.max(bx0 - p[1], 0, p[1] - bx1)
      local dy = math.max(by0 - p[2], 0, p[2] - by1)
      if dx * dx + dy * dy < mr * mr then return false end
    end
    for _, sg in ipairs(obstacles.segments) do
      if crosses(sg[1], sg[2], bx0, bx1, by0, by1) then return false end
    end
    return true
  end
  for _, l in ipairs(out) do
    local w = #l.text * cw
    local right, left, mid = l.x + 1.2 * cw, l.x - 1.2 * cw - w, l.x - w / 2
    local cands = {}
    for k = 0, 3 do   -- within some 3 lines of the point
      local d = (0.7 + k * 0.6) * lh
      for _, c in ipairs{ { right, l.y + d }, { left, l.y + d }, { right, l.y - d }, { left, l.y - d },
                          { mid, l.y + d + 0.3 * lh }, { mid, l.y - d - 0.3 * lh } } do
        cands[#cands + 1] = c
      end
    end
    -- not below the axis (Py >= 0), nor out of the box
    local function inside(c) return c[2] >= 0.5 * lh and c[2] <= y1 - 0.5 * lh and c[1] >= x0 and c[1] + w <= x1 end
    l.lx, l.ly = cands[1][1], cands[1][2]
    local found = false
    for _, c in ipairs(cands) do
      if inside(c) and free(c[1], c[2], w) and clear(c[1], c[2], w) then
        l.lx, l.ly, found = c[1], c[2], true
        break
      end
    end
    if not found then   -- off the other labels at least, near the point, else further out
      for k = 4, 16 do
        local d = (0.7 + k * 0.6) * lh
        cands[#cands + 1] = { right, l.y + d }
        cands[#cands + 1] = { left, l.y + d }
        cands[#cands + 1] = { right, l.y - d }
        cands[#cands + 1] = { left, l.y - d }
      end
      for _, c in ipairs(cands) do
        if inside(c) and free(c[1], c[2], w) then l.lx, l.ly, found = c[1], c[2], true break end
      end
    end
    -- a label with no free place is left out (the point keeps its marker
    -- in its path's colour) rather than overprint another
    l.w = w
    if found then placed[#placed + 1] = l else l.skip = true end
  end
  local rows = {}
  for _, l in ipairs(out) do
    if not l.skip then rows[#rows + 1] = { l.x, l.y, l.text, l.lx, l.ly, l.path } end
  end
  return rows
end

local M = {}

-- Path colours apart from the reference lines' (S green, C blue, Newton's
-- T purple, friction red and orange, the ellipse grey).
local PATH_COLORS = { "black", "#d01c8b", "#8c510a", "#e66101", "#01665e", "#542788", "#b2182b", "#35978f" }

local function check_result2d(F, r, where)
  if type(r) ~= "table" then
    error(string.format("%s: argument 1%s must be a solve2d result (or a list of them), got %s",
      F, where ~= "" and (" " .. where:sub(1, -2)) or "", type(r)), 0)
  end
  for _, k in ipairs{ "B1", "B2", "B3", "S0", "C0" } do
    if not finite(r[k]) then
      error(F .. ": field '" .. where .. k .. "' must be a number (give a solve2d result)", 0)
    end
  end
  if type(r.path) ~= "table" or #r.path == 0 then
    error(F .. ": field '" .. where .. "path' must be the list of path vertices (give a solve2d result)", 0)
  end
  for i, v in ipairs(r.path) do
    if not finite(v.Px) or not finite(v.Py) then
      error(string.format("%s: field '%spath[%d]' must have numbers Px and Py", F, where, i), 0)
    end
  end
end

-- The zero-energy-change ellipse B1 Px^2 - 2 B3 Px Py + B2 Py^2 + 2 S0 Px + 2 C0 Py = 0
-- (WM92 fig 8): centre c = -W^-1 V0, then P = c + L^-T u, |u| = k, W = L L^T.
local function ellipse(B1, B2, B3, S0, C0)
  local D = B1 * B2 - B3 * B3
  local cx, cy = -(B2 * S0 + B3 * C0) / D, -(B3 * S0 + B1 * C0) / D
  local k = math.sqrt(math.max(0, B1 * cx * cx - 2 * B3 * cx * cy + B2 * cy * cy))
  local l11 = math.sqrt(B1)
  local l21 = -B3 / l11
  local l22 = math.sqrt(B2 - l21 * l21)
  local rows = {}
  for i = 0, 180 do
    local t = 2 * math.pi * i / 180
    local u1, u2 = k * math.cos(t), k * math.sin(t)
    local x2 = u2 / l22
    local x1 = (u1 - l21 * x2) / l11
    rows[#rows + 1] = { cx + x1, cy + x2 }
  end
  return rows
end

-- The results to draw: one solve2d result, a list of them or
-- impact.compare's result (its models' paths, in its order), checked.
local function results_of(F, r)
  if type(r) ~= "table" then check_result2d(F, r, "") end
  local mt = getmetatable(r)
  if type(mt) == "table" and mt.__name == "impact.Comparison" and type(mt.order) == "table" then
    local l = {}
    for i, k in ipairs(mt.order) do l[i] = r[k] end
    r = l
  end
  local list = (r[1] ~= nil and r.path == nil) and r or { r }
  for i, ri in ipairs(list) do check_result2d(F, ri, #list > 1 and ("[" .. i .. "].") or "") end
  return list
end

-- The box: the paths with room around them, and Q (stick meets C = 0) when
-- near, and the whole ellipse ell if drawn -> x0, x1, y1.
local function box(list, ell, opts)
  local r = list[1]
  local B1, B2, B3, S0, C0 = r.B1, r.B2, r.B3, r.S0, r.C0
  local ymax, xmin, xmax = 0, 0, 0
  for _, ri in ipairs(list) do
    for _, v in ipairs(ri.path) do
      ymax = math.max(ymax, v.Py)
      xmin, xmax = math.min(xmin, v.Px), math.max(xmax, v.Px)
    end
  end
  local D = B1 * B2 - B3 * B3
  local PxQ, PyQ = -(B2 * S0 + B3 * C0) / D, -(B1 * C0 + B3 * S0) / D
  if PyQ > 0 and PyQ < 2 * math.max(ymax, 1e-300) then
    ymax = math.max(ymax, PyQ)
    xmin, xmax = math.min(xmin, PxQ), math.max(xmax, PxQ)
  end
  if ymax <= 0 then ymax = C0 < 0 and -C0 / B2 or 1 end
  if ell then   -- the whole ellipse in the box
    for _, p in ipairs(ell) do
      ymax = math.max(ymax, p[2] / 1.2)
      xmin, xmax = math.min(xmin, p[1]), math.max(xmax, p[1])
    end
  end
  local y1 = 1.25 * ymax
  local half = math.max((xmax - xmin) / 2 * 1.3, 0.45 * y1)
  local xc = (xmin + xmax) / 2
  local x0, x1 = xc - half, xc + half
  if opts.xrange then x0, x1 = opts.xrange[1], opts.xrange[2] end
  if opts.yrange then y1 = opts.yrange[2] end
  return x0, x1, y1
end

-- The termination line or curve of result ri (i-th of the list) -> added to
-- lines or curves (r: the first result). newton_e: the values of e whose Newton line is drawn.
local function termination(r, ri, e, multi, ttag, col, newton_e, lines, curves, x0, x1, y1)
  local B3, B2, C0 = r.B3, r.B2, r.C0   -- the first result's: one problem
  local ei = ri.e or e
  -- Pc: Routh's compression impulse; PyC: the published models' (Glocker
  -- and Pfeiffer, Chatterjee and Ruina).
  local Pc = finite(ri.Pc) and ri.Pc or ri.PyC
  if closed_of(ri) == "velocity" and not newton_e[ei] then
    -- one line for the paths with this e: in its path's colour and named
    -- after it when it is one path's, else purple and shared
    local own = multi and newton_e.count[ei] == 1
    newton_e[ei] = true
    lines[#lines + 1] = { own and string.format("T%s: C = -e C_0", ttag)
      or string.format("T: Newton termination (C = -e C_0, e = %g)", ei), -B3, B2, (1 + ei) * C0,
      own and col or "#984ea3", "lw 2 dt 2" }
  elseif closed_of(ri) == "impulse" and finite(Pc) and Pc > 0 then
    lines[#lines + 1] = { multi and string.format("T%s: P_y = (1+e) P_c", ttag)
      or string.format("T: Poisson termination P_y = (1+e) P_c, e = %g", ei),
      0, 1, -(1 + ei) * Pc, multi and col or "#984ea3", "lw 2 dt 2" }
  elseif closed_of(ri) == "work" then
    local pts = energetic_locus(ri, ei, x0, x1, y1)
    if #pts > 1 then
      curves[#curves + 1] = { multi and string.format("T%s: W_r + e^2 W_c = 0 from the last vertex", ttag)
        or string.format("T: energetic termination W_r + e^2 W_c = 0, e = %g, on straight paths from the last vertex", ei),
        pts, multi and col or "#984ea3", "lw 2 dt 2" }
    end
  end
end

-- The reference lines {title, a, b, c (a Px + b Py + c = 0), colour,
-- style} and curves {title, rows, colour, style}: S, C, the terminations
-- and the friction lines. Lines that coincide are drawn once: Newton's for
-- one e, the friction lines for one mu (several models of one problem
-- share them).
local function reference_lines(list, names, x0, x1, y1)
  local r = list[1]
  local B1, B2, B3, S0, C0 = r.B1, r.B2, r.B3, r.S0, r.C0
  local e = r.e or 0
  local s = S0 > 0 and 1 or S0 < 0 and -1 or (B3 > 0 and -1 or B3 < 0 and 1 or 1)
  local lines = {
    { "S: sticking line (S = 0)", B1, -B3, S0, "#1a9850", "lw 2" },
    { "C: maximum compression (C = 0)", -B3, B2, C0, "#4575b4", "lw 2" },
  }
  local multi = #list > 1
  local newton_e, fric_mu = { count = {} }, {}
  for _, ri in ipairs(list) do
    local ei = ri.e or e
    if closed_of(ri) == "velocity" then newton_e.count[ei] = (newton_e.count[ei] or 0) + 1 end
  end
  local same_mu = true
  for _, ri in ipairs(list) do
    local m, m1 = ri.mu_k or ri.mu or 0, r.mu_k or r.mu or 0
    if m ~= m1 or (ri.mu_s or m) ~= (r.mu_s or m1) then same_mu = false end
  end
  if closed_of(r) == "velocity" and not multi then
    lines[#lines + 1] = { string.format("T: Newton termination (C = -e C_0, e = %g)", e), -B3, B2, (1 + e) * C0, "#984ea3", "lw 2 dt 2" }
    newton_e[e] = true
  end
  local curves = {}
  local fric = { "#d73027", "#fdae61", "#e7298a", "#66c2a5" }
  for i, ri in ipairs(list) do
    local mu = ri.mu_k or ri.mu or 0
    local mus = ri.mu_s or mu
    local tag = multi and (same_mu and "" or string.format(" (μ = %g)", mu)) or string.format(", μ = %g", mu)
    if ri.friction then tag = multi and " (friction law)" or ", friction law" end
    -- a termination is its path's (several paths: named as in the legend)
    local ttag = multi and (" (" .. names[i] .. ")") or tag
    -- One path: red friction lines; several: each in its path's colour.
    local col = multi and PATH_COLORS[(i - 1) % #PATH_COLORS + 1] or fric[1]
    termination(r, ri, e, multi, ttag, col, newton_e, lines, curves, x0, x1, y1)
    local fkey = string.format("%.17g/%.17g", mu, mus)
    if ri.friction then
      -- a friction law: no straight limiting lines (its slope varies along the path)
    elseif mu > 0 and fric_mu[fkey] then
      -- drawn already (for an earlier path with the same friction)
    elseif mu > 0 then
      fric_mu[fkey] = true
      lines[#lines + 1] = { multi and string.format("L%s: P_x = %s μ P_y", tag, s > 0 and "-" or "+")
        or string.format("L: limiting friction P_x = %s μ P_y%s", s > 0 and "-" or "+", tag), 1, s * mu, 0, col, "lw 1.5" }
      lines[#lines + 1] = { multi and ("RF" .. tag .. ": reversed friction") or ("RF: reversed limiting friction" .. tag),
        1, -s * mu, 0, multi and col or fric[2], "lw 1.5 dt 3" }
      if mus > mu then
        lines[#lines + 1] = { string.format("static friction cone (μ_s = %g)", mus), 1, mus, 0, "#7f7f7f", "lw 1 dt 4" }
        lines[#lines + 1] = { "", 1, -mus, 0, "#7f7f7f", "lw 1 dt 4" }
      end
    elseif i == 1 then
      lines[#lines + 1] = { "frictionless (P_x = 0)", 1, 0, 0, col, "lw 1.5" }
    end
  end
  return lines, curves
end

-- The legend's short texts, on a canvas narrower than 700 points (a
-- column, a page's width): the line's equation without its description.
local SHORT = {
  { "^S: sticking line %(S = 0%)$", "S = 0" },
  { "^C: maximum compression %(C = 0%)$", "C = 0" },
  { "^T: Newton termination %((.-), e = [^)]*%)$", "T: %1" },
  { "^T: Poisson termination (.-), e = .*$", "T: %1" },
  { "^T: energetic termination (.-), e = .*$", "T: %1" },
  { "^(T %b()): .*$", "%1" },
  { "^(L %b()): .*$", "%1" },
  { "^L: limiting friction (.-), μ = .*$", "L: %1" },
  { "^RF: reversed limiting friction, μ = .*$", "RF: reversed" },
  { "^(RF.-): reversed friction$", "%1" },
  { "^static friction cone %((.-)%)$", "cone %1" },
  { "^ΔT = 0 %(energy lost inside%)$", "ΔT = 0" },
}
local function short_title(t)
  for _, r in ipairs(SHORT) do
    local s, n = t:gsub(r[1], r[2])
    if n > 0 then return s end
  end
  return t
end

-- The data blocks and plot clauses of the paths, lines, curves and the
-- ellipse (the paths' blocks first: the path clauses index them by i - 1).
local function line_blocks(list, lines, curves, ell, x0, x1, y1, short)
  -- short: the paths' terminations (in their colours) share one entry
  local tkey = false
  local function T(t)
    if not short then return t end
    if #list > 1 and t:match("^T %b():") then
      if tkey then return "" end
      tkey = true
      return "T: dashed"
    end
    return short_title(t)
  end
  local blocks, plots = {}, {}
  for i, ri in ipairs(list) do
    local rows = {}
    for j, v in ipairs(ri.path) do rows[j] = { v.Px, v.Py, v.event or "" } end
    blocks[i] = { comment = string.format("path %d (mode %s, mu = %g): Px Py event", i,
      tostring(ri.mode), ri.mu_k or ri.mu or 0), rows = rows }
  end
  for _, l in ipairs(lines) do
    local seg = clip(l[2], l[3], l[4], x0, x1, 0, y1)
    blocks[#blocks + 1] = { comment = (l[1] ~= "" and l[1] or "static friction cone") ..
      string.format(": %s*Px + %s*Py + %s = 0", gp.num(l[2]), gp.num(l[3]), gp.num(l[4])), rows = seg }
    local t = l[1] ~= "" and T(l[1]) or ""
    plots[#plots + 1] = string.format("data index %d with lines %s lc rgb %s %s", #blocks - 1, l[6],
      gp.str(l[5]), t ~= "" and ("title " .. gp.str(t)) or "notitle")
  end
  for _, c in ipairs(curves) do
    blocks[#blocks + 1] = { comment = c[1], rows = c[2] }
    local t = T(c[1])
    plots[#plots + 1] = string.format("data index %d with lines %s lc rgb %s %s", #blocks - 1, c[4],
      gp.str(c[3]), t ~= "" and ("title " .. gp.str(t)) or "notitle")
  end
  if ell then
    blocks[#blocks + 1] = { comment = "energy ellipse dT = 0 (inside: energy lost)", rows = ell }
    plots[#plots + 1] = string.format("data index %d with lines lw 1.5 dt 2 lc rgb \"#636363\" title %s", #blocks - 1, gp.str(T("ΔT = 0 (energy lost inside)")))
  end
  return blocks, plots
end

-- Each path's name in the legend (several paths): the user's label, else
-- what tells the paths apart: the model (published models), the law when
-- the laws differ, mu, e when the e's differ; a name two paths would share
-- gets its number.
local function path_names(list, opts)
  local given = opts.label
  if type(given) == "string" then given = { given } end
  local differ = {}
  local law_name = require("impact.law_info").label   -- "poisson", "custom (file.lua:12)"
  local function val(ri, k)
    return k == "law" and law_name(ri) or k == "mu" and (ri.friction or ri.mu_k or ri.mu or 0) or ri.e
  end
  for _, k in ipairs{ "law", "mu", "e" } do
    for _, ri in ipairs(list) do
      if val(ri, k) ~= val(list[1], k) then differ[k] = true end
    end
  end
  local models = false
  for _, ri in ipairs(list) do models = models or type(ri.model) == "string" end
  local names, seen = {}, {}
  for i, ri in ipairs(list) do
    if given and given[i] then
      names[i] = lib.text(opts, given[i])
    else
      local parts = {}
      if type(ri.model) == "string" then parts[#parts + 1] = literal(ri.model)
      elseif differ.law then parts[#parts + 1] = literal(law_name(ri)) end
      local named = #parts > 0   -- by its model or law
      if differ.mu or not differ.law or models then
        parts[#parts + 1] = ri.friction and "friction law" or string.format("μ = %g", ri.mu_k or ri.mu or 0)
      end
      if differ.e then parts[#parts + 1] = string.format("e = %g", ri.e or 0) end
      names[i] = (named and "" or "path, ") .. table.concat(parts, ", ")
    end
  end
  for i, n in ipairs(names) do
    if seen[n] then names[i] = string.format("%s (%d)", n, i) end
    seen[names[i]] = true
  end
  return names
end

-- The paths' plot clauses and the event labels, one block per path, each
-- drawn in its path's colour (added to blocks and plots).
-- Path i's legend entry: its name and mode (several paths), the user's
-- label or "impulse path" (one; the published models name their model).
local function path_label(list, names, opts, i)
  local ri = list[i]
  local model = type(ri.model) == "string" and ri.model or nil
  return #list > 1 and string.format("%s: %s", names[i], tostring(ri.mode))
    or (opts.label and names[1])
    or (model and ("impulse path, model " .. literal(model)) or "impulse path")
end

local function path_plots(list, names, opts, blocks, plots, box, obstacles)
  for i = 1, #list do
    local label = path_label(list, names, opts, i)
    plots[#plots + 1] = string.format("data index %d using 1:2 with linespoints lw 3 pt 7 ps 1.3 lc rgb %s title %s",
      i - 1, gp.str(PATH_COLORS[(i - 1) % #PATH_COLORS + 1]), gp.str(label))
  end
  local labels = place_labels(list, box, obstacles)
  for i = 1, #list do
    local rows = {}
    for _, l in ipairs(labels) do
      if l[6] == i then rows[#rows + 1] = { l[1], l[2], l[3], l[4], l[5] } end
    end
    if #rows > 0 then
      blocks[#blocks + 1] = { comment = string.format("event labels of path %d: Px Py text label-x label-y", i),
        rows = rows }
      plots[#plots + 1] = string.format("data index %d using 4:5:3 with labels left font \",10\" tc rgb %s notitle",
        #blocks - 1, gp.str(PATH_COLORS[(i - 1) % #PATH_COLORS + 1]))
    end
  end
end

-- The default title: the mode (or the number of paths), the distinct laws
-- and values of mu, in order, and the first result's coefficients.
local function default_title(list, short)
  local r = list[1]
  local mus, laws, seen = {}, {}, {}
  for _, ri in ipairs(list) do
    local m, l = string.format("%g", ri.mu_k or ri.mu or 0), law_text(ri)
    if ri.friction then m = "friction law" end
    if not seen["mu " .. m] then seen["mu " .. m] = true mus[#mus + 1] = m end
    if not seen["law " .. l] then seen["law " .. l] = true laws[#laws + 1] = literal(l) end
  end
  -- a custom law has no e (its source names it)
  local mutext = (#mus == 1 and mus[1] == "friction law") and mus[1] or ("μ = " .. table.concat(mus, ", "))
  local t = string.format("Impulse space: %s%s, %s%s, %s",
    #list == 1 and tostring(r.mode) or (#list .. " paths"),
    #list == 1 and type(r.model) == "string" and (" (model " .. literal(r.model) .. ")") or "",
    table.concat(laws, "/"), r.e and string.format(", e = %g", r.e) or "", mutext)
  -- the coefficients too, where there is room (a narrow figure's caption gives them)
  if short then return t end
  return t .. string.format("  (B_1 = %.4g, B_2 = %.4g, B_3 = %.4g, S_0 = %.4g, C_0 = %.4g)", r.B1, r.B2, r.B3, r.S0, r.C0)
end

-- The legend's entries (the plot clauses' titles).
local function key_titles(plots)
  local t = {}
  for _, p in ipairs(plots) do
    local title = p:match(' title "(.*)"$')
    if title then t[#t + 1] = title end
  end
  return t
end

-- The letter of a reference line (WM92's S, C, T, L, RF) from its legend
-- text; nil for the lines the paper does not letter.
local function letter_of(title)
  return title:match("^(RF)[%s:(]") or title:match("^([SCTL])[%s:(]")
end

-- In a panel the lines are lettered where they leave the box, as in WM92's
-- figures 2-5, instead of a legend: on the line (in a white box that hides
-- the line behind the letter) near its upper end (the right end of a level
-- line), moved further along it when another letter is that near.
-- scale: points per unit.
local function letter_lines(lines, x0, x1, y1, scale, paths)
  local out, placed = {}, {}
  local near = 14 / scale   -- some two letters apart
  -- the distance from (x, y) to the segment p-q
  local function dist(x, y, p, q)
    local dx, dy = q[1] - p[1], q[2] - p[2]
    local t = (dx * dx + dy * dy) > 0 and ((x - p[1]) * dx + (y - p[2]) * dy) / (dx * dx + dy * dy) or 0
    t = math.max(0, math.min(1, t))
    return math.sqrt((x - p[1] - t * dx) ^ 2 + (y - p[2] - t * dy) ^ 2)
  end
  for _, l in ipairs(lines) do
    local t = letter_of(l[1])
    local seg = clip(l[2], l[3], l[4], x0, x1, 0, y1)
    if t and #seg == 2 then
      local a, b = seg[1], seg[2]
      if b[2] > a[2] or (b[2] == a[2] and b[1] > a[1]) then a, b = b, a end
      local len = math.sqrt((b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2)
      -- the first place free of the other letters and of the paths, else
      -- of the letters and the paths' markers (a path along the line), else
      -- the upper end
      local function place(paths_too)
        -- every 14 points along the line, from 12 points below its end
        for d = 12, math.max(12, len * scale - 6), 14 do
          local k = math.min(0.95, d / scale / len)
          local px, py = a[1] + k * (b[1] - a[1]), a[2] + k * (b[2] - a[2])
          local free = true
          for _, p in ipairs(placed) do
            if math.abs(p[1] - px) < near and math.abs(p[2] - py) < near then free = false end
          end
          -- off the paths (the letter's box would hide them), or at least
          -- off their markers
          for _, sg in ipairs(paths) do
            local d = paths_too and dist(px, py, sg[1], sg[2])
              or math.min(dist(px, py, sg[1], sg[1]), dist(px, py, sg[2], sg[2]))
            if d < 0.6 * near then free = false end
          end
          if free then return px, py end
        end
      end
      local x, y = place(true)
      if not x then x, y = place(false) end
      if not x then
        local k = math.min(0.9, 12 / scale / len)
        x, y = a[1] + k * (b[1] - a[1]), a[2] + k * (b[2] - a[2])
      end
      placed[#placed + 1] = { x, y }
      out[#out + 1] = string.format("set label %s at %s,%s center front boxed font \",9\" tc rgb %s",
        gp.str(t), gp.num(x), gp.num(y), gp.str(l[5]))
    end
  end
  if #out > 0 then table.insert(out, 1, "set style textbox opaque noborder margins 1,1") end
  return out
end

-- The user's overlays (opts.lines, as plot.map's) and notes (opts.notes:
-- texts at impulse-space points, WM92 fig 5's region numbers), added to
-- blocks and plots / returned as label commands.
local function overlays(opts, blocks, plots)
  for i, l in ipairs(opts.lines or {}) do
    local rows = {}
    for j = 1, #l.x do rows[j] = { l.x[j], l.y[j] } end
    blocks[#blocks + 1] = { comment = "overlay: " .. (l.title or ("line " .. i)), rows = rows }
    plots[#plots + 1] = string.format("data index %d using 1:2 with lines lw %s%s lc rgb %s %s",
      #blocks - 1, gp.num(l.width or 2), lib.dash_type(l.dash), gp.str(l.color or "black"),
      l.title and ("title " .. gp.str(lib.text(opts, l.title))) or "notitle")
  end
  local labels = {}
  for _, n in ipairs(opts.notes or {}) do
    labels[#labels + 1] = string.format("set label %s at %s,%s center front font \",10\" tc rgb %s",
      gp.str(lib.text(opts, n.text)), gp.num(n.x), gp.num(n.y), gp.str(n.color or "black"))
  end
  return labels
end

-- The characters of a panel's title line (9-point text on a panel size[1] wide).
local function panel_chars(size) return math.max(8, math.floor((size[1] - 40) / (lib.CHAR_W * 9 / 11))) end

-- One diagram of the results in list: its data blocks (numbered from 0)
-- and gnuplot lines. size: its canvas ({w, h}; a preset's height is fitted
-- here); panel: nil for a figure of its own, else {title =} for one panel
-- of several (no legend: the lines lettered; no event labels: the events'
-- markers stay; no tic labels).
local function diagram(list, opts, size, panel)
  local r = list[1]
  local short = size[1] < 700 or panel ~= nil
  local ell = opts.ellipse and ellipse(r.B1, r.B2, r.B3, r.S0, r.C0)
  local x0, x1, y1 = box(list, ell, opts)
  local names = path_names(list, opts)
  local lines, curves = reference_lines(list, names, x0, x1, y1)
  local blocks, plots = line_blocks(list, lines, curves, ell, x0, x1, y1, short)
  local notes = overlays(opts, blocks, plots)
  -- The legend below the diagram, in as many columns as fit (its entries
  -- known before the paths' labels: those have none).
  local titles = key_titles(plots)
  for i = 1, #list do titles[#titles + 1] = path_label(list, names, opts, i) end
  -- The plot area at equal scales: the canvas less the y tics and label,
  -- the title, the x tics and label and the legend -> points per unit.
  -- A preset's height is fitted to the diagram at the preset's width.
  local pw = size[1] - (panel and 4 or lib.tic_width(0, y1) + 6) * lib.CHAR_W
  local title = panel and lib.wrap(panel.title or "", panel_chars(size))
    or lib.title(lib.text(opts, opts.title) or default_title(list, short), size, 10)
  local tlines = select(2, title:gsub("\n", "")) + 1
  -- (panels: the most any panel's title takes, so that their boxes align)
  if panel then tlines = math.max(tlines, panel.tlines or 1) end
  local key, bmargin, rows = lib.key_below(titles, size, nil, 9)
  if panel then key, bmargin, rows = "unset key", "set bmargin 2", 0 end
  local frame = (tlines + (panel and 2 or 7) + rows) * lib.LINE_H
  if type(opts.size) == "string" and not panel then
    -- (at most as tall as wide on a column, 0.6 of the width on a page)
    local cap = size[1] < 480 and pw or 0.6 * size[1]
    size[2] = math.floor(frame + math.min(cap, pw * y1 / (x1 - x0)) + 0.5)
  end
  local ph = size[2] - frame
  -- The diagram fills the width: a narrow box is widened (gnuplot fits
  -- the legend's columns in the plot's width: at equal scales a narrow
  -- plot left it one column, which ran up over the diagram), and the
  -- lines drawn again for it.
  local want = y1 * pw / math.max(ph, 1)
  if not opts.xrange and x1 - x0 < want then
    local c = (x0 + x1) / 2
    x0, x1 = c - want / 2, c + want / 2
    lines, curves = reference_lines(list, names, x0, x1, y1)
    blocks, plots = line_blocks(list, lines, curves, ell, x0, x1, y1, short)
    notes = overlays(opts, blocks, plots)
  end
  local scale = math.max(1e-300, math.min(pw / (x1 - x0), ph / y1))
  local obstacles = { segments = {}, points = {} }
  for _, l in ipairs(lines) do
    local seg = clip(l[2], l[3], l[4], x0, x1, 0, y1)
    if #seg == 2 then obstacles.segments[#obstacles.segments + 1] = seg end
  end
  for _, ri in ipairs(list) do
    for j, v in ipairs(ri.path) do
      obstacles.points[#obstacles.points + 1] = { v.Px, v.Py }
      if j > 1 then
        obstacles.segments[#obstacles.segments + 1] = { { ri.path[j - 1].Px, ri.path[j - 1].Py }, { v.Px, v.Py } }
      end
    end
  end
  if panel then
    for i = 1, #list do
      plots[#plots + 1] = string.format("data index %d using 1:2 with linespoints lw 2 pt 7 ps 0.8 lc rgb %s notitle",
        i - 1, gp.str(PATH_COLORS[(i - 1) % #PATH_COLORS + 1]))
    end
  else
    path_plots(list, names, opts, blocks, plots, { x0 = x0, x1 = x1, y1 = y1, scale = scale }, obstacles)
  end
  local body = {
    "set title " .. gp.str(title) .. (panel and " font \",9\"" or " font \",10\""),
    panel and "set xlabel \"P_x\" font \",9\" offset 0,0.5" or
      short and "set xlabel \"P_x\"" or "set xlabel \"P_x (tangential impulse on body 1)\"",
    panel and "set ylabel \"P_y\" font \",9\" offset 1.5,0" or
      short and "set ylabel \"P_y\"" or "set ylabel \"P_y (normal impulse)\"",
    "set size ratio -1",
    string.format("set xrange [%s:%s]", gp.num(x0), gp.num(x1)),
    string.format("set yrange [0:%s]", gp.num(y1)),
    "set grid lc rgb \"#e0e0e0\"",
    panel and key or (key .. " font \",9\""),
    bmargin,
  }
  if panel then
    body[#body + 1] = "unset label"
    -- a sketch, as the paper's: no tics, narrow margins
    body[#body + 1] = "unset xtics; unset ytics; set lmargin 3; set rmargin 1; set tmargin " .. (tlines + 0.5)
    local legs = {}
    for _, ri in ipairs(list) do
      for j = 2, #ri.path do
        legs[#legs + 1] = { { ri.path[j - 1].Px, ri.path[j - 1].Py }, { ri.path[j].Px, ri.path[j].Py } }
      end
    end
    for _, l in ipairs(letter_lines(lines, x0, x1, y1, scale, legs)) do body[#body + 1] = l end
  else
    body[#body + 1] = lib.tics("x", x0, x1, math.min(pw, scale * (x1 - x0)))
    body[#body + 1] = lib.tics("y", 0, y1, math.min(ph, scale * y1))
  end
  for _, l in ipairs(notes) do body[#body + 1] = l end
  body[#body + 1] = "set zeroaxis lt 1 lc rgb \"#909090\""
  body[#body + 1] = "plot " .. table.concat(plots, ", \\\n     ")
  return blocks, body
end

-- The panels of path(list, {panels = {rows, cols}}): each entry of list a
-- result or a list of results of one problem, in its own diagram (WM92
-- figures 3 and 4 draw a grid of cases), in one figure through gnuplot's
-- multiplot. The panels' data blocks go into one file, each panel's
-- "data index k" shifted past the blocks of the panels before it.
local function panels(F, list, opts, out)
  local nr, nc = opts.panels[1], opts.panels[2]
  if #list > nr * nc then
    error(string.format("%s: %d panels do not fit in panels = {%d, %d}", F, #list, nr, nc), 0)
  end
  local titles = opts.titles or {}
  local size = gp.size_of(F, opts.size, out, { 300 * nc, 300 * nr + 40 })
  local head = lib.title(lib.text(opts, opts.title) or "Impulse space", size, 10)
  local hlines = select(2, head:gsub("\n", "")) + 1
  local cw = size[1] / nc
  if type(opts.size) == "string" then
    -- panels about square, under the figure's title
    -- (as tall as the common box is at its width, when the ranges are given)
    local aspect = 0.8
    if opts.xrange and opts.yrange then aspect = math.min(1, opts.yrange[2] / (opts.xrange[2] - opts.xrange[1])) end
    size[2] = math.floor(nr * (aspect * (cw - 4 * lib.CHAR_W) + 3.5 * lib.LINE_H) + (hlines + 1) * lib.LINE_H + 0.5)
  end
  local ch = (size[2] - (hlines + 1) * lib.LINE_H) / nr
  local tl = 1
  for i = 1, #list do
    if type(titles[i]) == "string" then
      tl = math.max(tl, select(2, lib.wrap(lib.text(opts, titles[i]), panel_chars({ math.floor(cw) })):gsub("\n", "")) + 1)
    end
  end
  -- each panel placed by hand under the figure's title (multiplot's own
  -- layout left the title too little room)
  local top = 1 - (hlines + 1) * lib.LINE_H / size[2]
  local blocks, body = {}, {
    string.format("set multiplot title %s font \",10\"", gp.str(head)),
    string.format("set size %s,%s", gp.num(1 / nc), gp.num(top / nr)),
  }
  for i, entry in ipairs(list) do
    local row, col = (i - 1) // nc, (i - 1) % nc
    body[#body + 1] = string.format("set origin %s,%s", gp.num(col / nc), gp.num(top - (row + 1) * top / nr))
    local sub = results_of(F, entry)
    if titles[i] ~= nil and type(titles[i]) ~= "string" then
      error(string.format("%s: option 'titles[%d]' must be a string, got %s", F, i, type(titles[i])), 0)
    end
    local b, lines = diagram(sub, opts, { math.floor(cw), math.floor(ch) },
      { title = titles[i] and lib.text(opts, titles[i]) or "", tlines = tl })
    local base = #blocks
    for _, bk in ipairs(b) do
      blocks[#blocks + 1] = { comment = string.format("panel %d, %s", i, bk.comment), rows = bk.rows }
    end
    for _, l in ipairs(lines) do
      body[#body + 1] = (l:gsub("data index (%d+)", function(k) return "data index " .. (tonumber(k) + base) end))
    end
  end
  body[#body + 1] = "unset multiplot"
  return gp.render(F, out, {
    what = "impact.plot.path: Routh's impulse-space diagrams, one panel per problem", blocks = blocks,
    body = body, size = size, run = opts.run, replay = true, command = require("impact.plot").gnuplot })
end

-- path(result or {result, ...}, opts): one diagram; several results of the
-- same problem (different mu, say) share the lines S, C, T and each adds its
-- limiting-friction lines and its path. With opts.panels = {rows, cols}
-- the list's entries are problems, one panel each.
function M.path(r, opts)
  local F = "plot.path"
  opts = opt_table(F, opts)
  local out = opts.out or "path.png"
  if opts.panels then
    if type(r) ~= "table" or #r == 0 then
      error(F .. ": argument 1 must be a list of panels (each a solve2d result or a list of them) with panels = {rows, cols}", 0)
    end
    return panels(F, r, opts, out)
  end
  local list = results_of(F, r)
  -- equal scales: a column's preset square, a page's 3:4
  local size = gp.size_of(F, opts.size, out, { 900, 700 }, { column = 1, full = 0.75 })
  local blocks, body = diagram(list, opts, size, nil)
  return gp.render(F, out, {
    what = "impact.plot.path: Routh's impulse-space diagram", blocks = blocks, body = body,
    size = size, run = opts.run, command = require("impact.plot").gnuplot })
end

-- for the specs: where the event labels go
M._place_labels = place_labels

return M
