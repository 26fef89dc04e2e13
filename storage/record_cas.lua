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
-- every record starts {"sv":<schema>,"v":<version>, (codec.py)
local schema, version = string.match(stored, '^{"sv":(%d+),"v":(%d+),')
if not schema or tonumber(schema) ~= tonumber(ARGV[3]) then
  return {'schema', schema or 'unreadable'}
end
if tonumber(version) ~= expected then
  return {'conflict', version}
end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return {'ok'}
