-- Help topic of the restitution laws, written from the core's registry
-- (impact.core._laws through impact.names): one row a law.
local names = require("impact.names")

local lines = {}
for _, row in ipairs(names.LAW_ROWS) do
  local params = {}
  for _, p in ipairs(row.params) do
    params[#params + 1] = p.lo < p.hi and string.format("%s in [%g, %g]", p.name, p.lo, p.hi) or p.name
  end
  local what = row.builtin and string.format('law = %q', row.name)
    or row.compliant and string.format('law = { %q, ... }', row.name) or "law = function(s)"
  lines[#lines + 1] = string.format("  %-22s %s", what, row.doc)
  lines[#lines + 1] = string.format("  %-22s parameters: %s; closed-form end: %s", "",
    #params > 0 and table.concat(params, ", ") or "none",
    row.closed or row.compliant and "none (followed in time)" or "none (root-found)")
  local line = "solvers:"
  for i, name in ipairs(row.solvers) do
    local word = " " .. name .. (i < #row.solvers and "," or "")
    if #line + #word > 54 then
      lines[#lines + 1] = string.format("  %-22s %s", "", line)
      line = " "
    end
    line = line .. word
  end
  lines[#lines + 1] = string.format("  %-22s %s", "", line)
end

return {
  {
    name = "laws", topic = true, signature = "The restitution laws",
    summary = "The restitution laws t.law selects (" .. names.quoted(names.LAWS)
      .. " or a function), their parameters and the solvers that accept them.",
    text = [[
A restitution law decides where an impact ends after maximum compression:
at the first point where its residual R(state) reaches zero from below.
The state a law sees: Pn, Pc (normal impulse now and at maximum
compression), vn, vn0 (normal contact velocity now and before impact), Wc,
Wr (normal work in compression, <= 0, and since, >= 0), Pt, vt, vt0
(tangential impulse and slip; in 3D tables {x =, z =}), phase and dim.
A law whose end has a closed form (impulse: Pn = (1+e) Pc; velocity:
vn = -e vn0; work: Wr = -e^2 Wc) is solved in closed form where the
solver has one; any other law's residual is root-found. The rows below
are the core's registry (impact.core._laws), in its order:

]] .. table.concat(lines, "\n"),
    see = { "solve2d", "solve3d", "solve_multi", "friction", "compliant" },
  },
  {
    name = "friction", topic = true, signature = "friction = function(s) return mu end",
    summary = "Friction laws: a coefficient of friction that varies along the impact (solve2d, "
      .. "solve3d's exact path).",
    text = [[
solve2d's and solve3d's t.friction, in place of mu (exclusive with mu, mu_s, mu_k), is a
function of the restitution laws' state s (Pn, Pc, vn, vn0, Pt, vt, vt0,
phase, Wc, Wr; see help("laws")) returning the friction coefficient >= 0
there: speed-dependent (0.3 + 0.5*math.abs(s.vt)), impulse-dependent
(0.3 + 0.4*s.Pn) or phase-dependent friction. Routh's path re-evaluates it:

  sliding, slip sign sg:  dPx/dp = -sg mu(p)   (integrated: DOP853, step control)
  sticking (S = 0):       dPx/dp = B3/B1, held while |B3| <= mu(p)*B1 (vt = 0)

The slip stopping (then stick if |B3| <= mu*B1, else reverse towards
-sgn(B3)), maximum compression and the law's end are located on the
integrator's steps; on a sticking segment the stick breaks where mu*B1
falls below |B3| (32 samples, then Brent), including a drop of mu at
maximum compression; the slip may stop again later. Every law applies
(custom ones too), with coefficients, bodies or a mechanism. The mode
names follow the constant-mu ones: C-/R- after the phase of the first
stop, -reversed if any reversal or break happened. The result keeps its
path (events as with a constant mu) and friction, not mu_s, mu_k.
A constant function gives the constant-mu result to 1e-12.

In 3D (solve3d, method "exact": a body, two bodies or a mechanism) s.vt,
s.Pt and s.vt0 are {x =, z =} tables (|vt| is math.sqrt(s.vt.x^2 +
s.vt.z^2)); the exact path re-evaluates mu at every integrator stage:

  sliding:   dPt/dp = -mu(s) u, u = vt/|vt|   (the direction free to turn)
  sticking:  dPt/dp = -Wtt^-1 Wtn, held while rho_req <= mu(s) (vt = 0)

A stop or a break that cannot stick restarts along Keller's re-slide ray
for the mu of that instant. The constant-mu shortcuts (a slide along an
invariant ray, a stick, in closed form) are kept while mu(s) stays equal
along them, so a constant function gives the constant-mu result bit for
bit. The algebraic method and the models take one mu: an error naming
'friction'.

A function that raises, returns a non-number, NaN or a negative value is
an error naming 'friction' and the state where it happened. solve_multi's
models take a constant mu per contact, and sweep's base does not read
friction: both name the field in their error.]],
    example = [[
local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.3, C0 = -1, e = 0.5,
                          friction = function(s) return 0.9 - 0.4 * s.Pn end }
print(r.mode, r.Px, r.Py, r.S)   --> C-reversed  0.341180  0.768750  -0.000176
local events = {}
for i, v in ipairs(r.path) do events[i] = v.event end
print(table.concat(events, " ")) --> start stick max-compression reverse end
-- 3D: sticks in compression, breaks at maximum compression (mu drops to 0.1)
local rod = impact.rod{ m = 1, L = 2.3, radius = 0.5, theta1_deg = 20, theta2_deg = 15 }
local k = impact.solve3d{ body = rod, v = {0.4, -1, 0}, e = 0.7,
  friction = function(s) return s.phase == "compression" and 0.8 or 0.1 end }
print(k.mode, k.P[1], k.P[2], k.P[3])   --> C-reversed  0.130808  1.325820  0.182886
print(k.stages[2].name, k.stages[3].name) --> sticking  re-slide]],
    see = { "solve2d", "solve3d", "laws" },
  },
  {
    name = "compliant", topic = true, signature = "Compliant normal laws",
    summary = "law = { \"kelvin-voigt\" | \"hertz\" | \"hunt-crossley\", parameters }: the "
      .. "contact force of the penetration decides where the impact ends (solve2d, solve3d "
      .. "exact, mechanisms, solve_multi's sequential model, impact.simulate).",
    text = [[
A compliant law gives the normal force F(delta, delta') of the penetration
delta >= 0 and its rate delta' = -vn. The rigid path (Routh's in 2D, the
exact path in 3D) gives vn along the normal impulse; the force is followed
in time along it (dp/dt = F, d delta/dt = -vn) until delta returns to 0,
or F reaches 0 first (no tension: the contact lets go with a residual
indentation). Friction runs along the same path unchanged. The parameters
are absolute (k in force/length^n), the laws' own, in the law table; a
top-level e is an error with them. Hertz's impulses are the energetic
law's (its unloading returns e^2 of the stored energy); the damping
formulas of Hunt-Crossley aim at an e they reach only approximately:
e_eff reports what the force produced. Not on method = "algebraic". In
impact.simulate every impact is resolved with the law as solve2d's (a
ball under Kelvin-Voigt with tension rebounds by exp(-zeta pi /
sqrt(1 - zeta^2)) each time); simultaneous impacts take model =
"sequential", the default with a compliant law (another model is an
error naming model).]],
    fields = [[
      kelvin-voigt | F = k delta + c delta'; k > 0, c >= 0 or zeta in [0, 1) (c = 2 zeta sqrt(k m_eff), m_eff = 1/B2, in 3D 1/W_nn), tension = true: a pull until delta = 0 (then e_eff = exp(-zeta pi / sqrt(1 - zeta^2)) for a direct impact)
      hertz | F = k delta^(3/2) loading; k > 0, e in [0, 1]
      hunt-crossley | F = k delta^n (1 + c delta'); k > 0, n > 0 (default 1.5), c >= 0 or e in (0, 1] with damping = "hunt-crossley" (c = 3(1-e)/(2 v0)), "lankarani-nikravesh" (3(1-e^2)/(4 v0)) or "flores" (8(1-e)/(5 e v0)), v0 = -vn0]],
    result = [[
      e_eff | the restitution produced, -vn_end/vn0 (C/-C0 in 2D)
      duration | contact time
      F_max | peak force
      delta_max | peak penetration]],
    example = [[
  r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.8,
                      law = { "hunt-crossley", k = 1e5, e = 0.7, damping = "flores" } }
  r.e_eff, r.duration, r.F_max, r.delta_max]],
    see = { "laws", "solve2d", "solve3d" },
  },
}
