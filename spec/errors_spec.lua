-- Bad input across the API: a clear error naming the function and field,
-- never a crash or a silent NaN.
local impact = require("impact")

local function fails(fn, t, pattern)
  local ok, msg = pcall(impact[fn], t)
  assert.is_false(ok, fn .. " accepted bad input")
  assert.matches(pattern, msg, 1, true)
end

describe("bad input", function()
  local nan = 0 / 0
  local rod3 = function(extra)
    local t = { m = 1, inertia = { 1, 1, 1 }, r = { 0, -1, 0 }, v = { 0, -1, 0 }, e = 0.5 }
    for k, v in pairs(extra) do t[k] = v end
    return t
  end

  it("names the field in solve2d", function()
    fails("solve2d", { B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, e = 1.3 },
          "solve2d: field 'e' must be in [0, 1], got 1.3")
    fails("solve2d", { body1 = { m = -1, rho = 1 }, e = 0.5 }, "field 'body1.m' must be positive, got -1")
    fails("solve2d", { body1 = { m = nan, rho = 1 }, e = 0.5 }, "field 'body1.m' must be a finite number, got nan")
    fails("solve2d", { body1 = { m = 1, rho = "x" }, e = 0.5 }, "field 'body1.rho' must be a number, got string")
    fails("solve2d", { B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, e = 0.5, mu_s = 0.1, mu_k = 0.2 },
          "field 'mu_k' must not exceed mu_s")
    fails("solve2d", { B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, e = 0.5, mu = 0.5, mu_s = 0.2 },
          "field 'mu_s' must be at least the kinetic coefficient mu_k = 0.5 (taken from mu")
    fails("classify2d", { B1 = 1, B2 = 1, B3 = 0, S0 = 0, C0 = -1, e = 0.5, mu = 0.5, mu_s = 0.2 },
          "classify2d: field 'mu_s' must be at least")
    fails("solve3d", rod3{ mu = 0.5, mu_s = 0.2 }, "solve3d: field 'mu_s' must be at least")
    fails("solve2d", { B1 = 1, B2 = 1, B3 = 2, S0 = 0, C0 = -1, e = 0.5 }, "field 'B3' must satisfy B1*B2 > B3^2")
    fails("solve2d", 5, "solve2d: expected a table, got number")
  end)

  it("names the field in solve3d", function()
    fails("solve3d", rod3{ inertia = { 1, 1, 3 } }, "field 'inertia' must satisfy the triangle inequality")
    fails("solve3d", rod3{ inertia = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 0 } } }, "field 'inertia' must be positive definite")
    fails("solve3d", rod3{ R = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 2 } } }, "field 'R' must be a rotation matrix")
    fails("solve3d", rod3{ r = { 0, -1, nan } }, "field 'r' component z must be finite, got nan")
    fails("solve3d", rod3{ m = -2 }, "field 'm' must be positive, got -2")
    fails("solve3d", rod3{ method = "magic" }, "field 'method' must be one of")
  end)

  it("names the field in the analyses and sweeps", function()
    fails("painleve", { l = 4, theta_deg = 75, mu = -1 }, "painleve: field 'mu' must be in [0, inf], got -1")
    fails("rod", { m = 1, L = -1, radius = 0.5 }, "rod: field 'L' must be positive, got -1")
    local s = impact.sweep{ base = { B1 = 2.5, B2 = 2.5, B3 = 1.5, C0 = -1, S0 = 0.6, e = 0.5 },
                            vary = { e = { 0, 0.5, 2 } }, progress = false }
    assert.equal(1, #s.failures)
    assert.matches("solve2d: field 'e' must be in [0, 1], got 2", s.failures[1].message, 1, true)
    assert.equal("error", s.columns.mode[3])
  end)
end)
