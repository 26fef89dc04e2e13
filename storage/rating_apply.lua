-- Apply one finished match to its pool's FIBS ratings, once (RATINGS.md RT-3, RT-4, RT-5).
-- KEYS (one pool's hash tag): 1 ratings (sorted set), 2 experience (hash), 3 applied (hash: match -> log index),
--   4 log (list of the applied results, JSON, in the order they were applied), 5 won/lost (hash: w:<p>, l:<p>),
--   6 player a's history, 7 player b's history (lists of "<ended> <rating>"), 8 the pool's last end time
-- ARGV: 1 match key, 2 player a, 3 player b, 4 n (match length), 5 a's score (1, 0 or 0.5), 6 end time,
--   7 chat ('' for none), 8 starting rating, 9 pool
-- Returns the stored result (JSON): the one applied now, or the one applied before for the same match key.
-- Numbers are written with 17 significant digits, so a rating read back is the rating written (a rebuild that
-- replays the log through this script lands on the same bits). The end time stored is never earlier than the
-- pool's last one, so the log's order is the order the matches ended (RT-5).
local done = redis.call('HGET', KEYS[3], ARGV[1])
if done then
  return redis.call('LINDEX', KEYS[4], tonumber(done))
end
local function fmt(x) return string.format('%.17g', x) end
local a, b = ARGV[2], ARGV[3]
local n, sa, start = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[8])
local ra = tonumber(redis.call('ZSCORE', KEYS[1], a)) or start
local rb = tonumber(redis.call('ZSCORE', KEYS[1], b)) or start
local xa = tonumber(redis.call('HGET', KEYS[2], a)) or 0
local xb = tonumber(redis.call('HGET', KEYS[2], b)) or 0
local root = math.sqrt(n)
local function change(r, x, other, s)
  local e = 1.0 / (1.0 + 10.0 ^ ((other - r) * root / 2000.0))
  return 4.0 * math.max(1.0, 5.0 - x / 100.0) * root * (s - e)
end
local da, db = change(ra, xa, rb, sa), change(rb, xb, ra, 1.0 - sa)
local ended = math.max(tonumber(ARGV[6]), tonumber(redis.call('GET', KEYS[8])) or 0)
redis.call('SET', KEYS[8], fmt(ended))
redis.call('ZADD', KEYS[1], fmt(ra + da), a)
redis.call('ZADD', KEYS[1], fmt(rb + db), b)
redis.call('HINCRBY', KEYS[2], a, n)
redis.call('HINCRBY', KEYS[2], b, n)
if sa == 1 then
  redis.call('HINCRBY', KEYS[5], 'w:' .. a, 1)
  redis.call('HINCRBY', KEYS[5], 'l:' .. b, 1)
elseif sa == 0 then
  redis.call('HINCRBY', KEYS[5], 'w:' .. b, 1)
  redis.call('HINCRBY', KEYS[5], 'l:' .. a, 1)
end
redis.call('RPUSH', KEYS[6], fmt(ended) .. ' ' .. fmt(ra + da))
redis.call('RPUSH', KEYS[7], fmt(ended) .. ' ' .. fmt(rb + db))
local result = cjson.encode({pool = ARGV[9], match = ARGV[1], a = a, b = b, n = ARGV[4], sa = ARGV[5],
  ended = fmt(ended), chat = ARGV[7], ra = fmt(ra), rb = fmt(rb), xa = tostring(xa), xb = tostring(xb),
  ra2 = fmt(ra + da), rb2 = fmt(rb + db)})
local index = redis.call('RPUSH', KEYS[4], result) - 1
redis.call('HSET', KEYS[3], ARGV[1], index)
return result
