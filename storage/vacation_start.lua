-- Start a player's vacation if their allowance in the window lets it (R: at most `allowance` seconds in any
-- `window` seconds), atomically: two /vacation commands at once start one.
-- KEYS: 1 the player's vacations (sorted set: member = start time, score = end time)
-- ARGV: 1 now, 2 length in seconds, 3 allowance in seconds, 4 window in seconds
-- Returns {'on', end} (already on vacation), {'over', seconds left}, or {'ok', end}.
local now, length = tonumber(ARGV[1]), tonumber(ARGV[2])
local allowance, window = tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - window))
local periods = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local used = 0
for i = 1, #periods, 2 do
  local start, stop = tonumber(periods[i]), tonumber(periods[i + 1])
  if stop > now then
    return {'on', periods[i + 1]}
  end
  used = used + math.max(0, stop - math.max(start, now - window))
end
if used + length > allowance then
  return {'over', tostring(math.max(0, allowance - used))}
end
local stop = now + length
redis.call('ZADD', KEYS[1], stop, ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.floor((window + length) * 1000))
return {'ok', tostring(stop)}
