-- Lua-side part of the analysis area (placeholder until it lands).
return function(impact, core) end
