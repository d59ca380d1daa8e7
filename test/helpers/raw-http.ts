import { connect } from 'node:net'

/** What came back on a raw socket: the bytes as text, split into status, headers and body. */
export interface RawAnswer {
  text: string
  status: number
  headers: Record<string, string>
  body: string
  /** The socket ended by reset (ECONNRESET) rather than a clean close. */
  reset: boolean
}

/**
 * Writes `chunks` to a raw TCP connection (each chunk in one write) and reads until the server closes
 * the connection or `idleMs` pass without a byte once the writes are flushed. For requests no HTTP client
 * will send as they are. The silence allowed is sized for a loaded machine (2 s was not: a server draining
 * a 2 MB body before its 413 stayed silent longer), so a test that wants an answer sends Connection: close.
 */
export function rawRequest(
  url: string,
  chunks: Array<string | Buffer>,
  { idleMs = 10_000, localAddress }: { idleMs?: number; localAddress?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), ...(localAddress ? { localAddress } : {}) })
    const received: Buffer[] = []
    let reset = false
    let timer: NodeJS.Timeout | undefined
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(received).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const head = split === -1 ? text : text.slice(0, split)
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ text, status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split === -1 ? '' : text.slice(split + 4), reset })
    }
    const idle = () => {
      clearTimeout(timer)
      timer = setTimeout(done, idleMs)
    }
    socket.on('connect', () => {
      chunks.forEach((chunk, i) => socket.write(chunk, i === chunks.length - 1 ? () => idle() : undefined))
      if (chunks.length === 0) idle()
    })
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      idle()
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true
      done()
    })
    socket.on('close', done)
  })
}
