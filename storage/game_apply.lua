-- One state change of a game: an atomic compare-and-set on its version, carrying a command id.
-- KEYS: 1 game record, 2 move log, 3 recent command ids
-- ARGV: 1 command id digest ('' for a follow-up step of a command, neither checked nor remembered),
--       2 expected version, 3 expected position as it reads in the record ("pos":"…"),
--       4 new record, 5 log entry ('' for none),
--       6 command ids kept, 7 their TTL in ms, 8 schema version
-- Returns {'ok', '<version>|<log length>'}, {'dup', '<version>|<log length>'}, {'missing'},
-- {'conflict', '<stored version>'}, {'schema', '<stored schema version>'} or {'base'} (position differs).
--
-- The recent command ids are one string, newest first: ';<digest>|<version>|<log length>' per command, then
-- ';' (digests are base64url, so ';<digest>|' only ever matches at the start of an entry).
local remember = ARGV[1] ~= ''
local recent = redis.call('GET', KEYS[3]) or ';'
local mark = ';' .. ARGV[1] .. '|'
if remember then
  local at = string.find(recent, mark, 1, true)
  if at then
    local from = at + #mark
    return {'dup', string.sub(recent, from, string.find(recent, ';', from, true) - 1)}
  end
end
local stored = redis.call('GET', KEYS[1])
if not stored then
  return {'missing'}
end
-- every record starts {"sv":<schema>,"v":<version>, (codec.py), so no JSON parsing is needed here
local schema, version = string.match(stored, '^{"sv":(%d+),"v":(%d+),')
if not schema or tonumber(schema) ~= tonumber(ARGV[8]) then
  return {'schema', schema or 'unreadable'}
end
version = tonumber(version)
if version ~= tonumber(ARGV[2]) then
  return {'conflict', tostring(version)}
end
if not string.find(stored, ARGV[3], 1, true) then
  return {'base'}
end
redis.call('SET', KEYS[1], ARGV[4])
local length
if ARGV[5] ~= '' then
  length = redis.call('RPUSH', KEYS[2], ARGV[5])
else
  length = redis.call('LLEN', KEYS[2])
end
local result = string.format('%d|%d', version + 1, length)
if not remember then
  return {'ok', result}
end
local kept, entries = tonumber(ARGV[6]) - 1, {mark .. result}
for entry in string.gmatch(recent, ';[^;]+') do
  if #entries > kept then
    break
  end
  entries[#entries + 1] = entry
end
redis.call('SET', KEYS[3], table.concat(entries) .. ';', 'PX', ARGV[7])
return {'ok', result}
