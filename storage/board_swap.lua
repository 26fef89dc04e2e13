-- Record a chat platform's last board of a match, keeping the newer of two recorded out of order.
-- KEYS: 1 the match's last board (`chat:message:keyboard`)
-- ARGV: 1 the new board packed, 2 its message id, 3 seconds to keep, 4 its chat id
-- Returns {'newer', ARGV[1]} when the recorded board is in the same chat and newer (it stays: the new one is
-- the one to retire), {'old', <recorded>} when the new board replaced one, false when there was none.
-- Message ids are compared as decimal strings (Discord snowflakes do not fit Lua's numbers).
local cur = redis.call('GET', KEYS[1])
if cur then
  local chat, id = string.match(cur, '^([^:]+):(%d+):')
  local new = ARGV[2]
  if id and chat == ARGV[4] and (#id > #new or (#id == #new and id > new)) then
    return {'newer', ARGV[1]}
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
if cur then return {'old', cur} end
return false
