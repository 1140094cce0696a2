-- A plain-Lua Routh tracer: the peer that bench/solve2d.lua times
-- impact.solve2d against (solve2d_lua_over_plain_lua). It is the
-- straightforward way to write Routh's method as Wang & Mason (1992, sec
-- 3.3) give it: on a coefficient problem {B1, B2, B3, S0, C0, mu (or mu_s,
-- mu_k), e, law = "poisson" | "newton" | "energetic"} the path in impulse
-- space is traced segment by segment (sliding, sticking, reversed sliding),
-- each event (the slip stops, maximum compression, the law's end) found in
-- closed form, the path kept as a list of vertices. Plain Lua tables, no
-- scaling of extreme data, no checks of the input: a benchmark peer, which
-- spec/plain_routh_spec.lua holds to impact.solve2d's results.
local M = {}

local function sgn(x) return x > 0 and 1 or (x < 0 and -1 or 0) end

-- The segment's slopes: sliding with slip sign s (friction opposes it).
local function set_sliding(t, s)
  t.seg = "slide"
  t.sig = -s * t.mu_k
  t.kS = t.B1 * t.sig - t.B3
  t.kC = t.B2 - t.B3 * t.sig
end

local function set_sticking(t)
  t.seg = "stick"
  t.sig = t.B3 / t.B1
  t.kS = 0
  t.kC = t.D / t.B1
end

local function vertex(t, event)
  t.path[#t.path + 1] = { Px = t.Px, Py = t.p, S = t.S, C = t.C, event = event }
end

-- Moves by d along the segment; the works grow by the integral of the
-- velocity over the impulse (quadratic on a straight segment).
local function advance(t, d)
  local wn = d * (t.C + 0.5 * t.kC * d)
  if t.restit then t.Wr = t.Wr + wn else t.Wc = t.Wc + wn end
  t.Wf = t.Wf + t.sig * d * (t.S + 0.5 * t.kS * d)
  t.p = t.p + d
  if t.seg == "stick" then
    t.Px = (t.B3 * t.p - t.S0) / t.B1
  else
    t.Px = t.Px + t.sig * d
  end
  t.S = t.S + t.kS * d
  t.C = t.C + t.kC * d
end

-- The distance to the law's end on a restitution segment.
local function law_end(t)
  local e, d = t.e, nil
  if t.law == "poisson" then
    d = (1 + e) * t.pc - t.p
  elseif t.law == "newton" then
    d = (-e * t.C0 - t.C) / t.kC
  else                                   -- energetic: Wr reaches -e^2 Wc
    local T = -e * e * t.Wc - t.Wr
    if not (T > 0) then return 0 end
    local Ca = t.C > 0 and t.C or 0
    d = 2 * T / (Ca + math.sqrt(Ca * Ca + 2 * t.kC * T))
  end
  return d > 0 and d or 0
end

local function class_of(p)
  if p.C0 == 0 then return "tangential" end
  if p.S0 == 0 then return "direct" end
  if p.B3 == 0 then return "central" end
  return "eccentric"
end

local function result(t, mode)
  local S = t.seg == "stick" and 0 or t.S
  return {
    Px = t.Px, Py = t.p, S = S, C = t.C, Pc = t.pc, Wc = t.Wc, Wr = t.Wr, Wf = t.Wf,
    dT = 0.5 * (t.Px * (t.S0 + S) + t.p * (t.C0 + t.C)),
    mode = mode, class = t.class, law = t.law, e = t.e, mu_s = t.mu_s, mu_k = t.mu_k,
    B1 = t.B1, B2 = t.B2, B3 = t.B3, S0 = t.S0, C0 = t.C0, Delta = t.D, path = t.path,
  }
end

local function no_impulse(t)
  vertex(t, "end")
  return result(t, "none")
end

function M.solve(prob)
  local B1, B2, B3 = prob.B1, prob.B2, prob.B3
  local t = {
    B1 = B1, B2 = B2, B3 = B3, S0 = prob.S0, C0 = prob.C0, D = B1 * B2 - B3 * B3,
    mu_s = prob.mu_s or prob.mu or 0, mu_k = prob.mu_k or prob.mu or 0,
    e = prob.e, law = prob.law or "poisson", class = class_of(prob),
    p = 0, Px = 0, S = prob.S0, C = prob.C0, Wc = 0, Wr = 0, Wf = 0, pc = 0,
    restit = false, seg = "slide", sig = 0, kS = 0, kC = 0, path = {},
  }
  vertex(t, "start")
  if t.C0 > 0 then return no_impulse(t) end      -- parting: no impulse
  local stuck0 = false
  if t.S0 ~= 0 then
    set_sliding(t, sgn(t.S0))
  elseif math.abs(B3) <= t.mu_s * B1 then
    set_sticking(t)
    stuck0 = true
  else
    set_sliding(t, -sgn(B3))
  end
  if t.C0 == 0 and t.kC >= 0 then return no_impulse(t) end
  local event, event_restit = nil, false
  for _ = 1, 8 do
    local dst, dmc, dend = math.huge, math.huge, math.huge
    if t.seg == "slide" and ((t.S > 0 and t.kS < 0) or (t.S < 0 and t.kS > 0)) then
      dst = -t.S / t.kS
    end
    if not t.restit then
      if t.kC > 0 then dmc = t.C >= 0 and 0 or -t.C / t.kC end
    else
      dend = law_end(t)
    end
    local dmin = math.min(dst, dmc, dend)
    local tol = 1e-12 * (t.p + dmin)     -- coincident events: stick, max-c, end
    if dst <= dmin + tol then
      advance(t, dst)
      t.S = 0
      if math.abs(B3) <= t.mu_s * B1 then
        set_sticking(t)
        event = "stick"
      else
        set_sliding(t, -sgn(B3))
        event = "reverse"
      end
      event_restit = t.restit
      vertex(t, event)
    elseif dmc <= dmin + tol then
      advance(t, dmc)
      t.C = 0
      t.pc = t.p
      t.restit = true
      vertex(t, "max-compression")
    else
      advance(t, dend)
      if t.law == "newton" then t.C = 0.0 - t.e * t.C0 end
      vertex(t, "end")
      local mode = "sliding"
      if stuck0 then mode = "C-sticking"
      elseif event == "stick" then mode = event_restit and "R-sticking" or "C-sticking"
      elseif event == "reverse" then mode = event_restit and "R-reversed" or "C-reversed"
      end
      return result(t, mode)
    end
  end
  error("plain_routh: no end after 8 segments")
end

return M
