// The floor of scenario 12: a cold nearby answer's two upstream rounds, made by a program that does
// nothing else. One stock call for every store and product it is given, then, side by side, a placement
// call for each item in stock at the first stores that have any; node:http on both sides, no framework,
// cache, budget, breaker or reply checks. Its wall on a machine is what any service pays there for the
// same exchanges, so scenario 12 reports the service's wall beside it. It shares no code with the service
// on purpose, as bench/reference.ts does not.
//
// Env: FLOOR_UPSTREAM (the simulator's URL), FLOOR_PORT. GET /?stores=code,…&products=id,… answers JSON.

import { createCipheriv, randomBytes } from 'node:crypto'
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http'

/** Stores whose items get a placement call, and stores listed, as the service's nearby answer (src/schemas.ts LIMITS). */
const STORES_PLACED = 5
const STORES_LISTED = 20
/** The storefront's AES-128 key for the bearer (the simulator uses the same constant). */
const PREAUTH_KEY = 'PRE_AUTH_ENC_KEY'

const upstream = new URL(process.env.FLOOR_UPSTREAM ?? '')
const base = upstream.pathname.endsWith('/') ? upstream.pathname : `${upstream.pathname}/`
const agent = new Agent({ keepAlive: true })

interface Reply {
  headers: IncomingHttpHeaders
  body: string
}

function call(method: 'GET' | 'POST', path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : JSON.stringify(json)
    const req = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: base + path,
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.once('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.once('error', reject)
      },
    )
    req.once('error', reject)
    req.end(payload)
  })
}

/** The anonymous pre-auth handshake, once at start: the service's token is kept fresh in the background too. */
async function handshake(): Promise<Record<string, string>> {
  const reply = await call('GET', 'auth/request')
  const uid = String(reply.headers['x-dm-uid'] ?? '')
  const iv = randomBytes(16)
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(PREAUTH_KEY, 'utf8'), iv)
  const bearer = iv.toString('base64') + Buffer.concat([cipher.update(reply.body.trim(), 'utf8'), cipher.final()]).toString('base64')
  return { authorization: `Bearer ${bearer}`, 'x-dm-uid': uid, cookie: `DM_UID=${uid}` }
}

interface Row {
  pdNo: string
  strCd: string
  stck?: string
  stairNo?: string
  zoneNo?: string
}

const auth = await handshake()

async function nearby(stores: string[], products: string[]): Promise<unknown> {
  const stock = JSON.parse(
    (
      await call(
        'POST',
        'pd/pdh/selStrPkupStck',
        stores.flatMap((strCd) => products.map((pdNo) => ({ pdNo, strCd }))),
        auth,
      )
    ).body,
  ) as {
    data: Row[]
  }
  const inStock = new Map<string, Row[]>()
  for (const row of stock.data) {
    if (Number(row.stck) < 1) continue
    const rows = inStock.get(row.strCd)
    if (rows) rows.push(row)
    else inStock.set(row.strCd, [row])
  }
  const listed = stores.filter((code) => inStock.has(code)).slice(0, STORES_LISTED)
  const placed = await Promise.all(
    listed.slice(0, STORES_PLACED).flatMap((strCd) =>
      (inStock.get(strCd) ?? []).map(async ({ pdNo }) => {
        const reply = JSON.parse((await call('POST', 'pdo/selIntPdStDispInfo', { pdNo, strCd }, auth)).body) as { data: Row[] }
        return { pdNo, strCd, floor: reply.data[0]?.stairNo ?? null, zone: reply.data[0]?.zoneNo ?? null }
      }),
    ),
  )
  return { stores: listed.map((code) => ({ code, items: inStock.get(code) })), placed }
}

const server = createServer((req, res) => {
  const asked = new URL(req.url ?? '/', 'http://floor')
  const list = (name: string) => (asked.searchParams.get(name) ?? '').split(',').filter(Boolean)
  if (list('stores').length === 0) {
    res.end('{}') // asked whether it is up
    return
  }
  nearby(list('stores'), list('products')).then(
    (answer) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(answer))
    },
    (error: unknown) => {
      res.statusCode = 502
      res.end(JSON.stringify({ error: String(error) }))
    },
  )
})
server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () =>
  process.stderr.write(`floor listening on http://127.0.0.1:${process.env.FLOOR_PORT}\n`),
)
