-- One state change of a game: an atomic compare-and-set on its version, carrying a command id.
-- KEYS: 1 game record, 2 move log, 3 recent command ids
-- ARGV: 1 command id digest, 2 expected version, 3 expected position, 4 new record, 5 log entry ('' for none),
--       6 command ids kept, 7 their TTL in ms, 8 schema version
-- Returns {'ok', '<version>|<log length>'}, {'dup', '<version>|<log length>'}, {'missing'},
-- {'conflict', '<stored version>'}, {'schema', '<stored schema version>'} or {'base', '<stored position>'}.
local mark = ARGV[1] .. '|'
for _, seen in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  if string.sub(seen, 1, #mark) == mark then
    return {'dup', string.sub(seen, #mark + 1)}
  end
end
local stored = redis.call('GET', KEYS[1])
if not stored then
  return {'missing'}
end
local readable, game = pcall(cjson.decode, stored)
if not readable or type(game) ~= 'table' or game.sv ~= tonumber(ARGV[8]) then
  return {'schema', readable and type(game) == 'table' and tostring(game.sv) or 'unreadable'}
end
if game.v ~= tonumber(ARGV[2]) then
  return {'conflict', tostring(game.v)}
end
if game.pos ~= ARGV[3] then
  return {'base', game.pos}
end
redis.call('SET', KEYS[1], ARGV[4])
local length
if ARGV[5] ~= '' then
  length = redis.call('RPUSH', KEYS[2], ARGV[5])
else
  length = redis.call('LLEN', KEYS[2])
end
local result = string.format('%d|%d', game.v + 1, length)
redis.call('LPUSH', KEYS[3], mark .. result)
redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[6]) - 1)
redis.call('PEXPIRE', KEYS[3], ARGV[7])
return {'ok', result}
