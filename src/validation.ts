import { z } from 'zod'
import { ServiceError, invalidParameter, missingParameter } from './errors.js'

/** Per-parameter hints that tell the caller what to send instead. */
export type Hints = Record<string, string>

/**
 * The hint for a name the caller chose: own keys only, so `toString` or `constructor` finds nothing
 * rather than a property every object inherits.
 */
export function hintOf(hints: Hints, name: string): string | undefined {
  return Object.hasOwn(hints, name) ? hints[name] : undefined
}

/**
 * Validates a door's input with its zod schema and turns the first problem into the public error:
 * an absent required value is `missing_parameter`, anything else `invalid_parameter`, naming the
 * parameter as the caller spelled it.
 */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown, hints: Hints = {}): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  throw fromZodError(parsed.error, input, hints)
}

export function fromZodError(error: z.ZodError, input: unknown, hints: Hints = {}): ServiceError {
  const issue = error.issues[0]
  if (!issue) return invalidParameter('input', 'is invalid', 'Check the request against the documentation.')
  const params = (issue as { params?: { param?: string; missing?: boolean } }).params
  const name = issue.path.length > 0 ? issue.path.map(String).join('.') : (params?.param ?? 'input')
  const hint = hintOf(hints, name) ?? `Check '${name}' against the documentation.`
  const given = valueAt(input, issue.path)
  if (params?.missing === true || (issue.code === 'invalid_type' && given === undefined)) {
    return missingParameter(name, hintOf(hints, name))
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? 'unknown'
    return invalidParameter(
      key,
      'is not a known parameter',
      hintOf(hints, key) ?? 'Remove the parameter; see the documentation for the accepted ones.',
    )
  }
  return invalidParameter(name, describeIssue(issue), hint)
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`
  return issue.message
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** What a door's raw value must become for a field: the field's JSON Schema type on the input side. */
export type FieldKind = 'number' | 'integer' | 'string' | 'boolean' | 'other'

const kindsBySchema = new WeakMap<z.ZodObject, Record<string, FieldKind>>()

/**
 * Each field's kind, read once per schema. The one place both doors learn what a field is: REST query
 * strings arrive as text, MCP arguments as whatever a host or model sent (`11199` for a string code,
 * `"2"` for a number).
 */
export function fieldKinds(schema: z.ZodObject): Record<string, FieldKind> {
  let kinds = kindsBySchema.get(schema)
  if (!kinds) {
    kinds = {}
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const type = (z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as { type?: unknown }).type
      kinds[name] = type === 'number' || type === 'integer' || type === 'string' || type === 'boolean' ? type : 'other'
    }
    kindsBySchema.set(schema, kinds)
  }
  return kinds
}

/** Decimal text as people and hosts write numbers; integers for whole-number fields. */
export const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
export const INTEGER_TEXT = /^[+-]?\d+$/
/** Yes or no as query strings and hosts write it. */
export const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false }
