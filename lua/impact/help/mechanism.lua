-- Help entries for the mechanism builders (chain2d, system2d, system3d)
-- and prepare_mechanism.
return {
  {
    name = "chain2d",
    signature = "impact.chain2d(t) -> mechanism",
    summary = "The generalized mass matrix M, contact Jacobian J and qdot of a planar open chain whose tip strikes a surface.",
    synopsis = [[
impact.chain2d{ links = { {m =, L =, I =}, ... }, q =, qdot =,
                [base = "free",] mu =, e =, law = }
  -> {M =, J =, qdot =, tip =, mu =, ...}: a table solve2d, classify2d,
     compare and sweep take as it is
]],
    text = [[
A planar open chain of uniform links (each link's centre of mass at its
middle), joined end to end, whose last link's tip strikes a surface with
normal +y (x is the tangent). The generalized coordinates are the absolute
link angles q (from +x, counter-clockwise, radians); base = "pinned" (the
default) fixes the first link's start at the origin, base = "free" adds
the base point's x, y as the first two coordinates (q = {x, y, angles...},
qdot = {vx, vy, rates...}). Kane's dynamics puzzle (Kane 1984) is the
two-link pinned chain.

The kinetic energy is 1/2 qdot^T M qdot, summed over the links
(1/2 m |v_centre|^2 + 1/2 I rate^2), and J's rows are the tip's velocity
components: row 1 the tangent x, row 2 the normal y (J qdot = (S0, C0)).
The solvers need only W = J M^-1 J^T (in 2D B1 = W_xx, B2 = W_yy,
B3 = -W_xy) and J qdot. The result is solve2d's mechanism table (solve2d,
classify2d and the published models take it as it is); every other field
of t (mu, e, law, model, ...) is copied as it is.

Two studies use it (examples/kane_puzzle.lua and robot_arm.lua print the
tables; scripts/figures draws examples/figures/kane_puzzle.lua and
robot_arm.lua, help("figures")). Kane's pendulum (m = 1, L = 1, q1 = -40
degrees, qdot = (-1, -1), mu = 0.8, e = 1) over q2: Newton's law gains
energy for q2 in (-76.89, -47.28) and (-39.90, -28.78) degrees, T'/T up to
13.54 at q2 = -48.8, while Poisson's and the energetic law never do; the
figure draws T'/T of the three laws and model = "kane" with that region
shaded. The three-link arm striking a table (m = (4, 2.5, 1), L = (0.5,
0.4, 0.25), q1 = 20 degrees, qdot = (-0.4, -0.8, -1.2), mu = 0.5, e = 0.3)
over a 1-degree grid of q2 in -90..30 and q3 in -180..0: sliding on 43.4 %
of it, C-sticking 30.0 % (a band, q3 from -64 to -106 at q2 = -90 and
from -56 to -121 at q2 = 30), C-reversed 19.2 %,
R-reversed 3.4 %, R-sticking 0.7 %, no impact 3.3 %; the figures map the
mode, the normal tip impulse (up to 1.895 N s), T'/T (down to 0.0088) and
the wrist rate's jump (-1.72 to +4.88 rad/s).]],
    fields = [[
links | list of {m =, L =, I =}: mass, length (both > 0), moment of inertia about the link's centre | I = m L^2/12
q | link angles from +x (radians); with base = "free", {x, y, angles...}
qdot | the rates, as many as q
base | "pinned" (at the origin) or "free" | "pinned"
mu, e, law, ... | solver options, copied to the result]],
    result = [[
M | n x n generalized mass matrix (rows as Lua arrays), symmetric positive definite
J | 2 x n contact Jacobian: row 1 tip velocity x (tangent), row 2 y (normal)
qdot | the generalized velocities (a copy)
tip | the tip's position {x, y} (also tip.x, tip.y)]],
    example = [[
local d = math.pi / 180
local p = impact.chain2d{ links = { {m = 1, L = 1}, {m = 1, L = 1} },
                          q = {-60*d, -30*d}, qdot = {-1, -1}, mu = 0.2, e = 0.5 }
print(p.M[1][1], p.M[1][2], p.M[2][2])   --> 1.333333  0.433013  0.333333
print(p.J[1][1], p.J[1][2], p.tip.y)     --> 0.866025  0.5  -1.366025]],
    see = { "system2d", "system3d", "solve2d" },
  },
  {
    name = "system2d",
    signature = "impact.system2d(t) -> mechanism",
    summary = "M, J and qdot of planar rigid bodies in contact with each other or with the fixed ground, from world-frame geometry.",
    synopsis = [[
impact.system2d{
  bodies = { {m =, I =, x =, y =, phi =, vx =, vy =, w =}, ... },
  contacts = { {a =, b =, point =, normal =, mu =, e =}, ... } }
  -> one contact: {M =, J =, qdot =, frame =, ...} for solve2d;
     several: {M =, qdot =, contacts = {...}} for solve_multi
]],
    text = [==[
Each body has the coordinates (x, y, phi) of its centre of mass and angle,
so M = diag(m, m, I) per body and qdot = (vx, vy, w) per body (w
counter-clockwise). A contact is between body a and body b (b = nil: the
fixed ground) at the world point `point`; its normal (normalised here)
points from body b into body a. The contact frame has y = the normal and
x = the normal turned by -90 degrees (clockwise): the normal (0, 1) gives
the tangent (1, 0), solve2d's frame. J's rows are the x and y components
of the velocity of body a's contact point relative to body b's: for a body
with r = point - (x, y) the columns of (vx, vy, w) are d_x, d_y and
r_x d_y - r_y d_x for each direction d (negated for body b). In solve2d's
body form (WM92) body a's centre of mass measured from the contact point in
the contact frame is (x1, y1) = (-r.t, -r.n) (t the tangent, n the
normal), so its columns are [[1, 0, y1], [0, 1, -x1]] for the normal +y.

With one contact the result is solve2d's mechanism table (M, J, qdot, and
the contact's mu, e, law, ... at the top level); with several it is the
input of the multi-contact solver: M, qdot and contacts = {{J =, frame =,
mu =, e =, ...}, ...}. Fields of t other than bodies and contacts (model,
law, ...) are copied as they are. phi is accepted but enters neither M
nor J (the contact point is given in the world frame).]==],
    fields = [[
bodies | list of {m =, I = (or rho =), x =, y =, phi =, vx =, vy =, w =}; m, I > 0; the rest default 0
contacts | list of {a =, b =, point = {x, y}, normal = {nx, ny}, mu =, e =, ...} | b = nil: the ground
model, law, ... | solver options, copied to the result]],
    result = [[
M | 3k x 3k diagonal mass matrix (k bodies)
qdot | (vx, vy, w) of each body, in order
J | one contact: 2 x 3k Jacobian (rows tangent x, normal y)
frame | one contact: {x = tangent, y = normal}, world components
contacts | several contacts: {J =, frame =, and the contact's mu, e, ...} each]],
    example = [[
local s = impact.system2d{
  bodies = { {m = 2, I = 0.5, x = 0.3, y = 1, vx = 1, vy = -2, w = 0.5} },
  contacts = { {a = 1, point = {0, 0.2}, normal = {0, 1}, mu = 0.5, e = 0.8} } }
print(s.J[1][3], s.J[2][3], s.mu)   --> 0.8  -0.3  0.5]],
    see = { "system3d", "chain2d", "solve2d" },
  },
  {
    name = "system3d",
    signature = "impact.system3d(t) -> mechanism",
    summary = "M, J and qdot of rigid bodies in 3D in contact with each other or with the fixed ground, from world-frame geometry.",
    synopsis = [[
impact.system3d{
  bodies = { {m =, inertia =, R or q =, x =, v =, w =}, ... },
  contacts = { {a =, b =, point =, normal =, mu =, e =}, ... } }
  -> one contact: {M =, J =, qdot =, frame =, ...} for solve3d;
     several: {M =, qdot =, contacts = {...}} for solve_multi
]],
    text = [[
Each body has 6 coordinates, its velocity v and angular velocity w in the
world frame: M = diag(m, m, m, I_world) per body, I_world = R I R^T with
solve3d's body conventions: inertia is the principal moments {I1, I2, I3}
or a symmetric 3x3 body-frame tensor (rows), the orientation (body to
world) R (3x3 rows) or q = {w, x, y, z} (a unit quaternion), none meaning
the body frame is the world frame. x is the centre of mass in the world.

A contact is between body a and body b (b = nil: the fixed ground) at the
world point `point`, with the normal (normalised here) from b into a. Its
frame is right-handed (x, y = the normal, z = x cross y): x and z are the
world x and z turned by the smallest rotation that takes +y onto the
normal, so the normal +y gives the world x, y, z (solve3d's frame); for a
normal with n_y < 0 the rotation is the half-turn about world x followed
by the smallest rotation that takes -y onto the normal (the normal -y gives
x = world x, z = -world z). J's rows are the x, y, z components of the
velocity of body a's contact point relative to body b's: for direction d
and r = point - x, the columns of (v, w) are d and r cross d (negated for
body b). With one contact the result is solve3d's mechanism table (M, J,
qdot and the contact's mu, e, law, ... at the top level); with several, M,
qdot and contacts = {{J =, frame =, ...}, ...}. Other fields of t (method,
model, ...) are copied as they are.]],
    fields = [[
bodies | list of {m =, inertia =, R = or q =, x = {..}, v = {..}, w = {..}}; x, v, w default 0
contacts | list of {a =, b =, point = {x, y, z}, normal = {..}, mu =, e =, ...} | b = nil: the ground
method, model, ... | solver options, copied to the result]],
    result = [[
M | 6k x 6k mass matrix (k bodies)
qdot | (v, w) of each body, in order
J | one contact: 3 x 6k Jacobian (rows x, y = normal, z)
frame | one contact: {x =, y = normal, z =}, world components
contacts | several contacts: {J =, frame =, and the contact's mu, e, ...} each]],
    example = [[
local s = impact.system3d{
  bodies = { {m = 1, inertia = {0.1, 0.2, 0.3}, x = {0, 0.5, 0}, v = {1, -1, 0}, w = {0, 0, 2}} },
  contacts = { {a = 1, point = {0, 0, 0}, normal = {0, 1, 0}, mu = 0.3, e = 0.5} } }
local vC0 = {}
for i = 1, 3 do
  vC0[i] = 0
  for j = 1, 6 do vC0[i] = vC0[i] + s.J[i][j] * s.qdot[j] end
end
print(vC0[1], vC0[2], vC0[3])   --> 2  -1  0]],
    see = { "system2d", "chain2d", "solve3d" },
  },
  {
    name = "prepare_mechanism",
    signature = "impact.prepare_mechanism{M =, J =} -> impact.Mechanism",
    summary = "A mechanism's M checked and factored and W = J M^-1 J^T built once, for many solves with different qdot.",
    synopsis = [[
m = impact.prepare_mechanism{ M =, J = }    (J: 2 rows, or 3 for solve3d)
impact.solve2d{ mechanism = m, qdot =, mu =, e = }
  (classify2d, the models, compare, sweep and solve3d take it alike)
]],
    text = [[
Reading M and J from Lua and factoring M is most of the cost of a
mechanism call (at n = 7, about 1.6 of solve2d's 3.4 us). A mechanism
solved many times in one configuration (for several laws, models,
friction coefficients or rates) can be prepared once: the returned
impact.Mechanism holds M's Cholesky factor, W and its refined columns,
and solve2d, classify2d, the published models, compare, sweeps and
solve3d (both methods) take it as `mechanism =` in place of M and J, with
each call's qdot. The result is the same as with M and J, bit for bit (M
and J were copied: changing the tables afterwards does not change the
mechanism). J's rows give the dimension: 2 (tangent, normal) for solve2d,
3 (x, normal, z) for solve3d. Its fields n, dim, M, J, W (dim rows) and
cond (a bound on cond(W)) can be read; a sweep's files record it as its M
and J.]],
    fields = [[
M | n x n generalized mass matrix (rows), symmetric positive definite
J | 2 x n (2D) or 3 x n (3D) contact Jacobian]],
    result = [[
n, dim | coordinates, rows of J
M, J | the matrices it was prepared from (M symmetrised), as new tables
W | J M^-1 J^T (dim rows)
cond | an upper bound on W's condition number]],
    example = [[
local d = math.pi / 180
local p = impact.chain2d{ links = { {m = 1, L = 1}, {m = 1, L = 1} }, q = {-40*d, -48.8*d}, qdot = {-1, -1} }
local m = impact.prepare_mechanism{ M = p.M, J = p.J }
print(m.n, m.dim, m.W[1][1], m.W[2][2])   --> 2  2  2.070006  1.375258
local function ratio(law)   -- T'/T: Newton's law gains energy here (Kane 1984)
  return impact.solve2d{ mechanism = m, qdot = {-1, -1}, mu = 0.8, e = 1, law = law }.energy_ratio
end
print(ratio("poisson"), ratio("newton"), ratio("energetic"))   --> 0.645794  13.544432  0.822696]],
    see = { "chain2d", "system3d", "solve2d", "solve3d" },
  },
}
