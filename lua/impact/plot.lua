-- Lua-side part of the plot area (placeholder until it lands).
return function(impact, core) end
