-- Lua-side part of the sweep area (placeholder until it lands).
return function(impact, core) end
