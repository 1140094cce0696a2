-- help(): the workbench's guide and one page per public function. The texts
-- live in lua/impact/help/<area>.lua, each returning a list of entries:
--   { name = "solve2d", signature = "impact.solve2d(t) -> result",
--     summary = "one line", synopsis = "the call forms, a line each",
--     text = "paragraphs",
--     fields = [[name | meaning | default
--                 ...]],   (a row a line, the default may be left out)
--     result = [[name | meaning
--                 ...]],
--     example = "code", see = {"classify2d", ...} }
-- These texts are the API reference: README.md and the manual (doc/) point to them. Returns
-- { help = }; help looks names up in the table require("impact") returns.
local AREAS = { "workbench", "solve2d", "solve3d", "analysis", "models", "sweep", "plot", "mechanism", "multi", "laws", "mujoco", "simulate", "fit", "figures", "papers" }

-- "$LAWS" in a page's text, fields or result: the law names law = "..."
-- accepts, from the core's registry ('"poisson", "newton", "energetic"').
-- "$MULTI_MODELS" the multi-contact models ('"moreau", ... or "lzb"') and
-- "$MULTI_MODEL" the default one, from the core's registry too; "$MODELS2D"
-- and "$MODELS3D" the models of solve2d and solve3d (model = "...").
local names = require("impact.names")
local LAWS = names.quoted(names.LAWS)
local MULTI_MODELS = names.quoted(names.MULTI_MODELS):gsub(", (%b\"\")$", " or %1")
local MULTI_MODEL = names.quoted{ names.MULTI_MODELS[1] }
local MODELS2D, MODELS3D = names.quoted(names.MODELS), names.quoted(names.MODELS3D)
local function literal(x) return (x:gsub("%%", "%%%%")) end
local function expand(s)
  if type(s) ~= "string" then return s end
  s = s:gsub("%$LAWS", literal(LAWS)):gsub("%$MULTI_MODELS", literal(MULTI_MODELS))
  s = s:gsub("%$MODELS2D", literal(MODELS2D)):gsub("%$MODELS3D", literal(MODELS3D))
  return (s:gsub("%$MULTI_MODEL", literal(MULTI_MODEL)))
end

-- The page for a result, by its metatable's __name (all are
-- "impact.<Kind>": impact.Result2D, impact.ModelResult2D, impact.Result3D,
-- impact.Comparison, impact.Sweep, impact.Painleve, impact.PainleveBands,
-- impact.Space, impact.SpaceMap, impact.MultiResult,
-- impact.MultiComparison, impact.Run, impact.Scene2D, impact.System,
-- impact.MujocoModel, impact.MujocoImpact, impact.MujocoSolref), looked up
-- without "impact.", lower case.
local RESULT_OF = {
  result2d = "solve2d", modelresult2d = "models", result3d = "solve3d",
  comparison = "compare", sweep = "sweep", painleve = "painleve",
  painlevebands = "painleve_bands", space = "space", spacemap = "space_map",
  multiresult = "solve_multi", multicomparison = "compare", fit = "fit", fitcomparison = "compare_fits",
  run = "simulate", scene2d = "scene2d", system = "system",
  multiresult = "solve_multi", multicomparison = "compare", mujocomodel = "mujoco.load",
  mujocoimpact = "mujoco.impact", mujocosolref = "mujoco.solref",
}

local function wrap(text, indent, width)
  local out, line = {}, indent
  for word in text:gmatch("%S+") do
    if #line + #word + 1 > width and line ~= indent then
      out[#out + 1] = line
      line = indent .. word
    else
      line = (line == indent) and (indent .. word) or (line .. " " .. word)
    end
  end
  if line ~= indent then out[#out + 1] = line end
  return table.concat(out, "\n")
end

-- Paragraphs separated by blank lines; lines starting with spaces are kept as is.
local function format_text(text)
  local out = {}
  for para in (text .. "\n\n"):gmatch("(.-)\n%s*\n") do
    if para:match("^%s%s") then
      out[#out + 1] = para
    elseif para:match("%S") then
      out[#out + 1] = wrap(para, "", 78)
    end
  end
  return table.concat(out, "\n\n")
end

local function table_rows(rows, head)
  local w = 0
  for _, r in ipairs(rows) do w = math.max(w, #r[1]) end
  local out = { head }
  for _, r in ipairs(rows) do
    local desc = r[2] .. (r[3] and (" (default " .. r[3] .. ")") or "")
    local line = "  " .. r[1] .. string.rep(" ", w - #r[1] + 2)
    local body = wrap(desc, string.rep(" ", w + 4), 78):gsub("^%s+", "")
    out[#out + 1] = line .. body
  end
  return table.concat(out, "\n")
end

-- A page's fields and result are written as text, a row a line:
-- "name | meaning | default" (the default may be left out).
local function rows_of(text)
  if type(text) ~= "string" then return text end
  local rows = {}
  for line in text:gmatch("[^\n]+") do
    local cells = {}
    for cell in (line:match("^%s*(.-)%s*$") .. " | "):gmatch("(.-) | ") do cells[#cells + 1] = cell end
    rows[#rows + 1] = cells
  end
  return rows
end

local function render(e)
  local parts = { (e.signature or ("impact." .. e.name)) .. "\n" .. string.rep("=", #(e.signature or e.name)) }
  if e.summary then parts[#parts + 1] = wrap(e.summary, "", 78) end
  -- The synopsis: the call forms under the one-line purpose, before the details.
  if e.synopsis then parts[#parts + 1] = ("\n" .. e.synopsis:gsub("\n+$", "")):gsub("\n", "\n  "):sub(2) end
  if e.text then parts[#parts + 1] = format_text(e.text) end
  if e.fields and #e.fields > 0 then
    parts[#parts + 1] = table_rows(e.fields, "Fields:") .. "\n" .. wrap("A field it does not read "
      .. "is an error naming it and the nearest known name: unknown field 'Mu' (did you mean 'mu'?).",
      "  ", 78)
  end
  if e.result and #e.result > 0 then parts[#parts + 1] = table_rows(e.result, "Result:") end
  if e.example then parts[#parts + 1] = "Example:\n" .. e.example:gsub("^\n", ""):gsub("\n$", "") end
  if e.see and #e.see > 0 then parts[#parts + 1] = "See also: " .. table.concat(e.see, ", ") end
  return table.concat(parts, "\n\n")
end

local entries, order = {}, {}
for _, area in ipairs(AREAS) do
  for _, e in ipairs(require("impact.help." .. area)) do
    assert(e.name and not entries[e.name], "help: duplicate or unnamed entry")
    e.area = area
    e.text, e.summary, e.synopsis = expand(e.text), expand(e.summary), expand(e.synopsis)
    e.fields, e.result = rows_of(expand(e.fields)), rows_of(expand(e.result))
    entries[e.name] = e
    order[#order + 1] = e.name
  end
end

local function guide()
  local g = entries.workbench
  local parts = { g and render(g) or ("impact " .. require("impact.core").version) }
  local rows = {}
  for _, name in ipairs(order) do
    local e = entries[name]
    if name ~= "workbench" and not e.topic then
      rows[#rows + 1] = { "impact." .. name, e.summary or "" }
    end
  end
  parts[#parts + 1] = table_rows(rows, "Functions (help(impact.NAME) or help(\"NAME\") for a page):")
  local topics = {}
  for _, name in ipairs(order) do
    if entries[name].topic then topics[#topics + 1] = { name, entries[name].summary or "" } end
  end
  if #topics > 0 then
    parts[#parts + 1] = table_rows(topics, "Topics (help(\"NAME\")):")
  end
  return table.concat(parts, "\n\n")
end

-- help(x) -> the text for x (printed unless `quiet`); x: nil, a name, a
-- function, or a result (the page of the function that made it, found
-- from its metatable's __name).
local function text_of(x)
  if x == nil then return guide() end
  local name = x
  local impact = require("impact")
  local mt = type(x) == "table" and getmetatable(x)
  local made_by = type(mt) == "table" and type(rawget(mt, "__name")) == "string"
    and RESULT_OF[rawget(mt, "__name"):gsub("^impact%.", ""):lower()]
  if made_by then
    name = made_by
  elseif type(x) ~= "string" then
    name = nil
    for k, v in pairs(impact) do
      if v == x then name = k break end
    end
    if not name and type(impact.plot) == "table" then
      for k, v in pairs(impact.plot) do
        if v == x then name = "plot." .. k break end
      end
    end
    -- impact.mujoco's functions, and a model's methods (m.mechanism)
    local mj = impact.mujoco
    if not name and type(mj) == "table" then
      if x == mj then name = "mujoco" end
      for k, v in pairs(mj) do
        if v == x and k:sub(1, 1) ~= "_" then name = "mujoco." .. k break end
      end
      for k, v in pairs(mj.Model) do
        if v == x then name = "mujoco." .. k break end
      end
    end
  end
  name = name and name:gsub("^impact%.", "")
  local e = name and entries[name]
  if not e then
    return nil, "help: no entry for " .. tostring(name or x) .. " (help() lists them)"
  end
  return render(e)
end

-- The pager for a text of n lines, or nil to print it: on a terminal
-- (tty) when the text is longer than the screen (rows), as man does:
-- IMPACT_PAGER, else PAGER, else "less -FRX" (IMPACT_PAGER = "" turns it off).
local function pager_for(tty, n, rows, getenv)
  local own = getenv("IMPACT_PAGER")
  if not tty or own == "" or n < rows then return nil end
  local p = own or getenv("PAGER")
  return (p and p ~= "") and p or "less -FRX"
end

local function show(text)
  local core = require("impact.core")
  local _, n = text:gsub("\n", "")
  local tty = core._isatty ~= nil and core._isatty(1)
  local pager = pager_for(tty, n + 1, tonumber(os.getenv("LINES")) or 24, os.getenv)
  if not pager then print(text) return end
  -- through a file, not a pipe: a pager quit early (q) must not leave a
  -- write to a closed pipe (SIGPIPE ends the process); a pager that does
  -- not run (not installed) leaves the text printed
  local name = os.tmpname()
  local f = io.open(name, "w")
  local ok = f and f:write(text, "\n") and f:close() and os.execute(pager .. " '" .. name .. "'")
  os.remove(name)
  if not ok then print(text) end
end

local help = setmetatable({
  text = text_of,
  entries = entries,
  names = order,
  pager_for = pager_for,
}, {
  __call = function(_, x)
    local text, err = text_of(x)
    if text then show(text) else print(err) end
  end,
})

return { help = help }
