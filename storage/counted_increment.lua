-- Add points to a sorted set once per event id (standings and ratings), so a retried result counts once.
-- KEYS: 1 scores, 2 events already counted (sorted by time)
-- ARGV: 1 event id, 2 now, 3 starting score of a new member ('' for 0), 4 events remembered, then member/delta pairs
-- Returns 1 if the event was counted now, 0 if it had been counted before.
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if excess > 0 then
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, excess - 1)
end
for i = 5, #ARGV, 2 do
  if ARGV[3] ~= '' then
    redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[i])
  end
  redis.call('ZINCRBY', KEYS[1], ARGV[i + 1], ARGV[i])
end
return 1
