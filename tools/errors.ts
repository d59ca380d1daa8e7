import type { CallToolResult } from '@modelcontextprotocol/server'
import { type ErrorBody, type ServiceError } from '../src/errors.js'
import type { Vocabulary } from '../src/vocabulary.js'

/** The REST Error body as a tool sees it: the same renderer, in MCP's words; `documentation` only when the door knows a public URL. */
export type ToolErrorBody = ErrorBody

export function toolErrorBody(error: ServiceError, vocabulary: Vocabulary, documentation?: string): ToolErrorBody {
  return error.toBody(vocabulary, documentation)
}

/**
 * A tool failure as a result, never as a protocol error: `isError: true` and one text block holding
 * the same JSON as the REST Error body, so a model can branch on `code` and follow `hint`. No
 * structuredContent, since it would have to match the tool's (success) output schema.
 */
export function toolError(error: ServiceError, vocabulary: Vocabulary, documentation?: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(toolErrorBody(error, vocabulary, documentation)) }],
  }
}
