-- Lua-side part of the solve area (placeholder until it lands).
return function(impact, core) end
