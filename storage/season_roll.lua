-- Close a chat's season once. KEYS: 1 the chat's season hash; ARGV: 1 the season closing, 2 the one after it
-- Returns 1 to the one caller that found ARGV[1] current (and made ARGV[2] current), 0 to any other.
if redis.call('HGET', KEYS[1], 'current') ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'current', ARGV[2])
return 1
