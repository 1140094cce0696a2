-- Lua-side part of the models area (placeholder until it lands).
return function(impact, core) end
