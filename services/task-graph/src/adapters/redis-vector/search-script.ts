// VSIM plus the attributes of every hit in one round trip. Redis 8.0 has no VSIM WITHATTRIBS
// (it came in 8.2), so a short Lua script does the two steps server-side.
// KEYS[1] vector set; ARGV: FP32 query blob, count, EF, filter expression ("" = none).
// Reply: flat [element, score, attributes-json | nil, ...].
import { createHash } from "node:crypto";

export const SEARCH_SCRIPT = `
local args = {'VSIM', KEYS[1], 'FP32', ARGV[1], 'WITHSCORES', 'COUNT', ARGV[2], 'EF', ARGV[3]}
if ARGV[4] ~= '' then
  args[#args + 1] = 'FILTER'
  args[#args + 1] = ARGV[4]
end
local found = redis.call(unpack(args))
local out = {}
for i = 1, #found, 2 do
  out[#out + 1] = found[i]
  out[#out + 1] = found[i + 1]
  out[#out + 1] = redis.call('VGETATTR', KEYS[1], found[i]) or false
end
return out
`;

export const SEARCH_SCRIPT_SHA = createHash("sha1").update(SEARCH_SCRIPT).digest("hex");
