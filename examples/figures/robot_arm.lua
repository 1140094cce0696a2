-- A three-link planar arm strikes a table with its tip: the robotic setting
-- of Wang 1986 (impacts of manipulators with friction), as in
-- examples/robot_arm.lua: links m = (4, 2.5, 1) kg, L = (0.5, 0.4, 0.25) m,
-- pinned at the shoulder, q1 = 20 degrees, qdot = (-0.4, -0.8, -1.2) rad/s,
-- mu = 0.5, Poisson's law, e = 0.3. impact.chain2d gives M, J and qdot at
-- every elbow and wrist angle (q2, q3: absolute, from +x) of a 1-degree
-- grid; solve2d the impact. Four maps over (q2, q3): the contact mode
-- ("none" where the tip moves away from the table: no impact), the normal
-- tip impulse Py, the energy ratio T'/T and the jump of the wrist rate.
-- At q2 = 20, q3 = -160 degrees the links are in line (the wrist folded
-- back) and the tip cannot move along them (marked "singular").
-- Run: impact examples/figures/robot_arm.lua [DIR]
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/common/?.lua;" .. package.path
local impact = require("impact")
local fig = require("figlib")
local dir = fig.outdir()

local d = math.pi / 180
local links = { { m = 4, L = 0.5 }, { m = 2.5, L = 0.4 }, { m = 1, L = 0.25 } }
local qdot = { -0.4, -0.8, -1.2 }

local t0 = os.clock()
local s = impact.sweep{ vary = { q2 = impact.range(-90, 30, 121), q3 = impact.range(-180, 0, 181) },
  map = function(p)
    return impact.chain2d{ links = links, q = { 20 * d, p.q2 * d, p.q3 * d }, qdot = qdot, mu = 0.5, e = 0.3 }
  end }
print(string.format("%s (%.1f s)", tostring(s), os.clock() - t0))

-- The mode, with the failed (singular) point named; the wrist rate's jump.
local count = {}
fig.add_column(s, "contact", function(i)
  local m = s.columns.mode[i]
  if m == "error" then m = "singular" end
  count[m] = (count[m] or 0) + 1
  return m
end)
fig.add_column(s, "dqdot3", function(i) return s.columns["qdot.3"][i] - qdot[3] end)
local names = {}
for m in pairs(count) do names[#names + 1] = m end
table.sort(names)
for _, m in ipairs(names) do
  print(string.format("%-11s %6d points (%.1f %%)", m, count[m], 100 * count[m] / s.n))
end

-- The ranges of the maps, over the points with an impact.
local function span(col)
  local lo, hi = math.huge, -math.huge
  for i = 1, s.n do
    local v = s.columns[col][i]
    if s.columns.contact[i] ~= "none" and v == v then lo, hi = math.min(lo, v), math.max(hi, v) end
  end
  return lo, hi
end
for _, col in ipairs{ "Px", "Py", "energy_ratio", "dqdot3" } do
  print(string.format("%-12s from %.5f to %.5f", col, span(col)))
end

local axes = { xlabel = "q2 (deg): elbow link angle from +x", ylabel = "q3 (deg): wrist link angle from +x" }
local title = "three-link arm striking a table (μ = 0.5, e = 0.3, q1 = 20 deg)"
local function map(color, name, what, clabel)
  print(impact.plot.map(s, { x = "q2", y = "q3", color = color, out = dir .. "/robot_arm_" .. name .. ".png",
    title = title .. ": " .. what, xlabel = axes.xlabel, ylabel = axes.ylabel, clabel = clabel }).png)
end
map("contact", "mode", "contact mode")
map("Py", "impulse", "normal tip impulse", "Py (N s): normal impulse on the tip")
map("energy_ratio", "energy", "energy after / before", "T'/T")
map("dqdot3", "wrist", "jump of the wrist rate", "qdot3 after - before (rad/s)")
