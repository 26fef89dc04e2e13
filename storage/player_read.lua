-- Read a player's record and note an update of theirs as seen, in one round trip (one hash tag: the player's).
-- KEYS: 1 player record, 2 the update's mark (under the player's tag)
-- ARGV: 1 seconds to remember the update
-- Returns {record or false, 1 if the update is seen for the first time else 0}.
local raw = redis.call('GET', KEYS[1])
local first = 0
if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[1]) then
  first = 1
end
return {raw, first}
