import type { CallToolResult } from '@modelcontextprotocol/server'
import { ServiceError, type ErrorBody } from '../src/errors.js'
import type { Vocabulary } from '../src/vocabulary.js'

/** The REST Error body as a tool sees it: the same renderer, in MCP's words; `documentation` only when the door knows a public URL. */
export type ToolErrorBody = ErrorBody

export function toolErrorBody(error: ServiceError, vocabulary: Vocabulary, documentation?: string): ToolErrorBody {
  return error.toBody(vocabulary, documentation)
}

/**
 * A tool failure as a result, never as a protocol error: `isError: true` and one text block holding
 * the same JSON as the REST Error body, so a model can branch on `code` and follow `hint`. No
 * structuredContent, since hosts may hold it to the tool's (success) output schema; a throttled call
 * (below) is the one exception, as its wait is a number an agent acts on.
 */
export function toolError(error: ServiceError, vocabulary: Vocabulary, documentation?: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(toolErrorBody(error, vocabulary, documentation)) }],
  }
}

/**
 * A tools/call refused by the per-client rate limit, as a tool result the model reads (an HTTP 429 would
 * reach it only as a transport failure). Unlike other tool errors it has structuredContent: the error
 * body and `retryAfterSeconds` as a number, so an agent can wait without parsing the text (clients do not
 * check an error's structuredContent against the tool's output schema); the text mirrors it.
 */
export function throttledToolError(
  retryAfterSeconds: number,
  perMinute: number,
  vocabulary: Vocabulary,
  documentation?: string,
): CallToolResult & { structuredContent: ToolErrorBody & { retryAfterSeconds: number } } {
  const error = new ServiceError('rate_limited', {
    message: `More than ${perMinute} tool calls in a minute from this client; retry in ${retryAfterSeconds} s.`,
    hint: `Wait ${retryAfterSeconds} s before the next tool call (retryAfterSeconds), then go on; listing tools and prompts is not limited.`,
    retryAfterSeconds,
  })
  const structuredContent = { ...toolErrorBody(error, vocabulary, documentation), retryAfterSeconds }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent }
}
