// The server's logger: pino, as Fastify uses, with two faces. JSON lines for collectors (journald, Docker,
// Loki) and readable coloured lines (pino-pretty) for a person at a terminal; LOG_FORMAT=auto picks by
// whether stdout is a terminal. Written synchronously in both: a shutdown line must reach the log before
// the process exits.

import { pino, type Logger } from 'pino'
import pretty from 'pino-pretty'
import type { Config } from '../src/config.js'

/** Log lines never carry the pre-auth token or bearer (they only appear on upstream requests, but be sure). */
export const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-dm-uid"]']

export function wantsPretty(format: Config['logFormat'], stream: { isTTY?: boolean } = process.stdout): boolean {
  return format === 'pretty' || (format === 'auto' && stream.isTTY === true)
}

/** The server's logger; `destination` for tests (default stdout). */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, destination: NodeJS.WritableStream = process.stdout): Logger {
  const options = { level: config.logLevel, redact: REDACT }
  if (wantsPretty(config.logFormat, destination as { isTTY?: boolean })) {
    return pino(
      options,
      pretty({
        destination,
        sync: true,
        colorize: (destination as { isTTY?: boolean }).isTTY === true,
        ignore: 'pid,hostname',
        translateTime: 'SYS:HH:MM:ss.l',
      }),
    )
  }
  return destination === process.stdout ? pino(options, pino.destination({ fd: 1, sync: true })) : pino(options, destination)
}
