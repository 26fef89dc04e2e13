-- Mark a game for the service's attention (attention.py).
-- KEYS[1] the attention set, KEYS[2] its hash of positions told; ARGV[1] the time, ARGV[2] the game id,
-- ARGV[3] the position up to which its players have been told of its plays.
-- A mark already there keeps its time and its position; a new one replaces a position left by a lost clear.
if redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2]) == 1 then
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
end
return 1
