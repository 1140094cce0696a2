-- Lua-side part of the results area (placeholder until it lands).
return function(impact, core) end
