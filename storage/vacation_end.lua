-- End a player's vacation now, if one is on (early: by /vacation off or a move), atomically: of two ends at
-- once, one ends it.
-- KEYS: 1 the player's vacations (sorted set: member = start time, score = end time)
-- ARGV: 1 now
-- Returns {start, end as planned} of the vacation ended, or an empty list when none was on.
local now = tonumber(ARGV[1])
local on = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'WITHSCORES')
for i = 1, #on, 2 do
  if tonumber(on[i]) <= now then
    redis.call('ZADD', KEYS[1], 'XX', now, on[i])
    return {on[i], on[i + 1]}
  end
end
return {}
