-- The project stands on its own: nothing in the repository points at files
-- outside it (the physics notes and the papers' texts the project was
-- written from); comments, messages and help cite the papers themselves,
-- and doc/papers.md and help("papers") give the full citations and every place
-- where the workbench departs from a printed formula.
local impact = require "impact"

-- Spelt in pieces, so that this file does not contain them.
local FORBIDDEN = { "PHYSICS" .. ".md", ".." .. "/shared" }
local PLACES = "src lua scripts examples README.md doc tests spec bench CMakeLists.txt"

local function sh(cmd)
  local p = io.popen(cmd)
  local s = p:read("a")
  p:close()
  return s
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

describe("the repository stands on its own", function()
  for _, word in ipairs(FORBIDDEN) do
    it("no file names " .. word, function()
      local hits = sh(string.format("grep -rnIF -- %q %s 2>/dev/null", word, PLACES))
      assert.equal("", hits)
    end)
  end

  it("no comment or text cites the physics notes' section numbers (letter, dot, number)", function()
    local hits = sh("grep -rnIE '(^|[^A-Za-z0-9_.])[A-N]\\.[0-9]+([^0-9]|$)' " .. PLACES
                    .. " | grep -v 'e\\.g\\.\\|i\\.e\\.'")
    assert.equal("", hits)
  end)

  it("the search reaches the files it must (a planted word is found)", function()
    local dir = sh("mktemp -d"):gsub("%s+$", "")
    local f = assert(io.open(dir .. "/x.c", "w"))
    f:write("/* see " .. FORBIDDEN[1] .. " */\n")
    f:close()
    local hits = sh(string.format("grep -rnIF -- %q %s", FORBIDDEN[1], dir))
    os.execute(string.format("rm -rf %q", dir))
    assert.matches("x%.c:1:", hits)
  end)
end)

local KEYS = {
  { "WM92", "Two-Dimensional Rigid-Body Collisions With", "59(3), 635-642, 1992" },
  { "W86", "On Impact Dynamics of Robotic Operations", "CMU-RI-TR-86-14" },
  { "MW88", "Frictional Planar Mechanics", "524-528, 1988" },
  { "SB22", "Analysis of Three-Dimensional Rigid-Body Impact", "doi:10.3390/dynamics2010001" },
  { "CS01", "A Brief Review and a New Treatment", "23(1), 2001" },
  { "Keller 1986", "Impact With Friction", "53, 1-4, 1986" },
  { "Stronge 1990", "Rigid Body Collisions with Friction", "431, 169-181, 1990" },
  { "Smith 1991", "Predicting Rebounds", "58, 754-758, 1991" },
}

-- Each departure from a printed formula: a phrase both lists must carry.
local DEPARTURES = {
  "WM92 eq 21", "WM92 eq 49", "0.625 e", "W86 (4.2)", "W86 section 3.4", "translation line",
  "SB22 Table 2", "contact space", "examples/box_reslide.lua", "p = 0.100631", "powers of two",
  "Delta = B1*B2 - B3^2", "Brach", "not recovered", "maximum compression", "stick_slope",
}

local function flat(s) return (s:gsub("%s+", " ")) end

describe("the papers are cited in full", function()
  local help = flat(impact.help.text("papers"))
  local readme = flat(read("doc/papers.md"))

  it("help(\"papers\") and doc/papers.md list each paper with its full citation", function()
    for _, k in ipairs(KEYS) do
      for _, text in ipairs{ help, readme } do
        assert.is_truthy(text:find(k[1], 1, true), k[1])
        assert.is_truthy(text:find(k[2], 1, true), k[1] .. ": " .. k[2])
        assert.is_truthy(text:find(k[3], 1, true), k[1] .. ": " .. k[3])
      end
    end
  end)

  it("help(\"papers\") and doc/papers.md list the same departures from the printed formulas", function()
    for _, d in ipairs(DEPARTURES) do
      assert.is_truthy(help:find(d, 1, true), "help: " .. d)
      assert.is_truthy(readme:find(d, 1, true), "doc/papers.md: " .. d)
    end
  end)

  it("every paper key the sources cite is in the list", function()
    local cited = sh("grep -rhoE '\\b(WM92|W86|MW88|SB22|CS01)\\b' src lua examples README.md doc | sort -u")
    local n = 0
    for key in cited:gmatch("%S+") do
      n = n + 1
      assert.is_truthy(help:find(key .. " ", 1, true), key)
    end
    assert.equal(5, n)
  end)

  it("help() lists the papers topic", function()
    assert.matches('papers%s+The papers behind each formula', impact.help.text())
  end)
end)
