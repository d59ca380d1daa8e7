import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  SetLevelRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js'
import { ServiceError } from '../src/errors.js'
import { toolErrorBody } from './errors.js'

const REQUEST_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
}

/**
 * Answers requests the SDK would turn into an internal error (-32603 with a raw validation dump):
 * bad params get -32602 with one readable sentence, and a call to a tool that does not exist gets
 * an isError result in the tools' own vocabulary. Applied to the transport after the server is
 * connected, so the HTTP and stdio doors both have it.
 */
export function screenRequests(transport: Transport, toolNames: readonly string[], documentation?: string): void {
  const deliver = transport.onmessage
  if (!deliver) throw new Error('screenRequests: connect the server to the transport first')
  transport.onmessage = (message, extra) => {
    const answer = screen(message, toolNames, documentation)
    if (answer) {
      transport.send(answer).catch(() => {
        // The peer is gone; nothing left to answer.
      })
      return
    }
    deliver(message, extra)
  }
}

function screen(message: JSONRPCMessage, toolNames: readonly string[], documentation?: string): JSONRPCMessage | undefined {
  if (!('method' in message) || !('id' in message)) return undefined
  const schema = REQUEST_SCHEMAS[message.method]
  if (!schema) return undefined
  const parsed = schema.safeParse(message)
  if (!parsed.success) {
    const issue = parsed.error?.issues[0]
    const where = issue ? issue.path.map(String).join('.') || '(request)' : '(request)'
    return {
      jsonrpc: '2.0',
      id: message.id,
      error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}: ${where}: ${issue?.message ?? 'invalid'}` },
    }
  }
  if (message.method === 'tools/call') {
    const name = (message.params as { name: string }).name
    if (!toolNames.includes(name)) {
      const error = new ServiceError('invalid_parameter', {
        message: `There is no tool named '${name}'.`,
        hint: `Call tools/list; the tools are ${toolNames.join(', ')}.`,
      })
      return {
        jsonrpc: '2.0',
        id: message.id,
        result: { isError: true, content: [{ type: 'text', text: JSON.stringify(toolErrorBody(error, documentation)) }] },
      }
    }
  }
  return undefined
}
