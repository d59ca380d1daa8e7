import { ProtocolErrorCode, specTypeSchemas, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server'

type Validator = { '~standard': { validate(value: unknown): unknown } }
type Issues = { issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }> }

const REQUEST_SCHEMAS: Record<string, Validator> = {
  initialize: specTypeSchemas.InitializeRequest,
  ping: specTypeSchemas.PingRequest,
  'server/discover': specTypeSchemas.DiscoverRequest,
  'tools/list': specTypeSchemas.ListToolsRequest,
  'tools/call': specTypeSchemas.CallToolRequest,
  'prompts/list': specTypeSchemas.ListPromptsRequest,
  'prompts/get': specTypeSchemas.GetPromptRequest,
  'completion/complete': specTypeSchemas.CompleteRequest,
  'resources/list': specTypeSchemas.ListResourcesRequest,
  'resources/templates/list': specTypeSchemas.ListResourceTemplatesRequest,
  'resources/read': specTypeSchemas.ReadResourceRequest,
  'logging/setLevel': specTypeSchemas.SetLevelRequest,
}

/**
 * The error answer for a request whose params do not fit its method, or undefined. The SDK (2.4) turns
 * such a request into -32603 Internal error with a raw validation dump; the caller's mistake is -32602
 * Invalid params, in one readable sentence.
 */
export function invalidParamsAnswer(message: unknown): JSONRPCMessage | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined
  const { method, id } = message as { method?: unknown; id?: unknown }
  if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return undefined
  const schema = REQUEST_SCHEMAS[method]
  if (!schema) return undefined
  const result = schema['~standard'].validate(message) as Issues
  const issue = result.issues?.[0]
  if (!issue) return undefined
  const where = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(request)'
  return {
    jsonrpc: '2.0',
    id,
    error: { code: ProtocolErrorCode.InvalidParams, message: `Invalid params for ${method}: ${where}: ${issue.message}` },
  }
}

/**
 * The same screen on a connection transport (stdio): a request with invalid params is answered here
 * and never reaches the server. Wraps whatever `onmessage` the SDK installs, whenever it installs it.
 */
export function screenTransport<T extends Transport>(transport: T): T {
  let deliver: Transport['onmessage']
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (deliver ? screened : undefined),
    set: (handler: Transport['onmessage']) => {
      deliver = handler
    },
  })
  const screened: NonNullable<Transport['onmessage']> = (message, extra) => {
    const answer = invalidParamsAnswer(message)
    if (answer) {
      transport.send(answer).catch(() => {
        // The peer is gone; nothing left to answer.
      })
      return
    }
    deliver?.(message, extra)
  }
  return transport
}
