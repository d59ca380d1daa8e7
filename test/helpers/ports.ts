import { createServer } from 'node:net'

/**
 * A loopback port nothing listens on: the system picks a free one, it is bound and closed again. For a
 * server a test starts (Redis, nginx, the metrics router) or for a connection that must be refused.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
