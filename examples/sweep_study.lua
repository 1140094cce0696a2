-- A small study: the WM92 rod (WM92 sec 6) swept over the initial slip
-- S0 and the friction mu, with Poisson's law, e = 0.5. It writes the sweep
-- as CSV, its mode map and its energy map (each PNG with its data and an
-- editable gnuplot script), and the impulse-space diagram of one point,
-- into DIR (default: a fresh temporary directory).
-- Run: impact examples/sweep_study.lua [DIR]
local impact = require "impact"

local dir = arg and arg[1]
if not dir then
  dir = os.tmpname()
  os.remove(dir)
end
assert(os.execute("mkdir -p '" .. dir .. "'"))

local s = impact.sweep{
  base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, e = 0.5 },
  vary = { S0 = impact.range(-2, 2, 161), mu = impact.range(0, 1.5, 121) },
  out = dir .. "/rod.csv" }
print(s)

-- How often each mode occurs.
local count = {}
for i = 1, s.n do count[s.columns.mode[i]] = (count[s.columns.mode[i]] or 0) + 1 end
for _, m in ipairs{ "sliding", "C-sticking", "R-sticking", "C-reversed", "R-reversed", "none" } do
  if count[m] then print(string.format("  %-10s %6d points", m, count[m])) end
end

local ok, err = pcall(function()
  print(impact.plot.map(s, { x = "S0", y = "mu", color = "mode", out = dir .. "/rod-modes.png",
    title = "WM92 rod, C0 = -1, e = 0.5: contact modes" }).png)
  print(impact.plot.map(s, { x = "S0", y = "mu", color = "dT", out = dir .. "/rod-energy.png",
    title = "WM92 rod, C0 = -1, e = 0.5: kinetic energy change dT" }).png)
  local r = impact.solve2d{ B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = 0.6, C0 = -1, mu = 0.3, e = 0.5 }
  print(impact.plot.path(r, { out = dir .. "/rod-case2.png" }).png)
end)
if not ok then print("plots skipped: " .. tostring(err)) end
print("files in " .. dir)
