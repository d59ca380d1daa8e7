import type { ToolAnnotations } from '@modelcontextprotocol/server'
import type { z } from 'zod'
import type { ScanProgress } from '../src/schemas.js'
import type { StoreService } from '../src/service.js'
import type { BoundInput } from '../src/inputs.js'

/**
 * `untrustedContentHint` (store names, addresses and product names come from the chain's web service,
 * so a host should treat them as data, not instructions) is newer than the SDK's ToolAnnotations type.
 * The SDK passes annotations through to tools/list unchanged, so the extra key reaches clients.
 */
export type Annotations = ToolAnnotations & { untrustedContentHint: boolean }

/**
 * Every tool only reads public data from the chain's web service. `destructiveHint` and
 * `idempotentHint` mean something only when `readOnlyHint` is false (MCP specification), so they are
 * not sent: tools/list goes to every connection.
 */
export const READ_ONLY: Omit<Annotations, 'title'> = {
  readOnlyHint: true,
  openWorldHint: true,
  untrustedContentHint: true,
}

export interface ToolContext {
  /** Aborted when the caller cancels (notifications/cancelled) or the connection closes. */
  signal: AbortSignal
  /** Present only when the caller sent a progress token. */
  onProgress?: ((progress: ScanProgress) => void) | undefined
}

/**
 * One MCP tool: everything a host sees (name, title, description, schemas, annotations) and the
 * handler, which calls the same domain service as the REST routes.
 */
export interface ToolDefinition<I = unknown, O extends z.ZodObject = z.ZodObject> {
  name: string
  title: string
  description: string
  /** The operation's input bound to MCP names (src/operations.ts): advertised in tools/list, and the arguments' parser. */
  input: BoundInput<I>
  /** structuredContent is validated against it before it is returned. */
  outputSchema: O
  annotations: Annotations
  /** Tool `_meta` as tools/list sends it; `ui.resourceUri` links the MCP Apps view (tools/app/meta.ts). */
  _meta?: Record<string, unknown> | undefined
  run(service: StoreService, input: I, context: ToolContext): Promise<z.output<O>>
  /**
   * The text block for clients with structuredContent (2025-06-18 and later): every fact of the answer
   * once, for a reader, not a copy of the JSON (tools/render.ts).
   */
  render(output: z.output<O>): string
}

/** Keeps the input and output types of one tool tied together. */
export function defineTool<I, O extends z.ZodObject>(tool: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return tool
}
