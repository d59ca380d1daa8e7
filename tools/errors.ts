import type { CallToolResult } from '@modelcontextprotocol/server'
import { ServiceError, toServiceError, type OperationFamily } from '../src/errors.js'

/** The REST Error body as a tool sees it; `documentation` only when the door knows a public URL. */
export interface ToolErrorBody {
  error: string
  code: ServiceError['code']
  message: string
  hint: string
  status: number
  documentation?: string
  detail?: string
}

export function toolErrorBody(error: ServiceError, documentation?: string): ToolErrorBody {
  const body: ToolErrorBody = {
    error: error.messageKo,
    code: error.code,
    message: error.message,
    hint: error.hint,
    status: error.status,
  }
  if (documentation !== undefined) body.documentation = documentation
  if (error.detail !== undefined) body.detail = error.detail
  return body
}

/**
 * A tool failure as a result, never as a protocol error: `isError: true` and one text block holding
 * the same JSON as the REST Error body, so a model can branch on `code` and follow `hint`. No
 * structuredContent, since it would have to match the tool's (success) output schema.
 */
export function toolError(error: unknown, family: OperationFamily, documentation?: string, hint?: string): CallToolResult {
  const serviceError = toServiceError(error, family)
  const body = toolErrorBody(serviceError, documentation)
  if (hint !== undefined) body.hint = hint
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(body) }],
  }
}
