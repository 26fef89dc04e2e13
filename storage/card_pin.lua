-- Make a message the chat's standings card. KEYS: 1 the card hash; ARGV: 1 message id, 2 now
-- The new card shows every result so far. Returns the message id of the card it replaces (nil: none).
local old = redis.call('HGET', KEYS[1], 'message')
local rev = redis.call('HGET', KEYS[1], 'rev') or '0'
redis.call('HSET', KEYS[1], 'message', ARGV[1], 'rev', rev, 'shown', rev, 'edited', ARGV[2])
return old
