-- Create (expected version 0) or replace a JSON record if its version is still the expected one.
-- KEYS: 1 record; ARGV: 1 expected version, 2 new record, 3 schema version
-- Returns {'ok'}, {'exists'}, {'missing'}, {'conflict', '<stored version>'} or {'schema', '<stored version>'}.
local stored = redis.call('GET', KEYS[1])
local expected = tonumber(ARGV[1])
if expected == 0 then
  if stored then
    return {'exists'}
  end
  redis.call('SET', KEYS[1], ARGV[2])
  return {'ok'}
end
if not stored then
  return {'missing'}
end
local readable, record = pcall(cjson.decode, stored)
if not readable or type(record) ~= 'table' or record.sv ~= tonumber(ARGV[3]) then
  return {'schema', readable and type(record) == 'table' and tostring(record.sv) or 'unreadable'}
end
if record.v ~= expected then
  return {'conflict', tostring(record.v)}
end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return {'ok'}
