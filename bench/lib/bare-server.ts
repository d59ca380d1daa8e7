// Scenario 3's yardstick: a bare Fastify app with one route answering the same JSON body the service
// answers for GET /api/branches/11199, without plugins, hooks, validation or logging. Started as a child
// process by the bench (PORT, BARE_BODY); prints "listening <url>" on stdout.

import Fastify from 'fastify'

const port = Number(process.env['PORT'] ?? '0')
const body = JSON.parse(process.env['BARE_BODY'] ?? '{"hello":"world"}') as unknown
const path = process.env['BARE_PATH'] ?? '/api/branches/11199'

const app = Fastify({ logger: false })
app.get(path, async () => body)
const address = await app.listen({ port, host: '127.0.0.1' })
process.stdout.write(`listening ${address}\n`)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
