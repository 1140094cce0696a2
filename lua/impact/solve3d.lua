-- Lua-side part of the solve3d area (placeholder until it lands).
return function(impact, core) end
