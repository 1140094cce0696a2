-- The columns of a sweep: every varied field, then the result's numeric
-- fields (one level of sub-tables flattened), then mode and class. They are
-- learnt from a few points of the whole sweep solved first, the same for
-- every shard.
local M = {}

local PROBES = 64   -- points tried to find one that solves
local SPREAD = 12   -- points spread over the sweep whose fields make the columns

-- Result fields that lead the columns, in this order; the rest follow sorted.
local PRIORITY = { "Px", "Py", "Pz", "P.x", "P.y", "P.z", "S", "C", "vC.x", "vC.y", "vC.z",
  "dT", "Wc", "Wr", "Wf", "Pc", "energy_ratio" }
local RANK = {}
for i, k in ipairs(PRIORITY) do RANK[k] = i end
local STRINGS = { "mode", "class" }

-- core._flatten (l_sweep_util.c) when the C module has it: the same table,
-- built in C (it declines tables with __pairs, left to the code below).
local cflatten

-- Lets flatten use the C module's core._flatten.
function M.use_core(core) cflatten = core._flatten end

-- The numbers of a result (one level of sub-tables: "P.x", "body1.vx",
-- "qdot.1") and
-- its mode and class. A solver returning a plain number gives "value".
function M.flatten(res)
  if type(res) == "number" then return { value = res } end
  if cflatten then
    local out = cflatten(res)
    if out then return out end
  end
  if type(res) ~= "table" then
    error("the solver returned a " .. type(res) .. ", not a result table", 0)
  end
  local out = {}
  for k, v in pairs(res) do
    if type(k) == "string" then
      local tv = type(v)
      if tv == "number" then
        out[k] = v
      elseif tv == "string" and (k == "mode" or k == "class") then
        out[k] = v
      elseif tv == "table" then
        for k2, v2 in pairs(v) do
          -- "body1.vx", or "qdot.1" for a list's entries
          if (type(k2) == "string" or math.type(k2) == "integer") and type(v2) == "number" then
            out[k .. "." .. k2] = v2
          end
        end
      end
    end
  end
  return out
end

-- The result columns of a union of flattened results, given the varied names.
local function layout(flat, varied)
  local nums, strs = {}, {}
  for k, v in pairs(flat) do
    -- A top-level field named like a varied one is the solver's echo of its
    -- input: dropped. A sub-table one (body1.vx) is post-impact state: kept.
    if type(v) == "number" and not (varied[k] and not k:find(".", 1, true)) then
      nums[#nums + 1] = k
    end
  end
  table.sort(nums, function(a, b)
    local ra, rb = RANK[a] or math.huge, RANK[b] or math.huge
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  for _, k in ipairs(STRINGS) do
    if (flat[k] ~= nil or k == "mode") and not varied[k] then strs[#strs + 1] = k end
  end
  return nums, strs
end

-- learn{ total, first, last, names (varied), solve_point = function(i) -> p, ok, res,
--        interrupted = function(ok, res) -> whether Ctrl-C came }
-- -> { names, source, nvary, nnum, cached, solved, stopped }
-- Solves points 1-4 and SPREAD points spread over 1..total (then, if none
-- solved, further points up to PROBES) and takes the union of their fields.
-- source[j] is the result field behind column j: a sub-table field named
-- like a varied field (the post-impact body1.vx when body1.vx is varied)
-- becomes column result.NAME. Results of points in first..last are cached
-- for reuse; stopped is true when Ctrl-C came meanwhile.
function M.learn(a)
  local total, varied = a.total, {}
  for _, name in ipairs(a.names) do varied[name] = true end
  local cached, union, solved, stopped = {}, {}, nil, false
  local probes, seen = {}, {}
  local function probe(i)
    if i < 1 or i > total or seen[i] then return end
    seen[i] = true
    probes[#probes + 1] = i
  end
  for i = 1, math.min(total, 4) do probe(i) end
  for k = 0, SPREAD - 1 do probe(1 + (total - 1) * k // math.max(1, SPREAD - 1)) end
  local function try(i)
    local p, ok, res = a.solve_point(i)
    if i >= a.first and i <= a.last then cached[i] = { p, ok, res } end
    if ok then
      solved = solved or i
      for k, v in pairs(res) do union[k] = v end
    end
    if a.interrupted(ok, res) then stopped = true end
    return ok
  end
  for _, i in ipairs(probes) do
    try(i)
    if stopped then break end
  end
  if not solved and not stopped then   -- none of those solved: look further for one
    for i = 1, math.min(total, PROBES) do
      if not seen[i] and (try(i) or stopped) then break end
    end
  end
  local nums, strs = {}, { "mode" }
  if solved then nums, strs = layout(union, varied) end

  local names, source = {}, {}
  for _, n in ipairs(a.names) do names[#names + 1] = n end
  for _, list in ipairs{ nums, strs } do
    for _, n in ipairs(list) do
      names[#names + 1] = varied[n] and ("result." .. n) or n
      source[#names] = n
    end
  end
  return { names = names, source = source, nvary = #a.names, nnum = #nums,
           cached = cached, solved = solved, stopped = stopped, varied = varied }
end

return M
