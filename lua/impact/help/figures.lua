-- Help topic of the papers' figures (scripts/figures, examples/figures).
return {
  {
    name = "figures", topic = true, signature = "The papers' figures",
    summary = "scripts/figures redraws the figures of WM92, MW88, W86 and SB22, of two mechanisms, of the multi-contact models and of the simulations; what each shows.",
    text = [[
'scripts/figures [DIR]' (from the source tree) builds the host if needed and
runs every examples/figures/*.lua with it; each script writes its PNG and SVG
(the papers' diagrams and W86's chapter 5 a PDF too) with the data (.dat)
and the editable gnuplot script (.gp) into DIR (default figures/), and
DIR/NAME.log keeps what it printed. 'scripts/figures DIR --size column'
(or full, slide; IMPACT_FIG_SIZE) draws every figure at that preset, and
'--format pdf' (or svg, eps; IMPACT_FIG_FORMAT) writes each in that format
only: examples/figures/common/figlib.lua applies both to every script
(scripts/figures runs each through examples/figures/common/run.lua). One script alone:
'impact examples/figures/wm92_fig07.lua DIR'. Each script's first comment
says what the paper shows, what is drawn and where the workbench differs.

Wang & Mason 1992 (WM92), impulse-space diagrams (impact.plot.path; the
sketches of figures 2-4 as panels, one case each, their lines lettered S,
C, T, L, RF); Wang 1986 (W86), impact process diagrams (chapter 3), the
impact space gamma x theta (impact.plot.map of the modes, chapter 4) and
the motion after the impact (chapter 5: the sense of the change of
rotation, the translation lines, the rebound angle); Sun & Baruh 2022
(SB22), maps of the mode, -vCy after / vCy before (the rebound ratio) and
the energy ratio. The scripts of WM92 2-5, MW88 4 and W86 3.2-3.5 and
5.1-5.3 print the numbers they draw, which spec/paper_figures_spec.lua
checks against the papers' closed forms:

  wm92_fig02   the impact process diagram: the lines, sliding on L, L then S
  wm92_fig03   the nine cases of meeting impact (signs of S0, B3), with paths
  wm92_fig04   the six cases of tangential impact (C0 = 0): an impulse only
               where S0 B3 < 0
  wm92_fig05   the three regions (rays OD, OQ: slopes mu_d, mu_q), a path each
  wm92_fig07   case 1, direct impact (S0 = 0): lines S, C, T, L and L'
  wm92_fig08   case 2 (S0 = 0.6): the energy ellipse dT = 0, Newton's T
               tangent to it at e = 1 (and crossing it at e = 0.8: _e08)
  wm92_fig09   case 3 (S0 = C0 = -1): sliding, R-sticking, C-sticking
  wm92_fig10   case 4, tangential impact (C0 = 0): no impulse below mu = 5/3
  w86_fig3_2   impact process diagrams: the lines, sliding, sticking, reversal
  w86_fig3_3   the nine cases (signs of gamma and theta) with their paths
  w86_fig3_4   a sphere: rolls below the effective friction angle, slides above
  w86_fig3_5   the sphere's impulse and rebound against the friction cones
  w86_fig4_2   mu = 0.25, e = 0.8, r = 1.414, with the region boundaries
  w86_fig4_3   the effect of r (3, 0.6 and 0)
  w86_fig4_4   the effect of e (0 and 1)
  w86_fig4_5   very large friction (alpha = 89.99 degrees)
  w86_fig5_1   the sense of the change of rotation, the translation line
  w86_fig5_2   the translation lines for e = 0 .. 1 (plastic: theta = gamma)
  w86_fig5_3   the rebound angle gamma_r against gamma for theta = -40 .. 40
  sb22_fig03   2D rod over theta and vCx/vCy, Poisson
  sb22_fig04   the same, energetic law
  sb22_fig05   Poisson over energetic (velocity and energy ratios)
  sb22_fig08   3D rod over theta1, theta2 (mu = 0.2, e = 0.8), Poisson
  sb22_fig09   the same, energetic law
  sb22_fig10   mu = 0.4, e = 0.7, theta1, theta2 in -50..50 degrees
  sb22_fig11   mu = 0.4, e = 0.5
  sb22_fig12   theta1 = 20, theta2 = 15 over mu and e
  sb22_fig13   a close view of figure 12 where the mode changes with e

Mason & Wang 1988 (MW88), the sliding rod's impulse (impact.painleve):

  mw88_fig04   the tangential impact that resolves Painleve's rod: Pt = mu Pn,
               then the line of sticking; plastic and perfectly elastic

Two mechanisms (help("chain2d")), the studies of examples/kane_puzzle.lua
and examples/robot_arm.lua drawn (impact.plot.curves and plot.map):

  kane_puzzle  Kane's double pendulum: T'/T over q2 for Poisson, Newton,
               energetic and model = "kane", Newton's energy gain shaded
  robot_arm    a three-link arm striking a table: the mode, the normal tip
               impulse, T'/T and the wrist-rate jump over (q2, q3)

Several simultaneous contacts (solve_multi, every model side by side with
impact.plot.curves; each is drawn by the example of the same name in
examples/, whose first comment explains the physics):

  multi_rocking_block  Housner's rocking block: w'/w of each model against
               1 - 1.5 sin^2(alpha), alpha 0.05 to 1 (e = 0, sticking)
  multi_chains         chains of 3, 4 and 5 balls (e = 1): each model's
               outgoing velocities; lzb's dispersion against eta (_eta)
  multi_rod_flat       a rod landing flat while turning: w' against w
  multi_corner         a disc striking floor and wall: T1/T0 against the
               incidence (mu = 0: every model; mu = 0.3: each)
  multi_box_edge       a 3D box landing on an edge: T1/T0 of each model
               against mu

Motion through impacts (impact.simulate; each drawn by the example named
in its first comment, which prints the run against the closed forms):

  sim_bouncing_ball    a ball bouncing to rest: height against time, the
               impacts marked (examples/bouncing_ball.lua)
  sim_housner          Housner's rocking block: the tilt against time with
               Housner's linearised solution (_tilt), and a strobe of the
               first cycle (_frames) (examples/housner_rocking.lua)
  sim_rimless_wheel    McGeer's rimless wheel: the return map of the
               post-impact rate, two runs converging to the fixed point
               (examples/rimless_wheel.lua)
  sim_box_drop_models  a box dropped flat with friction: its tilt under
               moreau, poisson, sequential and lzb (examples/box_drop_models.lua)
  sim_painleve_rod     Mason & Wang's sliding rod: inconsistent, the
               tangential impact, the motion after (examples/painleve_rod_motion.lua)
  sim_newtons_cradle   disks on disks between two walls: positions over
               time under sequential, moreau, lzb (examples/newtons_cradle.lua)
  sim_kane_pendulum    Kane's double pendulum striking the ground: the link
               angles, the impacts marked (examples/kane_pendulum_motion.lua)

The tangential half of a law and compliant normal laws:

  maw_compliant_sphere  a solid sphere with Stronge's tangential compliance:
               S/S0 against psi = |S0|/(mu |C0|) for two Poisson's ratios,
               the rigid Coulomb curve beside it (examples/compliant_sphere.lua)
  oblique_sphere       a 2.5 mm alumina sphere at 3.9 m/s (Chung & Ooi's
               test 4): e_t, the spin and the rebound angle against the
               incidence, compliant beside rigid (_et, _spin, _rebound;
               examples/oblique_sphere.lua)
  fit_recovery         impact.fit on synthetic rebounds with known e and
               mu (Wang & Mason's rod in 2D, Sun & Baruh's rod in 3D):
               estimates and 95% intervals over the truth; the example
               also prints a confounded fit (examples/fit_recovery.lua)
  fit_oblique_sphere   the rigid Coulomb contact and Stronge's tangential
               compliance fitted to SYNTHETIC rebounds of Chung & Ooi's
               test 4 sphere (the compliant theory plus noise): data and
               fitted e_t and rebound angle (_et, _rebound;
               examples/fit_oblique_sphere.lua)
  compliant_damping    Hunt-Crossley's damping formulas: the e_eff each
               produces against the e it aims at (examples/compliant_damping.lua)

MuJoCo beside the exact impact (needs a build with MuJoCo):

  mujoco_solref        impact.mujoco.solref's e -> solref map for a ball and
               a tilted rod: MuJoCo's achieved e against the requested, and
               the damping ratio found (_e, _dampratio)
  mujoco_arm           the three-link arm's fingertip striking the table
               (examples/mujoco_arm.lua): MuJoCo's outcome beside the
               exact one over the approach speed, at three frictions
               (_impulse, _energy)

The 3D figures are drawn with both methods ("algebraic": SB22's model;
"exact": the Darboux-Keller integration) and a _methods map of where their
modes differ.

Where the workbench differs from the papers (help("papers") lists every
correction): W86's effective friction angle of a sphere (tan(alpha_e) =
(1+e)(1+r^2) mu: W86 (3.20) drops the 1 + r^2); WM92's slip sign at S0 = 0 (the slip starts in the
frictionless direction, not eq 49's s = 1) and the printed Newton impulse
of case 2 (Py = 0.4 + 0.625 e, not 0.0625 e); W86's reversal condition
(4.2) with its corrected sign; SB22's R2 boundary of the 2D rod (Table 2)
and their friction direction in 3D, which is not exact (secs 3-4);
values the extracted texts do not give (SB22's alpha, W86's r and e in
figures 4.3 and 4.4, the axes of SB22 figure 13) are chosen and said so.]],
    example = [[
scripts/figures /tmp/figs                         # all (about half a minute)
scripts/figures /tmp/col --size column --format pdf  # all at a column, PDF
impact examples/figures/wm92_fig09.lua /tmp/figs  # one]],
    see = { "plot.path", "plot.map", "plot.hodograph", "plot.curves", "solve_multi", "sweep" },
  },
}
