// The simulator's HTTP plumbing: the Reply it builds, Spring-style error bodies and envelopes, body reading, sending.

import { STATUS_CODES } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'

const MAX_BODY_BYTES = 1_048_576 // 1 MiB, far above any real request

export interface Reply {
  status: number
  headers: Record<string, string>
  /** Structured JSON body; shaping faults edit it before it is serialised. */
  json?: unknown
  text?: string
  contentType?: string
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Spring Boot writes error timestamps as ISO-8601 with an explicit offset. */
export const springTimestamp = (): string => new Date().toISOString().replace('Z', '+00:00')

export const springError = (status: number, path: string): Reply => ({
  status,
  headers: {},
  json: { timestamp: springTimestamp(), status, error: STATUS_CODES[status] ?? 'Error', path },
})

export const UNAUTHORIZED_BODY = { success: false, message: 'Unauthorized' }

export function envelope(data: unknown, message: string | null = null, returnCode: string | null = null): Record<string, unknown> {
  return { message, data, extraData: {}, extraString: null, returnCode, success: true }
}

export const ok = (json: unknown): Reply => ({ status: 200, headers: {}, json })

/** The reply with its JSON body written out, so that answering it later is only the write. */
export function serialised(reply: Reply): Reply {
  if (reply.text !== undefined || reply.json === undefined) return reply
  return {
    status: reply.status,
    headers: reply.headers,
    text: JSON.stringify(reply.json),
    contentType: reply.contentType ?? 'application/json',
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return
  let body: string
  let contentType: string
  if (reply.text !== undefined) {
    body = reply.text
    contentType = reply.contentType ?? 'text/plain;charset=UTF-8'
  } else {
    body = reply.json === undefined ? '' : JSON.stringify(reply.json)
    contentType = reply.contentType ?? 'application/json'
  }
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
  })
  res.end(body)
}

export function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge }))
    req.on('error', () => resolve(null))
    req.on('aborted', () => resolve(null))
  })
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}
