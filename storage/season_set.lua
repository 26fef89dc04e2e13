-- Set a chat's season mode. KEYS: 1 the chat's season hash; ARGV: 1 mode ('' stops seasons), 2 the season now
-- A chat that keeps its mode keeps its current season; a new mode starts the season ARGV[2].
if ARGV[1] == '' then
  redis.call('DEL', KEYS[1])
  return 0
end
if redis.call('HGET', KEYS[1], 'mode') ~= ARGV[1] then
  redis.call('HSET', KEYS[1], 'mode', ARGV[1], 'current', ARGV[2])
end
return 1
