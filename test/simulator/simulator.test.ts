// The simulator speaks the upstream wire protocol (docs/upstream-protocol.md §2, §4): envelopes, JSON types as
// sent, store search semantics, catalogue search, the pre-auth handshake and the protected endpoints.
import t from 'tap'
import { createCipheriv, randomBytes } from 'node:crypto'
import { decryptBearer, startSimulator, SIMULATOR_PREAUTH_KEY } from '../../simulator/server.js'
import type { Simulator } from '../../simulator/server.js'

const UA = 'Mozilla/5.0 (simulator test) Chrome/120.0'

const sim: Simulator = await startSimulator({ port: 0 })
t.teardown(() => sim.close())
t.afterEach(() => sim.reset())

type Json = Record<string, unknown>

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(sim.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': UA, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await post(path, body, headers)
  return (await res.json()) as Json
}

const rowsOf = (body: Json): Json[] => body['data'] as Json[]

function bearerFor(token: string, key: string = SIMULATOR_PREAUTH_KEY): string {
  const iv = randomBytes(16)
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv)
  return iv.toString('base64') + Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64')
}

/**
 * A bearer sealed with another key whose padding the simulator's key refuses. With a random IV about one in
 * 256 such bearers decrypt with valid padding into garbage, which is then refused as a bad signature instead.
 */
function wrongKeyBearer(token: string): string {
  for (;;) {
    const bearer = bearerFor(token, 'WRONG_KEY_123456')
    if (decryptBearer(bearer) === null) return bearer
  }
}

async function handshake(target: Simulator = sim, userAgent = UA): Promise<{ token: string; uid: string; raw: string }> {
  const res = await fetch(target.url + '/auth/request', { headers: { 'user-agent': userAgent } })
  const raw = await res.text()
  return { token: raw.trim(), uid: res.headers.get('x-dm-uid') ?? '', raw }
}

async function authHeaders(target: Simulator = sim, userAgent = UA): Promise<Record<string, string>> {
  const { token, uid } = await handshake(target, userAgent)
  return { authorization: `Bearer ${bearerFor(token)}`, 'x-dm-uid': uid, 'user-agent': userAgent }
}

const STORE_STRING_FIELDS = ['strCd', 'strNm', 'strZip', 'strAddr', 'strTno', 'opngTime', 'clsngTime', 'km']
const STORE_NUMBER_FIELDS = ['totalCnt', 'dataAllTotal', 'currentPageCnt', 'rnum', 'strLitd', 'strLttd']
const STORE_NULL_FIELDS = [
  'rgpsId',
  'regDttm',
  'mdpsId',
  'modDttm',
  'status',
  'frRgerId',
  'frRgDtm',
  'lsUpdrId',
  'lsUpdtDtm',
  'brchChgrCrryTno',
  'hldyDt',
]
const STORE_FLAGS = [
  'parkYn',
  'nmtkYn',
  'phcYn',
  'usimYn',
  'ovrseaUsimYn',
  'hbrdUsimYn',
  'phstkYn',
  'pkupYn',
  'bassPkupStrYn',
  'pntAcmYn',
  'pntUseYn',
  'elecRctwYn',
  'useYn',
  'directYn',
  'nocashYn',
  'sccardYn',
  'sccashYn',
  'elvtYn',
  'entrRampYn',
  'taxfYn',
  'hflpYn',
]

t.test('selStr answers the full envelope and MsStrVO rows with the types as sent', async (t) => {
  const body = await postJson('/ms/msg/selStr', { inclusiveStrCd: '10224' })
  t.same(Object.keys(body), ['message', 'data', 'extraData', 'extraString', 'returnCode', 'success'])
  t.equal(body['message'], null)
  t.same(body['extraData'], {})
  t.equal(body['extraString'], null)
  t.equal(body['returnCode'], null)
  t.equal(body['success'], true)
  const [row] = rowsOf(body)
  if (row === undefined) throw new Error('no row')
  for (const key of STORE_STRING_FIELDS) t.type(row[key], 'string', key)
  for (const key of STORE_NUMBER_FIELDS) t.type(row[key], 'number', key)
  for (const key of STORE_NULL_FIELDS) t.equal(row[key], null, key)
  for (const key of STORE_FLAGS) t.match(row[key], /^[YN]$/, key)
  t.equal(row['strDtlAddr'], null)
  t.match(row, {
    strCd: '10224',
    strNm: '강남역2호점',
    strZip: '06134',
    strAddr: '서울특별시 강남구 테헤란로 109 (역삼동)',
    strTno: '1522-4400',
    opngTime: '10:00',
    clsngTime: '22:00',
    strLttd: 37.4988240219594,
    strLitd: 127.028991200366,
    pkupYn: 'Y',
    parkYn: 'N',
    taxfYn: 'Y',
    totalCnt: 1,
    dataAllTotal: 0,
    currentPageCnt: 1,
    rnum: 1,
  })
})

t.test('without coordinates km is measured from (0,0), as the recorded "13181.1" shows', async (t) => {
  const [row] = rowsOf(await postJson('/ms/msg/selStr', { inclusiveStrCd: '10224' }))
  t.equal(row?.['km'], '13181.1')
})

t.test('with coordinates stores come nearest first with a one-decimal km string', async (t) => {
  const rows = rowsOf(
    await postJson('/ms/msg/selStr', {
      keyword: '',
      curLttd: 37.5665,
      curLitd: 126.978,
      currentPage: 1,
      pageSize: 20,
      geolocationAgrYn: 'Y',
    }),
  )
  t.equal(rows.length, 20)
  t.equal(rows[0]?.['strCd'], '10856')
  t.equal(rows[0]?.['km'], '0.2')
  const km = rows.map((r) => r['km'] as string)
  for (const k of km) t.match(k, /^\d+\.\d$/)
  const numeric = km.map(Number)
  t.same(
    numeric,
    [...numeric].sort((a, b) => a - b),
    'ascending distance',
  )
  t.same(
    rows.map((r) => r['rnum']),
    Array.from({ length: 20 }, (_, i) => i + 1),
  )
})

t.test('paging carries totalCnt, currentPageCnt and rnum, and past the end is an empty success', async (t) => {
  const total = sim.data.stores.length
  const page2 = rowsOf(await postJson('/ms/msg/selStr', { keyword: '', currentPage: 2, pageSize: 10 }))
  t.equal(page2.length, 10)
  t.same(
    page2.map((r) => r['rnum']),
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  )
  t.ok(page2.every((r) => r['totalCnt'] === total && r['currentPageCnt'] === 10))

  const lastPage = Math.ceil(total / 100)
  const last = rowsOf(await postJson('/ms/msg/selStr', { keyword: '', currentPage: lastPage, pageSize: 100 }))
  t.equal(last.length, total - (lastPage - 1) * 100)
  t.equal(last[0]?.['currentPageCnt'], last.length)

  const past = await postJson('/ms/msg/selStr', { keyword: '', currentPage: lastPage + 1, pageSize: 100 })
  t.equal(past['success'], true)
  t.same(past['data'], [])
})

t.test('pageSize defaults to 10 when omitted and large values are honoured', async (t) => {
  t.equal(rowsOf(await postJson('/ms/msg/selStr', { keyword: '', curLttd: 37.5665, curLitd: 126.978 })).length, 10)
  t.equal(rowsOf(await postJson('/ms/msg/selStr', { keyword: '', pageSize: 100 })).length, 100)
  t.equal(rowsOf(await postJson('/ms/msg/selStr', { keyword: '', pageSize: '50', currentPage: '1' })).length, 50, 'numeric strings coerced')
})

t.test('keyword matches name or address as a substring, without whitespace normalisation', async (t) => {
  const rows = rowsOf(await postJson('/ms/msg/selStr', { keyword: '강남', pageSize: 100 }))
  t.ok(rows.length >= 5, `${rows.length} stores match 강남`)
  t.ok(rows.every((r) => String(r['strNm']).includes('강남') || String(r['strAddr']).includes('강남')))
  t.ok(rows.some((r) => r['strCd'] === '11199'))
  const exact = rowsOf(await postJson('/ms/msg/selStr', { keyword: '강남역2호점' }))
  t.same(
    exact.map((r) => r['strCd']),
    ['10224'],
  )
  t.same(rowsOf(await postJson('/ms/msg/selStr', { keyword: '강남역 2호점' })), [])
})

t.test('inclusiveStrCd looks up one store and an unknown code gives empty data', async (t) => {
  const found = rowsOf(await postJson('/ms/msg/selStr', { inclusiveStrCd: '11199' }))
  t.same(
    found.map((r) => [r['strCd'], r['strNm'], r['strAddr']]),
    [['11199', '강남역점', '서울특별시 강남구 강남대로 422 (역삼동)']],
  )
  const unknown = await postJson('/ms/msg/selStr', { inclusiveStrCd: '99999' })
  t.equal(unknown['success'], true)
  t.same(unknown['data'], [])
})

t.test('pkupYn "Y" keeps pickup stores only', async (t) => {
  const rows = rowsOf(await postJson('/ms/msg/selStr', { keyword: '강남', pkupYn: 'Y', pageSize: 100 }))
  t.ok(rows.length > 0)
  t.ok(rows.every((r) => r['pkupYn'] === 'Y'))
  t.notOk(
    rows.some((r) => r['strCd'] === '10600'),
    '역삼점 is not a pickup store',
  )
})

t.test('every path is also served under /api', async (t) => {
  const direct = await postJson('/ms/msg/selStr', { inclusiveStrCd: '10528' })
  const viaApi = await postJson('/api/ms/msg/selStr', { inclusiveStrCd: '10528' })
  t.same(viaApi, direct)
  const res = await fetch(sim.url + '/api/auth/request', { headers: { 'user-agent': UA } })
  t.equal(res.status, 200)
  t.ok(res.headers.get('x-dm-uid'))
  await res.text()
})

t.test('bad request bodies get a Spring-style 400', async (t) => {
  for (const body of ['{not json', '', '[1,2]', JSON.stringify({ currentPage: 'abc' })]) {
    const res = await post('/ms/msg/selStr', body)
    t.equal(res.status, 400, JSON.stringify(body))
    t.match(res.headers.get('content-type'), /application\/json/)
    const json = (await res.json()) as Json
    t.match(json, { status: 400, error: 'Bad Request', path: '/ms/msg/selStr' })
    t.match(json['timestamp'], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  }
  const thumb = await post('/pdo/pdThumbSelSimple', 'nope')
  t.equal(thumb.status, 400)
  await thumb.text()
})

t.test('pdThumbSelSimple rows carry the catalogue fields with prices as strings', async (t) => {
  const body = await postJson('/pdo/pdThumbSelSimple', { searchText: '건전지', currentPage: 1, pageSize: 5 })
  t.equal(body['success'], true)
  const rows = rowsOf(body)
  t.equal(rows.length, 5)
  const total = sim.data.searchProducts('건전지').length
  for (const row of rows) {
    t.same(Object.keys(row), [
      'pdNo',
      'pdNm',
      'exhPdNm',
      'pdPrc',
      'atchFileUrl',
      'totalCnt',
      'currentPageCnt',
      'onlyPkupYn',
      'newPdYn',
      'pkupOrPsblYn',
      'optPdYn',
      'sleStsCd',
      'onlSclCd',
      'brndNm',
    ])
    t.match(row['pdNo'], /^\d{7}$/)
    t.match(row['pdPrc'], /^\d+$/)
    t.equal(row['totalCnt'], total)
    t.equal(row['currentPageCnt'], 5)
    t.equal(row['sleStsCd'], '03')
    t.ok(String(row['pdNm']).includes('건전지') || String(row['exhPdNm']).includes('건전지'))
  }
})

t.test('a real product appears exactly as recorded', async (t) => {
  const rows = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '팬트리수납함', currentPage: 1, pageSize: 10 }))
  t.match(
    rows.find((r) => r['pdNo'] === '1047618'),
    {
      pdNm: '심플 팬트리수납함(약14*21*15 cm)',
      pdPrc: '2000',
      atchFileUrl: '/file/PD/20260119/eA4jhxzclhkWBLdfXdne1047618_00_00eA4jhxzclhkWBLdfXdne.jpg',
      pkupOrPsblYn: 'Y',
    },
  )
  const [byNo] = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '1049275', currentPage: 1, pageSize: 10 }))
  t.match(byNo, { pdNo: '1049275', pdNm: 'VT 리들샷 100 페이셜 부스팅 퍼스트 앰플 2ml*6개입', pdPrc: '3000', brndNm: 'VT>00044>VT' })
  const [option] = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '1075311' }))
  t.match(option, { pdNm: 'VT 리들샷에센스립플럼퍼(03소프트핑크)', exhPdNm: '[03 소프트핑크]VT 리들샷 에센스 립플럼퍼', optPdYn: 'Y' })
})

t.test('pdThumbSelSimple pages default to 10, are capped at 100 and end with an empty page', async (t) => {
  const total = sim.data.searchProducts('수납').length
  t.equal(rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '수납' })).length, 10)
  const big = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '수납', currentPage: 1, pageSize: 500 }))
  t.equal(big.length, Math.min(100, total))
  const lastPage = Math.ceil(total / 10)
  const last = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '수납', currentPage: lastPage, pageSize: 10 }))
  t.equal(last.length, total - (lastPage - 1) * 10)
  t.same(rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '수납', currentPage: lastPage + 1, pageSize: 10 })), [])
  t.same(rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: '존재하지않는상품명', currentPage: 1, pageSize: 10 })), [])
})

t.test('names with HTML entities are sent raw', async (t) => {
  const product = sim.data.products.find((p) => p.name.includes('&'))
  if (product === undefined) throw new Error('no entity-bearing product')
  const rows = rowsOf(await postJson('/pdo/pdThumbSelSimple', { searchText: product.pdNo }))
  t.equal(rows[0]?.['pdNm'], product.name)
  t.match(product.name, /&(amp|quot|#39);/)
})

t.test('auth/request hands out a JWT-looking token bound to a uid', async (t) => {
  const tokens = await Promise.all([handshake(), handshake(), handshake()])
  for (const { token, uid } of tokens) {
    const parts = token.split('.')
    t.equal(parts.length, 3)
    for (const part of parts) t.match(part, /^[A-Za-z0-9_-]+$/)
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Json
    t.equal(claims['uid'], uid)
    t.type(claims['iat'], 'number')
    t.type(claims['exp'], 'number')
    t.type(claims['uah'], 'string')
  }
  t.ok(
    tokens.some((x) => x.raw.endsWith('\n')),
    'some tokens carry a trailing newline',
  )
  t.equal(new Set(tokens.map((x) => x.uid)).size, 3)
  t.equal(sim.issuedTokens(), 3)
  const res = await fetch(sim.url + '/auth/request')
  t.match(res.headers.get('content-type'), /^text\/plain/)
  await res.text()
})

t.test('selStrPkupStck with a valid bearer returns string rows matching the data set', async (t) => {
  const product = sim.data.products[42]
  if (product === undefined) throw new Error('no product')
  const pairs = [
    { pdNo: '1049275', strCd: '10224' },
    { pdNo: product.pdNo, strCd: '11199' },
    { pdNo: '9999999', strCd: '11199' },
    { pdNo: '1049275', strCd: '99999' },
  ]
  const res = await post('/pd/pdh/selStrPkupStck', pairs, await authHeaders())
  t.equal(res.status, 200)
  const body = (await res.json()) as Json
  t.match(body, { message: 'success', returnCode: 'success', success: true })
  t.same(
    rowsOf(body),
    [
      { pdNo: '1049275', strCd: '10224', sleStsCd: '1', stck: '3' },
      { pdNo: product.pdNo, strCd: '11199', sleStsCd: '1', stck: String(sim.data.stockOf('11199', product.pdNo)) },
    ],
    'unknown product and unknown store are omitted',
  )
})

t.test('the Cookie DM_UID header is optional and the token works via /api too', async (t) => {
  const headers = await authHeaders()
  const res = await post('/api/pd/pdh/selStrPkupStck', [{ pdNo: '1019373', strCd: '11199' }], {
    ...headers,
    cookie: `DM_UID=${headers['x-dm-uid'] ?? ''}`,
  })
  t.equal(res.status, 200)
  t.same(rowsOf((await res.json()) as Json), [{ pdNo: '1019373', strCd: '11199', sleStsCd: '1', stck: '12' }])
})

t.test('selStrPkupStck rejects a body that is not an array with a 400', async (t) => {
  const headers = await authHeaders()
  const res = await post('/pd/pdh/selStrPkupStck', { pdNo: '1049275', strCd: '10224' }, headers)
  t.equal(res.status, 400)
  t.match(await res.json(), { status: 400, error: 'Bad Request' })
  const junk = await post('/pd/pdh/selStrPkupStck', '[{"pdNo":', headers)
  t.equal(junk.status, 400)
  await junk.text()
})

t.test('selIntPdStDispInfo returns floor and zone strings, or empty data without a placement', async (t) => {
  const headers = await authHeaders()
  const body = await postJson('/pdo/selIntPdStDispInfo', { pdNo: '1049275', strCd: '10224' }, headers)
  t.match(body, { success: true })
  t.same(rowsOf(body), [{ zoneNo: '60', stairNo: '2', storeErp: '04224' }])

  const unknown = await postJson('/pdo/selIntPdStDispInfo', { pdNo: '9999999', strCd: '10224' }, headers)
  t.same(unknown['data'], [])
  t.equal(unknown['success'], true)

  const store = sim.data.stores.find((s) => s.floors.includes(-1) && s.floors.length > 1)
  if (store === undefined) throw new Error('no store with a basement')
  const basement = sim.data.products.find((p) => sim.data.placementOf(store.code, p.pdNo)?.stairNo === -1)
  if (basement === undefined) throw new Error('no basement placement')
  const [row] = rowsOf(await postJson('/pdo/selIntPdStDispInfo', { pdNo: basement.pdNo, strCd: store.code }, headers))
  t.equal(row?.['stairNo'], '-1')
  t.equal(row?.['zoneNo'], String(sim.data.placementOf(store.code, basement.pdNo)?.zoneNo))

  const missing = sim.data.products.find((p) => sim.data.stockOf('10224', p.pdNo) > 0 && sim.data.placementOf('10224', p.pdNo) === null)
  if (missing === undefined) throw new Error('no in-stock pair without placement')
  t.same(rowsOf(await postJson('/pdo/selIntPdStDispInfo', { pdNo: missing.pdNo, strCd: '10224' }, headers)), [])
  const arrayBody = await post('/pdo/selIntPdStDispInfo', [{ pdNo: '1049275', strCd: '10224' }], headers)
  t.equal(arrayBody.status, 400)
  await arrayBody.text()
})

t.test('protected endpoints answer 401 Unauthorized for every kind of bad pre-auth', async (t) => {
  const good = await handshake()
  const cases: Array<[string, Record<string, string>, string]> = [
    ['no bearer', { 'x-dm-uid': good.uid }, 'missing-bearer'],
    ['garbage bearer', { authorization: 'Bearer abc', 'x-dm-uid': good.uid }, 'bad-bearer'],
    ['wrong key', { authorization: `Bearer ${wrongKeyBearer(good.token)}`, 'x-dm-uid': good.uid }, 'bad-bearer'],
    ['forged token', { authorization: `Bearer ${bearerFor(good.token.slice(0, -4) + 'AAAA')}`, 'x-dm-uid': good.uid }, 'bad-signature'],
    ['no uid', { authorization: `Bearer ${bearerFor(good.token)}` }, 'missing-uid'],
    ['wrong uid', { authorization: `Bearer ${bearerFor(good.token)}`, 'x-dm-uid': 'someone-else' }, 'uid-mismatch'],
    [
      'other User-Agent',
      { authorization: `Bearer ${bearerFor(good.token)}`, 'x-dm-uid': good.uid, 'user-agent': 'curl/8.0' },
      'user-agent-mismatch',
    ],
  ]
  for (const [name, headers, reason] of cases) {
    for (const path of ['/pd/pdh/selStrPkupStck', '/pdo/selIntPdStDispInfo']) {
      sim.resetStats()
      const body = path.endsWith('Stck') ? [{ pdNo: '1049275', strCd: '10224' }] : { pdNo: '1049275', strCd: '10224' }
      const res = await post(path, body, headers)
      t.equal(res.status, 401, `${name} on ${path}`)
      t.same(await res.json(), { success: false, message: 'Unauthorized' })
      t.equal(sim.stats().requests[0]?.authFailure, reason, name)
    }
  }
  const unauthenticatedJunk = await post('/pd/pdh/selStrPkupStck', 'not json')
  t.equal(unauthenticatedJunk.status, 401, 'auth is checked before the body')
  await unauthenticatedJunk.text()
})

t.test('an expired token is refused', async (t) => {
  const shortLived = await startSimulator({ port: 0, tokenTtlMs: 1 })
  t.teardown(() => shortLived.close())
  const headers = await authHeaders(shortLived)
  await new Promise((resolve) => setTimeout(resolve, 20))
  const res = await fetch(shortLived.url + '/pd/pdh/selStrPkupStck', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify([{ pdNo: '1049275', strCd: '10224' }]),
  })
  t.equal(res.status, 401)
  t.same(await res.json(), { success: false, message: 'Unauthorized' })
  t.equal(shortLived.stats().requests.at(-1)?.authFailure, 'expired')
})

t.test('a custom preauthKey replaces the storefront constant', async (t) => {
  const custom = await startSimulator({ port: 0, preauthKey: '0123456789abcdef' })
  t.teardown(() => custom.close())
  const { token, uid } = await handshake(custom)
  const call = (key: string): Promise<Response> =>
    fetch(custom.url + '/pdo/selIntPdStDispInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA, 'x-dm-uid': uid, authorization: `Bearer ${bearerFor(token, key)}` },
      body: JSON.stringify({ pdNo: '1049275', strCd: '10224' }),
    })
  const accepted = await call('0123456789abcdef')
  t.equal(accepted.status, 200)
  await accepted.text()
  const refused = await call(SIMULATOR_PREAUTH_KEY)
  t.equal(refused.status, 401)
  await refused.text()
  await t.rejects(startSimulator({ port: 0, preauthKey: 'short' }), /16 bytes/)
})

t.test('the legacy unauthenticated stock and placement endpoints fail with 500 for any body', async (t) => {
  for (const path of ['/pdo/selOfflStrStck', '/pdo/selPdStDispInfo', '/api/pdo/selOfflStrStck']) {
    for (const body of ['[{"pdNo":"1049275","strCd":"10224"}]', '{"pdNo":"1049275","strCd":"10224"}', 'garbage', '']) {
      const res = await post(path, body)
      t.equal(res.status, 500, `${path} ${body}`)
      t.match(await res.json(), { status: 500, error: 'Internal Server Error', path: path.replace(/^\/api/, '') })
    }
  }
})

t.test('unknown paths get an HTML 404 and wrong methods a Spring 405', async (t) => {
  const spa = await fetch(sim.url + '/ms/msg/selStrInfo')
  t.equal(spa.status, 404)
  t.match(spa.headers.get('content-type'), /^text\/html/)
  t.match(await spa.text(), /<div id="app">/)
  const whitelabel = await fetch(sim.url + '/api/v3/api-docs')
  t.equal(whitelabel.status, 404)
  t.match(await whitelabel.text(), /Whitelabel Error Page/)
  const wrong = await fetch(sim.url + '/api/ms/msg/selStr')
  t.equal(wrong.status, 405)
  t.equal(wrong.headers.get('allow'), 'POST')
  t.match(await wrong.json(), { status: 405, error: 'Method Not Allowed', path: '/ms/msg/selStr' })
  const wrongAuth = await post('/auth/request', {})
  t.equal(wrongAuth.status, 405)
  t.equal(wrongAuth.headers.get('allow'), 'GET')
  await wrongAuth.text()
  t.equal(sim.stats().total, 0, 'none of these count as upstream calls')
})

t.test('stats count the most arrivals in any second since the last reset', async (t) => {
  t.equal(sim.stats().peakPerSecond, 0)
  const started = performance.now()
  await Promise.all([1, 2, 3].map(() => post('/ms/msg/selStr', { keyword: '강남', pageSize: 1 })))
  const peak = sim.stats().peakPerSecond
  // All three arrived between `started` and now: within a second of each other when that span is shorter.
  if (performance.now() - started < 1_000) t.equal(peak, 3)
  else t.ok(peak >= 1 && peak <= 3, `between 1 and 3 (${peak})`)
  sim.resetStats()
  t.equal(sim.stats().peakPerSecond, 0, 'reset with the other counters')
})
