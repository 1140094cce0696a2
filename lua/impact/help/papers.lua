-- Help topic: the papers the workbench implements, and where it departs
-- from their printed formulas. doc/papers.md ("Papers, and where the
-- workbench departs from them") has the same two lists.
return {
  {
    name = "papers", topic = true, signature = "The papers",
    summary = "The papers behind each formula (WM92, W86, MW88, SB22, CS01, ...), and where the workbench departs from them.",
    text = [[
Comments, messages and help pages cite the papers by these keys, with the
paper's own equation, section or table numbers (WM92 eq 49, SB22 Table 2):

  WM92  Y. Wang and M. T. Mason, "Two-Dimensional Rigid-Body Collisions With
        Friction", ASME Journal of Applied Mechanics 59(3), 635-642, 1992.
        Routh's method, contact modes and classes, closed forms (solve2d,
        classify2d).
  W86   Y. Wang, "On Impact Dynamics of Robotic Operations", Technical Report
        CMU-RI-TR-86-14, The Robotics Institute, Carnegie-Mellon University,
        1986. The impact space (space, space_map).
  MW88  M. T. Mason and Y. Wang, "On the Inconsistency of Rigid-Body
        Frictional Planar Mechanics", Proc. IEEE International Conference on
        Robotics and Automation, Philadelphia, 524-528, 1988. The sliding
        rod (painleve, painleve_bands).
  SB22  H. Sun and H. Baruh, "Analysis of Three-Dimensional Rigid-Body Impact
        with Friction", Dynamics 2(1), 1-26, 2022, doi:10.3390/dynamics2010001.
        The split stages in 2D (sb2d) and the algebraic 3D model (solve3d,
        method = "algebraic").
  CS01  E. Cataldo and R. Sampaio, "A Brief Review and a New Treatment for
        Rigid Bodies Collision Models", Journal of the Brazilian Society of
        Mechanical Sciences 23(1), 2001. The published models (t.model,
        compare).
  Keller 1986  J. B. Keller, "Impact With Friction", ASME Journal of Applied
        Mechanics 53, 1-4, 1986. The Darboux-Keller integration over the
        normal impulse (solve3d, method = "exact").
  Stronge 1990  W. J. Stronge, "Rigid Body Collisions with Friction",
        Proceedings of the Royal Society of London A 431, 169-181, 1990. The
        energetic restitution law (law = "energetic").
  Routh 1877  E. J. Routh, An Elementary Treatise on the Dynamics of a System
        of Rigid Bodies, 3rd edition, Macmillan, London, 1877. The
        impulse-space diagram.
  Kane 1984  T. R. Kane, "A Dynamics Puzzle", Stanford Mechanics Alumni Club
        Newsletter, 1984 (the "kane" model: Whittaker's procedure).
  Brach 1984, 1989  R. M. Brach, "Friction, Restitution, and Energy Loss in
        Planar Collisions", ASME J. Appl. Mech. 51, 164-170, 1984; "Rigid
        Body Collisions", ASME J. Appl. Mech. 56, 133-138, 1989 (the "brach"
        model).
  Smith 1991  C. E. Smith, "Predicting Rebounds Using Rigid-Body Dynamics",
        ASME J. Appl. Mech. 58, 754-758, 1991 (the "smith" model).
  Pfeiffer & Glocker 1996  F. Pfeiffer and C. Glocker, Multibody Dynamics
        with Unilateral Contacts, Wiley, New York, 1996 (the
        "glocker-pfeiffer" model).
  Painleve 1895  P. Painleve, "Sur les lois du frottement de glissement",
        Comptes Rendus de l'Academie des Sciences 121, 112-115, 1895.

Where the workbench departs from a printed formula, and why (each checked
numerically against explicit body updates, the tracer, or an independent
integrator):

  * WM92 eq 21: body 2's term of B3 enters with a plus sign,
    B3 = x1 y1/(m1 rho1^2) + x2 y2/(m2 rho2^2): with both centres of mass
    measured from the contact point, two identical bodies placed
    point-symmetrically must double the coupling, not cancel it.
  * WM92 eq 49 (and the mode tests that use the slip sign): at S0 = 0 the
    slip starts in the frictionless direction s = -sgn(B3), not s = 1.
  * WM92 section 6, case 2 with Newton's law: Py = 0.4 + 0.625 e (printed
    0.0625 e; the corrected value reproduces the printed C = e and dT).
  * W86 (4.2), the condition for reversed sliding: mu tan^2(theta) +
    r^2 tan(theta) + mu (1 + r^2) < 0, the sign of the r^2 term corrected
    to the convention of (4.1) and (4.3).
  * W86 section 3.4, the sphere (central oblique impact): the printed forms
    hold for r = 0 only; the workbench keeps the factor B1/B2 = 1 + r^2.
  * W86 section 5, the translation line (no change of rotation): W86's
    closed forms are Poisson's; for Newton's law the workbench uses
    tan(gamma) = (1+e) tan(theta) in both sticking regions (Newton's
    sticking impulse is WM92's point D), theta = +-atan(mu) in the sliding
    region for every law, and elsewhere the root of dw along gamma refined
    on the tracer (translation.method says which).
  * SB22 Table 2: R2 = sin(theta) cos(theta)/(alpha + cos^2(theta)),
    compared with mu_s (the extracted text prints sin(theta)/(alpha +
    cos^2(theta)) compared with 1; their own stage equations give this
    form). The signs of Q1, Q2, R_C/G and of the stage equations, lost in
    the extracted text, are reconstructed so that the 2D stages equal
    Routh's path; the friction term +S_z F_z of their 3D impulse is taken
    to oppose the slip. SB22 do not say which alpha their 2D plots use:
    1/3 (a slender rod) is assumed and said so.
  * SB22 sections 3-4, the algebraic 3D model: each stage is solved in
    contact space (three equations in the stage impulse F, the six momentum
    rows being explicit in F) instead of the printed nine-equation system;
    slip stops and energetic restitution are the stage's quadratics in
    cancellation-free form (mu = 0 and tiny mu well-posed); every stage is
    checked (F_n >= 0, and v_n >= 0 at the end of a restitution stage) and
    a case with no admissible stage is an error, never a silent answer.
    Their friction direction (from the frictionless solution) and
    constant-direction slip-stop test are not exact in 3D: the model can
    mispredict the mode (their rod at mu = 0.2, e = 0.8) and gain energy
    (energy_gain = true). method = "exact" is the reference.
  * Keller 1986, the exact 3D method: the slip is integrated as a state of
    its own, near a stop in tau = ln(s0/|v_t|), and counts as stopped only
    on an attracting ray or within 1e-2 rtol of the impulse. A slip that
    stops and cannot stick restarts along the unique centrifugal invariant
    ray u (Wtn - mu_k Wtt u = lambda u, lambda > 0), not along SB22's
    Wtn/|Wtn| (right only when Wtn is an eigenvector of Wtt). The box of
    examples/box_reslide.lua (v = (0.3, -1, 0.1), mu = 0.8, e = 0.6), read
    in a first hand analysis as a stop at p = 0.100631 and a re-slide, only
    nearly stops (|v_t| = 4.5e-7, on a repelling ray) and turns onto u
    without stopping; the impulses agree to 5 decimals.
  * Scaling: the problem is homogeneous (impulses scale with (S0, C0) and
    with 1/B, works with their square), so the 2D tracer, classification,
    closed forms and models run on data scaled by powers of two and scale
    back exactly: the printed formulas evaluated as written overflow or
    underflow long before the answer does (C0 = 1e-300 or 1e300).
  * Delta = B1*B2 - B3^2 from bodies is summed from positive terms
    ((1 + r^2)/m^2 for one body, r^2 = (x^2 + y^2)/rho^2) instead of the
    subtraction, which loses every digit for a small radius of gyration.
  * Stronge 1990's energetic law gets closed forms in every WM92 mode, as
    WM92 eqs 39-55 give them for Poisson and Newton (classify2d's closed).
  * Brach (as WM92 and CS01 describe it): the impulse ratio, given or mu
    with the sign of the stick ratio mu0 (point D), is kept between 0 and
    mu0 so that friction does not reverse the slip, then lowered until no
    energy is gained; the sign rule and the energy step are this
    workbench's reading (ratio_limited reports them). Brach's moment
    coefficient e_m was not recovered (rejected; a 'moment' law stands in).
  * CS01's extracted text lost the models' equations: Kane's model is
    Whittaker's procedure, Smith's the commonly quoted form (to be verified
    against Smith 1991), Glocker-Pfeiffer case 1 a reconstruction (case 2
    not recovered) and "cs" a documented skeleton; each result's status
    and notes say so.
  * MW88: without e, painleve's resolving tangential impact stops at
    maximum compression (their plastic impact); with e it ends by the law.
  * WM92 call the slope -B3/B1 of the sticking line "mu_s": classify2d
    names it stick_slope, since mu_s is the static friction coefficient.]],
    see = { "workbench", "figures", "solve2d", "solve3d", "models" },
  },
}
