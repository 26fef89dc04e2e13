-- Settle a leased wake-up: re-arm it at a new time, or remove it, but only if it still holds the lease
-- (a game change may have armed it earlier meanwhile; then that wins).
-- KEYS: 1 bucket; ARGV: 1 member, 2 lease end, 3 new time ('' removes)
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
