-- The card's message was edited to show a revision. KEYS: 1 the card hash; ARGV: 1 message id, 2 revision, 3 now
-- Returns 1 if recorded, 0 when the card is another message now or already shows that revision.
if redis.call('HGET', KEYS[1], 'message') ~= ARGV[1] then
  return 0
end
if tonumber(redis.call('HGET', KEYS[1], 'shown') or '0') >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HSET', KEYS[1], 'shown', ARGV[2], 'edited', ARGV[3])
return 1
