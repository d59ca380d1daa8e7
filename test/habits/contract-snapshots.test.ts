// The derived contracts, committed: tools/list and /openapi.json are computed from src/operations.ts, the
// schemas, the vocabularies and each door's binding, so one word changed anywhere ripples into both.
// Here that ripple is a reviewed diff of tap-snapshots/. After a deliberate change: `npm run snapshots`.

import t from 'tap'
import { advertisedTools } from '../../tools/advertise.js'
import { buildTestApp } from '../helpers/app.js'

t.test('tools/list as clients receive it', async (t) => {
  t.matchSnapshot(JSON.stringify(advertisedTools(), null, 2), 'tools/list')
})

t.test('/openapi.json for one base URL', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'api.test' } })
  t.equal(res.statusCode, 200)
  t.matchSnapshot(JSON.stringify(res.json(), null, 2), 'openapi.json')
})
