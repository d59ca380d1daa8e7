import type { z } from 'zod'
import { invalidParameter } from '../src/errors.js'
import { INTEGER_TEXT, NUMBER_TEXT, fieldKinds, validateInput, type Hints } from '../src/validation.js'

/**
 * Query strings arrive as text. The route's zod object (the same one the OpenAPI document is built
 * from) says which fields are numbers; those are converted here, then the object validates the rest.
 */

export function parseQuery<S extends z.ZodObject>(schema: S, query: unknown, hints: Hints = {}): z.output<S> {
  const raw = (query ?? {}) as Record<string, unknown>
  const kinds = fieldKinds(schema)
  const typed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    // Only the schema's own fields: a key like `constructor` or `__proto__` is not a parameter.
    if (!Object.hasOwn(schema.shape, key)) continue
    if (Array.isArray(value)) {
      throw invalidParameter(key, 'was given more than once', `Send '${key}' once.`)
    }
    if (typeof value !== 'string') continue
    // An empty value counts as absent, as HTML forms send it.
    if (value.trim() === '') continue
    const kind = kinds[key]
    if (kind === 'number' || kind === 'integer') {
      const pattern = kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT
      if (!pattern.test(value.trim())) {
        throw invalidParameter(
          key,
          kind === 'integer' ? `'${value}' is not a whole number` : `'${value}' is not a number`,
          hints[key] ?? `Send '${key}' as a ${kind === 'integer' ? 'whole number' : 'decimal number'}.`,
        )
      }
      typed[key] = Number(value)
    } else {
      typed[key] = value
    }
  }
  return validateInput(schema, typed, hints)
}
