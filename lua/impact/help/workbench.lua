return {
  {
    name = "workbench", topic = true,
    signature = "impact " .. require("impact.core").version,
    summary = "A Lua workbench for rigid-body collisions with friction.",
    text = [[
Every function takes one table of named fields and returns a table of
results. Conventions: the contact normal is +y, pointing from body 2 (or the
ground) into body 1; x (and z in 3D) span the tangent plane; an approaching
body has a negative normal contact velocity; impulses are those acting on
body 1; angles are radians unless the name ends in _deg; any consistent units.

Restitution: law = "poisson" (default), "newton", "energetic" (Stronge), or a
Lua function law(s) returning a residual that reaches zero at the end of the
impact. Friction: mu sets both coefficients; mu_s (sticking) and mu_k
(sliding) may be given separately.]],
  },
}
