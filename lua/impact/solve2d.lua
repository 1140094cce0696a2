-- Lua-side part of the solve2d area (placeholder until it lands).
return function(impact, core) end
