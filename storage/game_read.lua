-- A consistent snapshot of a game: its record and its move log from index ARGV[1] on.
-- KEYS: 1 game record, 2 move log
local stored = redis.call('GET', KEYS[1])
if not stored then
  return {}
end
return {stored, redis.call('LRANGE', KEYS[2], ARGV[1], -1)}
