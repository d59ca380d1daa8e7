// The fleet budget's two Redis scripts (src/upstream/fleet/budget.ts says what they are for).
//
// Keys: 1 recent grants (sorted by time: the sliding log), 2 running leases (by expiry), 3 waiting callers
// (`id \t group \t member`, by when they count as gone), 4 waiting groups (by the time their turn comes:
// last served, or when they began to wait; µs), 5 each group's last turn (µs), 6 counts: waiting callers
// per `group \t member`, waiting members per group, and turns left in a shared group's
// turn (`\n group`, set at the turn's start to its waiting members, at most SHARED_GROUP_MAX_WEIGHT).
//
// Why the counts: the poll that is refused must stay O(log n) — the fleet's waiting callers poll every few
// milliseconds — so "who is next" is the first of key 4, and a group leaves key 4 when its last caller
// leaves key 3, which the counts tell without a scan. A first group older than twice the memory is
// dropped (a waiting group's time is at most the memory old when it joins, and it waits less than the
// memory): whatever the counts say (a key evicted under memory pressure), the turn order cannot stay stuck.
// Keys 3, 4 and 6 hold something only while callers wait, and expire together: all three are given the
// memory as time to live whenever a caller joins, and no caller waits that long (the lease bounds a wait).

const LEAVE = `
local function leave(entry)
  local group, member = string.match(entry, '^[^\\t]*\\t([^\\t]*)\\t(.*)$')
  if redis.call('HINCRBY', KEYS[6], group .. '\\t' .. member, -1) > 0 then return end
  redis.call('HDEL', KEYS[6], group .. '\\t' .. member)
  if redis.call('HINCRBY', KEYS[6], group, -1) > 0 then return end
  redis.call('HDEL', KEYS[6], group, '\\n' .. group)
  redis.call('ZREM', KEYS[4], group)
end
`

/**
 * ARGV: rate, window ms, concurrency, lease ms, caller id, group, member, shared (1/0), grace ms, most turns
 * of a shared group, memory ms. Answers [0, now] granted, [-1, now] all running, [-2, now] another group's
 * turn, [n > 0, now] wait n ms for the rate window (now: Redis's clock, ms).
 */
export const BUDGET_SCRIPT = `${LEAVE}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
-- Turns are ordered in microseconds: grants within one millisecond must not tie.
local turn = tonumber(t[1]) * 1000000 + tonumber(t[2])
local rate, window, concurrency, lease = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local group, grace, memory = ARGV[6], tonumber(ARGV[9]), tonumber(ARGV[11])
local me = ARGV[5] .. '\\t' .. group .. '\\t' .. ARGV[7]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
for _, gone in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)) do
  redis.call('ZREM', KEYS[3], gone)
  leave(gone)
end
local wait = 0
if redis.call('ZCARD', KEYS[2]) >= concurrency then wait = -1
elseif redis.call('ZCARD', KEYS[1]) >= rate then
  wait = math.max(1, tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]) + window - now)
else
  local first = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  if first[1] and tonumber(first[2]) < turn - 2 * memory * 1000 then
    redis.call('ZREM', KEYS[4], first[1])
    redis.call('HDEL', KEYS[6], first[1])
    first = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  end
  if first[1] and first[1] ~= group then
    local mine = redis.call('ZSCORE', KEYS[4], group) or redis.call('ZSCORE', KEYS[5], group) or turn
    if tonumber(first[2]) < tonumber(mine) then wait = -2 end
  end
end
if wait ~= 0 then
  if redis.call('ZADD', KEYS[3], now + math.max(wait, 0) + grace, me) == 1 then
    if redis.call('HINCRBY', KEYS[6], group .. '\\t' .. ARGV[7], 1) == 1 then redis.call('HINCRBY', KEYS[6], group, 1) end
    redis.call('ZADD', KEYS[4], 'NX', redis.call('ZSCORE', KEYS[5], group) or turn, group)
    for k = 3, 6 do redis.call('PEXPIRE', KEYS[k], memory) end
  end
  return {wait, now}
end
local credit = 0
if ARGV[8] == '1' then
  local members = math.min(math.max(tonumber(redis.call('HGET', KEYS[6], group) or '1'), 1), tonumber(ARGV[10]))
  credit = tonumber(redis.call('HGET', KEYS[6], '\\n' .. group) or members) - 1
end
if credit > 0 then redis.call('HSET', KEYS[6], '\\n' .. group, credit)
else
  redis.call('HDEL', KEYS[6], '\\n' .. group)
  redis.call('ZADD', KEYS[5], turn, group)
  redis.call('ZADD', KEYS[4], 'XX', turn, group)
end
if redis.call('ZREM', KEYS[3], me) == 1 then leave(me) end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', turn - memory * 1000)
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('ZADD', KEYS[2], now + lease, ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PEXPIRE', KEYS[2], lease)
redis.call('PEXPIRE', KEYS[5], memory)
return {0, now}
`

/** ARGV: caller id, group, member. A caller that stops waiting (cancelled, gave up) leaves the turn order at once. */
export const LEAVE_SCRIPT = `${LEAVE}
local me = ARGV[1] .. '\\t' .. ARGV[2] .. '\\t' .. ARGV[3]
if redis.call('ZREM', KEYS[3], me) == 1 then leave(me) end
return 0
`
