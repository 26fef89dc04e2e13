-- A result in the chat: its card (if any) is one revision behind. KEYS: 1 the card hash; ARGV: 1 now, 2 edit gap
-- Returns when the card may be edited next (as text), nil when the chat has no card.
if not redis.call('HGET', KEYS[1], 'message') then
  return nil
end
redis.call('HINCRBY', KEYS[1], 'rev', 1)
local edited = tonumber(redis.call('HGET', KEYS[1], 'edited') or '0')
return tostring(math.max(tonumber(ARGV[1]), edited + tonumber(ARGV[2])))
