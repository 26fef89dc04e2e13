-- Hand the due items of one schedule bucket to exactly one caller.
-- KEYS: 1 bucket; ARGV: 1 now, 2 limit, 3 lease end ('' removes the items instead of leasing them)
-- A leased item is re-scored to the lease end: if the claimer never marks it done, it falls due again.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for i = 1, #due, 2 do
  if ARGV[3] == '' then
    redis.call('ZREM', KEYS[1], due[i])
  else
    redis.call('ZADD', KEYS[1], 'XX', ARGV[3], due[i])
  end
end
return due
