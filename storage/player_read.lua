-- Read a player's record, note an update of theirs as seen, and find the vacation they are on, in one round trip
-- (one hash tag: the player's).
-- KEYS: 1 player record, 2 the update's mark (under the player's tag), 3 the player's vacations (sorted set:
-- member = start time, score = end time)
-- ARGV: 1 seconds to remember the update, 2 now
-- Returns {record or false, 1 if the update is seen for the first time else 0, end of the vacation on or false}.
local raw = redis.call('GET', KEYS[1])
local first = 0
if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then
  first = 1
end
local away = false
local now = tonumber(ARGV[2])
local on = redis.call('ZRANGEBYSCORE', KEYS[3], '(' .. ARGV[2], '+inf', 'WITHSCORES')
for i = 1, #on, 2 do
  if tonumber(on[i]) <= now then
    away = on[i + 1]
    break
  end
end
return {raw, first, away}
