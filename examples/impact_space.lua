-- Wang 1986's impact space (W86): writes the data of his figures
-- 4.2-4.5 and 5.1-5.3 as CSV columns, one file per figure, into the folder
-- given as the first argument (default: impact_space_data in the system's
-- temporary folder). The plots: examples/figures/w86_fig4_2.lua ..
-- w86_fig4_5.lua and w86_fig5_1.lua .. w86_fig5_3.lua.
-- Run: scripts/run examples/impact_space.lua [folder]
local impact = require "impact"

local dir = arg and arg[1] or ((os.getenv("TMPDIR") or "/tmp") .. "/impact_space_data")
os.execute("mkdir -p '" .. dir:gsub("'", "'\\''") .. "'")
local function path(name) return dir .. "/" .. name end
print("writing to " .. dir)

local G = { 0.5, 89.5, 90 }     -- gamma_deg
local T = { -89.5, 89.5, 180 }  -- theta_deg

local function map(name, t, what)
  t.gamma_deg, t.theta_deg, t.out = t.gamma_deg or G, t.theta_deg or T, path(name)
  local m = impact.space_map(t)
  local counts = {}
  for _, md in ipairs(m.columns.mode) do counts[md] = (counts[md] or 0) + 1 end
  local parts = {}
  for k, v in pairs(counts) do parts[#parts + 1] = k .. " " .. v end
  table.sort(parts)
  print(string.format("%-24s %s: r = %g, mu = %g, e = %g; %d points (%s)%s", name, what, m.r, m.mu,
                      m.e, m.n, table.concat(parts, ", "),
                      m.reversal.exists and string.format("; reversal for theta in (%.3f, %.3f) deg",
                        m.reversal.theta_lo_deg, m.reversal.theta_hi_deg) or "; no reversal"))
  return m
end

-- Figure 4.2: the impact space, mu = 0.25, e = 0.8, r = 1.414.
map("fig4_2.csv", { r = 1.414, mu = 0.25, e = 0.8 }, "impact space")
-- Figure 4.3: the effect of r (a: large r, b: no reversal, c: r = 0). W86
-- does not print the values of (a) and (b); these are our choices.
map("fig4_3a.csv", { r = 4, mu = 0.25, e = 0.8 }, "large r")
map("fig4_3b.csv", { r = 0.5, mu = 0.25, e = 0.8 }, "small r, no reversal")
map("fig4_3c.csv", { r = 0, mu = 0.25, e = 0.8 }, "r = 0")
-- Figure 4.4: the effect of e (plastic and elastic limits; values ours).
map("fig4_4a.csv", { r = 1.414, mu = 0.25, e = 0 }, "e = 0")
map("fig4_4b.csv", { r = 1.414, mu = 0.25, e = 1 }, "e = 1")
-- Figure 4.5: very large friction, alpha = 89.99 deg.
map("fig4_5.csv", { r = 1.414, mu = math.tan(math.rad(89.99)), e = 0.8 }, "large friction")
-- Figure 5.1: the sense of the change of rotation, mu = 0.5, e = 0.8, r = 2
-- (column sense; the translation line in fig5_1_line.csv).
local m = map("fig5_1.csv", { r = 2, mu = 0.5, e = 0.8 }, "change of rotation")
local f = assert(io.open(path("fig5_1_line.csv"), "w"))
f:write("theta_deg,gamma_deg\n")
for i = 1, #m.translation.grid.theta do
  f:write(string.format("%.17g,%.17g\n", math.deg(m.translation.grid.theta[i]),
                        math.deg(m.translation.grid.gamma[i])))
end
f:close()
print(string.format("%-24s translation line: %d points", "fig5_1_line.csv", #m.translation.grid.theta))

-- Figure 5.2: the locus of the translation lines for e from 0 to 1
-- (mu = 0.25, r = 1.414): one line per e.
f = assert(io.open(path("fig5_2.csv"), "w"))
f:write("e,theta_deg,gamma_deg\n")
local np = 0
for _, e in ipairs{ 0, 0.25, 0.5, 0.75, 1 } do
  local mm = impact.space_map{ r = 1.414, mu = 0.25, e = e, gamma_deg = G, theta_deg = T }
  for i = 1, #mm.translation.grid.theta do
    f:write(string.format("%g,%.17g,%.17g\n", e, math.deg(mm.translation.grid.theta[i]),
                          math.deg(mm.translation.grid.gamma[i])))
    np = np + 1
  end
end
f:close()
print(string.format("%-24s translation lines for e = 0..1: %d points", "fig5_2.csv", np))

-- Figure 5.3: the rebound parameter tan(gamma_r) (and the angle gamma_r) against gamma for a few
-- orientations, mu = 0.25, e = 0.8, r = 1.414.
f = assert(io.open(path("fig5_3.csv"), "w"))
f:write("theta_deg,gamma_deg,tan_gr,gamma_r_deg,mode\n")
for _, th in ipairs{ -60, -40, -20, 0, 20, 40, 60 } do
  for g = 0.5, 89.5, 1 do
    local s = impact.space{ r = 1.414, mu = 0.25, e = 0.8, theta_deg = th, gamma_deg = g }
    f:write(string.format("%g,%g,%.17g,%.17g,%s\n", th, g, s.tan_gr or 0 / 0, s.gamma_r_deg, s.mode))
  end
end
f:close()
print(string.format("%-24s rebound tan(gamma_r) for theta = -60..60 deg", "fig5_3.csv"))
