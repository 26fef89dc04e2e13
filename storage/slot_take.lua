-- Take one of a player's places for games (TABLA_MAX_GAMES) if one is free: the check and the take in one step.
-- KEYS: 1 the player's active games (set), 2 the challenges they made (sorted by expiry), 3 places being taken
--       (sorted by the time each lapses: a process that dies before it creates its game frees the place)
-- ARGV: 1 now, 2 the limit, 3 places already held that do not count (the challenge being accepted),
--       4 this taking's token, 5 when it lapses, 6 the lease in milliseconds (the key's own expiry)
-- Returns {1, held} when the place is taken, {0, held} when all are held (held: the places counted).
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local held = redis.call('SCARD', KEYS[1]) + redis.call('ZCARD', KEYS[2]) + redis.call('ZCARD', KEYS[3])
  - tonumber(ARGV[3])
if held >= tonumber(ARGV[2]) then
  return {0, held}
end
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
return {1, held}
