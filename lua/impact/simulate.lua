-- impact.simulate and the run's files. The simulation itself is C
-- (core._simulate: src/lua/l_simulate.c on the core's imp_sim_run);
-- here: Ctrl-C (the part done kept in impact.interrupted_run, as sweeps keep
-- theirs in impact.interrupted_sweep), the Run's methods, and a run written
-- to and read from CSV or JSON (impact.write_run, impact.read_run,
-- run:write(path)), whole or not at all (impact.files), numbers in their
-- shortest round-trip text so that a run read back equals the one written.
local core = require("impact.core")
local csv = require("impact.sweep.csv")
local files = require("impact.files")

local M = {}
local RUN_MT = core._run_mt

-- The sample columns of a run of n coordinates: t, q1..qn, qdot1..qdotn, energy.
local function sample_names(n)
  local names = { "t" }
  for i = 1, n do names[#names + 1] = "q" .. i end
  for i = 1, n do names[#names + 1] = "qdot" .. i end
  names[#names + 1] = "energy"
  return names
end

-- The event columns: t, kind, contacts ("1 2"), q1.., qdot_before1.., qdot_after1...
local function event_names(n)
  local names = { "t", "kind", "contacts" }
  for _, p in ipairs{ "q", "qdot_before", "qdot_after" } do
    for i = 1, n do names[#names + 1] = p .. i end
  end
  return names
end

-- run.t, run.q, ... as columns {name = list}.
local function sample_columns(run)
  local n, cols = run.n, { t = run.t, energy = run.energy }
  for i = 1, n do
    local q, qd = {}, {}
    for k = 1, #run.t do q[k], qd[k] = run.q[k][i], run.qdot[k][i] end
    cols["q" .. i], cols["qdot" .. i] = q, qd
  end
  return cols
end

local function event_columns(run)
  local n, cols = run.n, { t = {}, kind = {}, contacts = {} }
  for _, p in ipairs{ "q", "qdot_before", "qdot_after" } do
    for i = 1, n do cols[p .. i] = {} end
  end
  for k, ev in ipairs(run.events) do
    cols.t[k], cols.kind[k] = ev.t, ev.kind
    local c = {}
    for j, i in ipairs(ev.contacts or {}) do c[j] = tostring(i) end
    cols.contacts[k] = table.concat(c, " ")
    for _, p in ipairs{ "q", "qdot_before", "qdot_after" } do
      local v = ev[p] or {}
      for i = 1, n do cols[p .. i][k] = v[i] or 0 / 0 end
    end
  end
  return cols
end

-- What a file keeps of the run besides its columns.
local META = { "kind", "status", "n", "n_events", "n_impacts", "t0", "t_end", "t_reached", "interrupted" }

local function check_run(fname, run)
  if type(run) ~= "table" or type(run.t) ~= "table" or type(run.q) ~= "table" or not run.n then
    error(fname .. ": argument 1 must be a run (impact.simulate's result), got " .. type(run), 0)
  end
end

local function format_of(fname, path)
  if type(path) ~= "string" or path == "" then
    error(fname .. ": argument 2 must be a file name ending in .csv or .json, got " .. tostring(path), 0)
  end
  local ext = path:match("%.(%w+)$")
  ext = ext and ext:lower()
  if ext ~= "csv" and ext ~= "json" then
    error(string.format("%s: the file name must end in .csv or .json, got %q", fname, path), 0)
  end
  return ext
end

-- CSV: '#' lines with the run's fields (key = value), then one table:
-- a column "row" ("sample" or "event"), the sample columns, then the
-- event's own (kind, contacts, qdot_after1..n); an event's qdot1..n are
-- its qdot_before, its energy empty.
local function write_csv(fname, run, path)
  local n = run.n
  local w = files.open(fname, path)
  local ok, err = pcall(function()
    w:write(csv.comment("impact run: " .. #run.t .. " samples, " .. #run.events .. " events"), "\n")
    for _, k in ipairs(META) do
      if run[k] ~= nil then w:write("# ", k, " = ", csv.field(run[k]), "\n") end
    end
    local head = { "row" }
    for _, name in ipairs(sample_names(n)) do head[#head + 1] = name end
    head[#head + 1] = "kind"
    head[#head + 1] = "contacts"
    for i = 1, n do head[#head + 1] = "qdot_after" .. i end
    w:write(csv.line(head, #head), "\n")
    local width = #head
    for k = 1, #run.t do
      local row = { "sample", run.t[k] }
      for i = 1, n do row[#row + 1] = run.q[k][i] end
      for i = 1, n do row[#row + 1] = run.qdot[k][i] end
      row[#row + 1] = run.energy[k]
      w:write(csv.line(row, width), "\n")
    end
    for _, ev in ipairs(run.events) do
      local row = { "event", ev.t }
      for i = 1, n do row[#row + 1] = (ev.q or {})[i] end
      for i = 1, n do row[#row + 1] = (ev.qdot_before or {})[i] end
      local c = {}
      for j, i in ipairs(ev.contacts or {}) do c[j] = tostring(i) end
      row[2 * n + 4], row[2 * n + 5] = ev.kind, table.concat(c, " ")
      for i = 1, n do row[2 * n + 5 + i] = (ev.qdot_after or {})[i] end
      w:write(csv.line(row, width), "\n")
    end
    w:commit()
  end)
  if not ok then w:abort() error(err, 0) end
end

-- A JSON string (the run's words and numbers' text only: no escapes needed
-- beyond quotes and backslashes).
local function jstr(s) return '"' .. tostring(s):gsub('[\\"]', "\\%0") .. '"' end

local function jvalue(v)
  if type(v) == "number" then
    if v ~= v or math.abs(v) == math.huge then return "null" end
    return csv.number(v)
  elseif type(v) == "boolean" then return tostring(v) end
  return jstr(v)
end

-- JSON: {"format": "impact.run", the run's fields, "samples": {columns},
-- "events": {columns}}; the columns streamed by core._json_columns.
local function write_json(fname, run, path)
  local w = files.open(fname, path)
  local ok, err = pcall(function()
    w:write('{"format":"impact.run"')
    for _, k in ipairs(META) do
      if run[k] ~= nil then w:write(",", jstr(k), ":", jvalue(run[k])) end
    end
    w:write(',"samples":')
    local done, why = core._json_columns(w.file, sample_names(run.n), sample_columns(run), #run.t)
    if not done and why == "interrupted!" then error(why, 0) end
    w:check(done, why)
    w:write(',"events":')
    done, why = core._json_columns(w.file, event_names(run.n), event_columns(run), #run.events)
    if not done and why == "interrupted!" then error(why, 0) end
    w:check(done, why)
    w:write("}\n")
    w:commit()
  end)
  if not ok then w:abort() error(err, 0) end
end

function M.write_run(run, path)
  local F = "write_run"
  check_run(F, run)
  if format_of(F, path) == "csv" then write_csv(F, run, path) else write_json(F, run, path) end
  return path
end

local function contacts_of(s)
  local c = {}
  for i in tostring(s or ""):gmatch("%d+") do c[#c + 1] = math.tointeger(tonumber(i)) end
  return c
end

local function new_run(meta)
  local run = { t = {}, q = {}, qdot = {}, energy = {}, events = {} }
  for _, k in ipairs(META) do run[k] = meta[k] end
  return setmetatable(run, RUN_MT)
end

local function read_csv(fname, path)
  local f, err = io.open(path, "r")
  if not f then error(fname .. ": cannot read " .. tostring(err), 0) end
  local meta, head, rows = {}, nil, {}
  for line in f:lines() do
    local k, v = line:match("^# ([%w_]+) = (.*)$")
    if k then
      meta[k] = v == "true" and true or v == "false" and false or tonumber(v) or v
    elseif not line:match("^#") and line ~= "" then
      local cells, why = csv.split(line)
      if not cells then f:close() error(string.format("%s: %s: %s", fname, path, why), 0) end
      local vals = {}
      for i, c in ipairs(cells) do
        vals[i] = c.quoted and c[1] or (c[1] == "" and nil) or tonumber(c[1]) or
          (c[1] == "nan" and 0 / 0) or (c[1] == "inf" and math.huge) or (c[1] == "-inf" and -math.huge) or c[1]
      end
      if not head then head = vals else rows[#rows + 1] = vals end
    end
  end
  f:close()
  local n = math.tointeger(meta.n)
  if not head or head[1] ~= "row" or not n then
    error(fname .. ": " .. path .. " is not a run written by impact.write_run", 0)
  end
  meta.n = n
  local run = new_run(meta)
  for _, r in ipairs(rows) do
    local q, qd = {}, {}
    for i = 1, n do q[i], qd[i] = r[2 + i], r[2 + n + i] end
    if r[1] == "sample" then
      local k = #run.t + 1
      run.t[k], run.q[k], run.qdot[k], run.energy[k] = r[2], q, qd, r[3 + 2 * n]
    else
      local qa = {}
      for i = 1, n do qa[i] = r[2 * n + 5 + i] end
      run.events[#run.events + 1] = { t = r[2], kind = r[2 * n + 4], contacts = contacts_of(r[2 * n + 5]),
        q = q, qdot_before = qd, qdot_after = qa }
    end
  end
  return run
end

local function read_json(fname, path)
  local doc = require("impact.sweep.output").read_json(fname, path)
  if type(doc) ~= "table" or doc.format ~= "impact.run" then
    error(fname .. ": " .. path .. " is not a run written by impact.write_run", 0)
  end
  local function num(v) return type(v) == "number" and v or 0 / 0 end   -- null: NaN
  local run, n = new_run(doc), math.tointeger(doc.n)
  run.n = n
  local s, e = doc.samples, doc.events
  for k = 1, #s.t do
    local q, qd = {}, {}
    for i = 1, n do q[i], qd[i] = num(s["q" .. i][k]), num(s["qdot" .. i][k]) end
    run.t[k], run.q[k], run.qdot[k], run.energy[k] = num(s.t[k]), q, qd, num(s.energy[k])
  end
  for k = 1, #e.t do
    local ev = { t = num(e.t[k]), kind = e.kind[k], contacts = contacts_of(e.contacts[k]) }
    for _, p in ipairs{ "q", "qdot_before", "qdot_after" } do
      local v = {}
      for i = 1, n do v[i] = num(e[p .. i][k]) end
      ev[p] = v
    end
    run.events[k] = ev
  end
  return run
end

-- impact.read_run(path): the run as written (samples and events; the
-- events' solver results and the system are not kept in the file).
function M.read_run(path)
  local F = "read_run"
  if format_of(F, path) == "csv" then return read_csv(F, path) end
  return read_json(F, path)
end

-- impact.simulate(system, opts): the run, or on Ctrl-C "interrupted!" with
-- the part done in impact.interrupted_run.
function M.simulate(system, opts)
  local impact = require("impact")
  impact.interrupted_run = nil
  local ok, run = pcall(core._simulate, system, opts)
  if not ok then
    if run == "interrupted!" then error(run, 0) end   -- Ctrl-C in a custom law
    error((tostring(run):gsub("^[^\n]-simulate%.lua:%d+: ", "")), 2)
  end
  if run.interrupted then
    if #run.t > 0 and run.t[#run.t] > (run.t_reached or -math.huge) then run.t_reached = run.t[#run.t] end
    impact.interrupted_run = run
    core._clear_interrupt()
    io.stderr:write(string.format("simulate: interrupted at t = %s after %d events; the part done is kept in impact.interrupted_run\n",
      csv.number(run.t_reached or 0), run.n_events or 0))
    error("interrupted!", 0)
  end
  return run
end

-- The Run's methods: run:write(path); run:series(name) the samples of one
-- of t, q1..qn, qdot1..qdotn, energy as a list.
local methods = {}
function methods.write(run, path) return M.write_run(run, path) end
function methods.series(run, name)
  if name == "t" then return run.t end
  if name == "energy" then return run.energy end
  local what, i = tostring(name):match("^(q)(%d+)$")
  if not what then what, i = tostring(name):match("^(qdot)(%d+)$") end
  i = math.tointeger(tonumber(i))
  if not what or i < 1 or i > run.n then
    error(string.format("series: %q is not a series of this run (t, q1..q%d, qdot1..qdot%d, energy)",
      tostring(name), run.n, run.n), 2)
  end
  local out, list = {}, what == "q" and run.q or run.qdot
  for k = 1, #list do out[k] = list[k][i] end
  return out
end
RUN_MT.__index = methods

return M
