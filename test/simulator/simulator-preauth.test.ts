// The simulator's pre-auth check remembers a verified bearer; what it remembers must not loosen the check.
import t from 'tap'
import { PreAuthority, decryptBearer, encryptBearer } from '../../simulator/preauth.js'

t.test('a remembered bearer is still checked for expiry, uid and User-Agent on every call', async (t) => {
  let now = 1_000_000
  const authority = new PreAuthority({ ttlMs: 20_000, now: () => now })
  const { token, uid } = authority.issue('ua-1')
  const authorization = `Bearer ${encryptBearer(token, authority.key)}`
  const check = (headers: { uid?: string; userAgent?: string }): string => {
    const result = authority.check({ authorization, ...headers })
    return result.ok ? 'ok' : result.reason
  }
  t.equal(check({ uid, userAgent: 'ua-1' }), 'ok', 'first call: deciphered and verified')
  t.equal(check({ uid, userAgent: 'ua-1' }), 'ok', 'second call: remembered')
  t.equal(check({ uid, userAgent: 'ua-2' }), 'user-agent-mismatch')
  t.equal(check({ uid: 'someone-else', userAgent: 'ua-1' }), 'uid-mismatch')
  t.equal(check({ userAgent: 'ua-1' }), 'missing-uid')
  now += 20_000
  t.equal(check({ uid, userAgent: 'ua-1' }), 'expired', 'a remembered bearer expires')
  t.equal(
    authority.check({ authorization: `Bearer ${encryptBearer(token.slice(0, -4) + 'AAAA', authority.key)}`, uid, userAgent: 'ua-1' }).ok,
    false,
  )
})

t.test('simulators sharing a key accept each other’s tokens; another key or secret refuses them', async (t) => {
  const one = new PreAuthority({ ttlMs: 20_000 })
  const two = new PreAuthority({ ttlMs: 20_000 })
  const { token, uid } = one.issue('ua-1')
  const headers = { authorization: `Bearer ${encryptBearer(token, one.key)}`, uid, userAgent: 'ua-1' }
  t.same(two.check(headers), {
    ok: true,
    claims: one.verifyToken(token).ok ? (one.verifyToken(token) as { claims: unknown }).claims : null,
  })
  const otherSecret = new PreAuthority({ ttlMs: 20_000, signingSecret: 'another fleet' })
  t.same(otherSecret.check(headers), { ok: false, reason: 'bad-signature' }, 'a different signing secret refuses it')
  const otherKey = new PreAuthority({ ttlMs: 20_000, key: 'ANOTHER_16B_KEY!' })
  // With a random IV about one bearer in 256 deciphers under another key with valid padding (into garbage,
  // then refused as a bad signature): one whose padding that key refuses is taken.
  let sealed = encryptBearer(token, one.key)
  while (decryptBearer(sealed, 'ANOTHER_16B_KEY!') !== null) sealed = encryptBearer(token, one.key)
  const refused = otherKey.check({ ...headers, authorization: `Bearer ${sealed}` })
  t.same(refused, { ok: false, reason: 'bad-bearer' }, 'a different bearer key cannot even decipher it')
})
