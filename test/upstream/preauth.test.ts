import { createDecipheriv } from 'node:crypto'
import t from 'tap'
import { PreAuthSession, encryptBearer } from '../../src/upstream/preauth.js'

const KEY = 'PRE_AUTH_ENC_KEY'

function decrypt(bearer: string, key: string): string {
  const iv = Buffer.from(bearer.slice(0, 24), 'base64')
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv)
  return Buffer.concat([decipher.update(Buffer.from(bearer.slice(24), 'base64')), decipher.final()]).toString('utf8')
}

t.test('the bearer is base64(iv) followed by base64(AES-128-CBC(jwt)); a server splits at 24', async (t) => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOiJhIn0.sig'
  const bearer = encryptBearer(jwt, KEY)
  t.match(bearer.slice(0, 24), /^[A-Za-z0-9+/]{22}==$/)
  t.equal(decrypt(bearer, KEY), jwt)
  t.not(encryptBearer(jwt, KEY), bearer, 'a fresh IV every time')
})

t.test('one token serves concurrent callers and is reused within its window', async (t) => {
  let now = 1_000
  let fetched = 0
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const session = new PreAuthSession(
    async () => {
      fetched += 1
      await gate
      return { jwt: `a.b${fetched}.c`, uid: `uid-${fetched}` }
    },
    KEY,
    20_000,
    () => now,
  )
  const all = Promise.all([session.headers(), session.headers(), session.headers()])
  release()
  const [a, b, c] = await all
  t.equal(fetched, 1, 'concurrent fetches coalesced')
  t.equal(a, b)
  t.equal(b, c)
  t.equal(a['x-dm-uid'], 'uid-1')
  t.equal(a.cookie, 'DM_UID=uid-1')
  t.equal(decrypt(a.authorization.replace(/^Bearer /, ''), KEY), 'a.b1.c')
  now += 19_000
  t.equal(await session.headers(), a, 'still reused inside the window')
  now += 2_000
  const fresh = await session.headers()
  t.equal(fetched, 2, 'fetched again after the window')
  t.equal(fresh['x-dm-uid'], 'uid-2')
})

t.test('invalidate drops a refused token so the next call fetches a fresh one', async (t) => {
  let fetched = 0
  const session = new PreAuthSession(async () => ({ jwt: `a.b${++fetched}.c`, uid: String(fetched) }), KEY, 20_000)
  const first = await session.headers()
  session.invalidate(first)
  const second = await session.headers()
  t.not(second, first)
  t.equal(session.tokensFetched, 2)
})

t.test('a failed handshake is not kept: the next call tries again', async (t) => {
  let calls = 0
  const session = new PreAuthSession(
    async () => {
      calls += 1
      if (calls === 1) throw new Error('boom')
      return { jwt: 'a.b.c', uid: 'u' }
    },
    KEY,
    20_000,
  )
  await t.rejects(session.headers(), /boom/)
  t.equal((await session.headers())['x-dm-uid'], 'u')
})

t.test('a caller that gives up is released without cancelling the shared handshake', async (t) => {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const session = new PreAuthSession(async () => (await gate, { jwt: 'a.b.c', uid: 'u' }), KEY, 20_000)
  const controller = new AbortController()
  const leaving = session.headers(controller.signal)
  const staying = session.headers()
  controller.abort(new Error('gone'))
  await t.rejects(leaving, /gone/)
  release()
  t.equal((await staying)['x-dm-uid'], 'u')
})

t.test('a JWT with a short exp is reused only until shortly before it expires', async (t) => {
  const exp = Math.floor(Date.now() / 1000) + 6 // 6 s left, minus the 5 s margin → about 1 s
  const payload = Buffer.from(JSON.stringify({ exp })).toString('base64url')
  let fetched = 0
  const session = new PreAuthSession(async () => ({ jwt: `h.${payload}.s`, uid: String(++fetched) }), KEY, 20_000)
  await session.headers()
  await new Promise((r) => setTimeout(r, 1_200))
  await session.headers()
  t.equal(fetched, 2)
})
