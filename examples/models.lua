-- The published collision models side by side on Wang & Mason's falling rod
-- (WM92 sec 6; the models of CS01): where they agree, where Kane's procedure and
-- Newton's law gain energy, where Coulomb's bound is broken. Each table shows
-- the mode in solve2d's terms (read from the model's impulse path) and the
-- model's own label ("model mode").
-- Run: scripts/run examples/models.lua
local impact = require "impact"

local MODELS = { "routh", { "routh", law = "newton" }, { "routh", law = "energetic" },
                 "newton-frictionless", "kane", "brach", "smith", "glocker-pfeiffer", "cs" }

local function rod(S0, C0, mu, e)
  return { B1 = 2.5, B2 = 2.5, B3 = 1.5, S0 = S0, C0 = C0, mu = mu, e = e }
end

local cases = {
  { "Case 1, direct impact (S0 = 0, C0 = -1), mu = 0.3, e = 0.5", rod(0, -1, 0.3, 0.5) },
  { "Case 2, reversed sliding (S0 = 0.6, C0 = -1), mu = 0.3, e = 0.5", rod(0.6, -1, 0.3, 0.5) },
  { "Case 2, mu = 0.5, e = 1: Kane and Newton gain energy", rod(0.6, -1, 0.5, 1) },
  { "Case 2, mu = 0.8, e = 1 (C-sticking)", rod(0.6, -1, 0.8, 1) },
  { "Case 3, sliding then sticking (S0 = C0 = -1), mu = 1.2, e = 0.5", rod(-1, -1, 1.2, 0.5) },
  { "Case 3, mu = 0.5, e = 0.5: sliding throughout", rod(-1, -1, 0.5, 0.5) },
  { "Frictionless (mu = 0), case 2, e = 0.5: every model agrees", rod(0.6, -1, 0, 0.5) },
}

for _, c in ipairs(cases) do
  print(c[1])
  local res = impact.compare(c[2], MODELS)
  print(res)
  local gain = {}
  for _, name in ipairs(getmetatable(res).order) do
    if res[name].energy_gain then gain[#gain + 1] = string.format("%s (%+.6f)", name, res[name].dT) end
  end
  print(#gain > 0 and ("energy gained by: " .. table.concat(gain, ", ")) or "no model gains energy")
  -- where a one-step model's line meets the stick or reversal, against C = 0
  for _, name in ipairs(getmetatable(res).order) do
    local p = res[name].path
    if res[name].model_mode and #p == 4 then
      print(string.format("  %-20s %s at Py = %.6g, max compression at Py = %.6g", name,
                          p[2].event == "max-compression" and p[3].event or p[2].event,
                          p[2].event == "max-compression" and p[3].Py or p[2].Py,
                          p[2].event == "max-compression" and p[2].Py or p[3].Py))
    end
  end
  print()
end

-- Where Newton's law gains energy on case 2 at e = 1 (WM92's warning against Newton's law).
print("Case 2, e = 1: dT by model as mu varies")
print(string.format("%6s %12s %12s %12s %12s %12s", "mu", "routh", "routh/newton", "kane", "brach", "smith"))
for _, mu in ipairs{ 0.1, 0.2, 0.3, 0.5, 0.6, 0.8, 1.0 } do
  local r = impact.compare(rod(0.6, -1, mu, 1), { "routh", { "routh", law = "newton" }, "kane", "brach", "smith" })
  print(string.format("%6.2f %12.6f %12.6f %12.6f %12.6f %12.6f", mu, r.routh.dT, r["routh/newton"].dT,
                      r.kane.dT, r.brach.dT, r.smith.dT))
end
