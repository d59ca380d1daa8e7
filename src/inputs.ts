import { z } from 'zod'
import { ServiceError, invalidParameter } from './errors.js'
import { BOOLEAN_TEXT, INTEGER_TEXT, NUMBER_TEXT, fieldKinds, fromZodError, hintOf } from './validation.js'
import { speak, type Term, type Vocabulary } from './vocabulary.js'

/**
 * One input pipeline for every door. An operation's parameters are declared once, in the domain's
 * names, each with its rule, its description and its hint (what to send instead); a door binds them to
 * its own names (REST query and path, MCP arguments) and gets back the schema it advertises and a parser
 * that coerces, validates, resolves aliases and hands the service the domain's names. Adding a
 * parameter to an operation is one entry in src/operations.ts.
 */

/** A parameter: its rule, what it is, and what to send when it is wrong. Text names concepts as `{term}`. */
export interface Param<S extends z.ZodType = z.ZodType> {
  schema: S
  about: string
  hint: string
}

export function param<S extends z.ZodType>(schema: S, about: string, hint: string): Param<S> {
  return { schema, about, hint }
}

export type Params = Record<string, Param>
type ShapeOf<P extends Params> = { [K in keyof P]: P[K]['schema'] }
/** An operation's input, in the domain's names, as the service receives it. */
export type InputOf<P extends Params> = z.output<z.ZodObject<ShapeOf<P>>>

export interface Operation<P extends Params = Params> {
  params: P
  /**
   * Rules across parameters (a coordinate needs the other one), given the door's name and hint of each
   * parameter; a returned error is thrown as is.
   */
  check?: ((input: InputOf<P>, door: DoorTerms) => ServiceError | undefined) | undefined
}

/** A parameter as the door calls it, and its hint in the door's words. */
export interface DoorTerms {
  name(param: string): string
  hint(param: string): string
}

export function defineOperation<P extends Params>(operation: Operation<P>): Operation<P> {
  return operation
}

/**
 * How a door offers an operation. A door chooses names only: descriptions and hints are the
 * operation's, in the door's words.
 */
export interface Binding<K extends string, E extends z.ZodRawShape = Record<never, never>> {
  /** The door's name of each parameter (or other term) it calls differently here than in its vocabulary. */
  names?: Partial<Record<K | Term, string>> | undefined
  /** Parameters this door does not offer. */
  omit?: readonly K[] | undefined
  /** Optional parameters this door requires. */
  require?: readonly K[] | undefined
  /** Parameters carried in the URL path (REST). */
  path?: readonly K[] | undefined
  /** Other names accepted for a parameter: alias → parameter. Both sent must agree. */
  aliases?: Record<string, K> | undefined
  /** Parameters of the door itself (REST `stream`), returned beside the operation's input under their own names. */
  extra?: E | undefined
  /** Hints for the door's own names: its extra parameters, and names it refuses but callers send (`latitude` on a keyword-only tool). */
  doorHints?: Record<string, string> | undefined
  /** Unknown names are an error (MCP arguments) rather than ignored (REST query strings). */
  strict?: boolean | undefined
  /** The other doors' names for this door's parameters (see `Misnames`). */
  misnames?: Misnames | undefined
}

/**
 * Names callers send for a concept, other than the door's (the other doors' names, and USUAL_MISNAMES below).
 * Sent in place of the parameter, such a name gets an error naming the parameter, rather than "missing" beside
 * a value ignored or "remove it", when the request so renamed would be answered.
 */
export type Misnames = Readonly<Partial<Record<Term, readonly string[]>>>

/**
 * How a door's raw values arrive: `text` for query strings and path segments (numbers must be written
 * as numbers, an empty value is absent, a repeated one is an error); `json` for MCP arguments, where
 * hosts and models send `11199` for a string code or `"2"` for a number, and such values are taken as meant.
 */
export type RawForm = 'text' | 'json'

export interface BoundInput<T> {
  /** The fields as the door advertises them (OpenAPI query, tools/list inputSchema), outside the path. */
  readonly schema: z.ZodObject
  /** The path fields, for OpenAPI; absent when the binding has none. */
  readonly pathSchema: z.ZodObject | undefined
  /** Validates a door's raw input (query and path merged) and returns it in the domain's names. */
  parse(raw: unknown, form: RawForm): T
}

/**
 * Binds an operation to a door: names, descriptions and hints are rendered once, here, in the door's
 * vocabulary (the binding's own names win for its parameters).
 */
export function bind<P extends Params, K extends keyof P & string, E extends z.ZodRawShape = Record<never, never>>(
  operation: Operation<P>,
  vocabulary: Vocabulary,
  binding: Binding<K, E> = {},
): BoundInput<InputOf<P> & z.output<z.ZodObject<E>>> {
  // Tables keyed by names without a prototype: a caller's `toString` or `__proto__` finds nothing in them.
  const names: Record<string, string> = Object.assign(Object.create(null), vocabulary, binding.names)
  const say = (text: string) => speak(text, names)
  const omitted = new Set<string>(binding.omit ?? [])
  const required = new Set<string>(binding.require ?? [])
  const inPath = new Set<string>(binding.path ?? [])
  const aliasOf: Record<string, string> = {} // door name of an alias → door name of its parameter
  const conceptOf: Record<string, string> = Object.create(null) // door name → domain name
  const hints: Record<string, string> = Object.assign(Object.create(null), binding.doorHints)
  const parseShape: Record<string, z.ZodType> = {}
  const advertised: Record<string, z.ZodType> = {}
  const pathShape: Record<string, z.ZodType> = {}

  for (const [concept, p] of Object.entries(operation.params)) {
    if (omitted.has(concept)) continue
    const doorName = names[concept] ?? concept
    conceptOf[doorName] = concept
    let schema = p.schema
    if (required.has(concept) && schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType
    schema = schema.describe(say(p.about))
    parseShape[doorName] = schema
    hints[doorName] = say(p.hint)
    if (inPath.has(concept)) pathShape[doorName] = schema
    else advertised[doorName] = schema
  }
  for (const [alias, concept] of Object.entries(binding.aliases ?? {})) {
    const target = names[concept] ?? concept
    aliasOf[alias] = target
    hints[alias] = `Send only ${target} (${alias} is a legacy alias).`
    // Advertised as optional and deprecated in name only: the parameter itself stays as required as it is.
    const field = advertised[target] // own key: target is one of this operation's door names
    if (field) advertised[alias] = field.optional().describe(`Legacy alias of ${target}.`)
  }
  for (const [name, schema] of Object.entries(binding.extra ?? {})) {
    parseShape[name] = schema as z.ZodType
    advertised[name] = schema as z.ZodType
    hints[name] ??= `Check '${name}' against the documentation.`
  }
  const misnamed = misnamesOf(binding.misnames ?? {}, conceptOf, parseShape, aliasOf)
  const parser = binding.strict ? z.strictObject(parseShape) : z.object(parseShape)
  const schema = binding.strict ? z.strictObject(advertised) : z.object(advertised)
  const pathSchema = Object.keys(pathShape).length > 0 ? z.object(pathShape) : undefined
  const door: DoorTerms = {
    name: (concept) => names[concept] ?? concept,
    hint: (concept) => hints[names[concept] ?? concept] ?? `Check '${names[concept] ?? concept}' against the documentation.`,
  }

  const validated = (values: Record<string, unknown>, form: RawForm, sentAs: Map<string, string>) => {
    const typed = form === 'text' ? fromText(values, parser, hints) : fromJson(values, parser)
    const checked = parser.safeParse(typed)
    if (!checked.success) {
      const error = fromZodError(checked.error, typed, hints)
      throw renameInError(error, sentAs)
    }
    const out: Record<string, unknown> = {}
    for (const [doorName, value] of Object.entries(checked.data)) out[conceptOf[doorName] ?? doorName] = value
    const input = out as InputOf<P> & z.output<z.ZodObject<E>>
    const problem = operation.check?.(input, door)
    if (problem) throw problem
    return input
  }
  // Renamed, the request is answered, or only lacks something more (lat alone: then longitude); not one that would
  // then be refused for what the caller sent (lat beside branchCode: "a store code or coordinates, not both").
  const answerable = (values: Record<string, unknown>, form: RawForm) => {
    try {
      validated(values, form, new Map())
      return true
    } catch (error) {
      return error instanceof ServiceError && error.code === 'missing_parameter'
    }
  }

  return {
    schema,
    pathSchema,
    parse(raw, form) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        throw invalidParameter('arguments', 'must be an object', 'Send the arguments as a JSON object.')
      }
      const values = { ...(raw as Record<string, unknown>) } // aliases are moved in this copy, never in the caller's object
      const sentAs = resolveAliases(values, aliasOf, hints)
      // Names sent in place of parameters are named, with the door's, when the request so renamed could be answered;
      // otherwise (lat beside branchCode, or beside its parameter) a misname is any unknown name: ignored, or "remove it".
      const wrong = misnamesSent(values, misnamed)
      if (wrong.length > 0 && answerable(renamed(values, wrong), form)) throw misnameError(wrong)
      return validated(values, form, sentAs)
    },
  }
}

/**
 * Names callers send for a concept whatever the door: our answers' `code` for a store, habits of other APIs. A door
 * adds the other doors' names (`Binding.misnames`); its own names, aliases and extras are never misnames.
 */
const USUAL_MISNAMES: Misnames = {
  storeCode: ['storeCode', 'store_code', 'branch_code', 'code', 'storeId', 'store_id', 'store', 'branch'],
  latitude: ['lat'],
  longitude: ['lng', 'lon', 'long'],
  keyword: ['keywords', 'query', 'q', 'search', 'product', 'productName', 'item'],
  productId: ['product_id', 'productCode'],
  page: ['page'],
  pageSize: ['size', 'perPage', 'per_page', 'limit'],
}

/** Misname → the door's name, for this binding's concepts; none that is a name, alias or extra of its own. */
function misnamesOf(
  misnames: Misnames,
  conceptOf: Record<string, string>,
  parseShape: Record<string, z.ZodType>,
  aliasOf: Record<string, string>,
) {
  const misnamed: Record<string, string> = Object.create(null)
  const listed = (table: Misnames, concept: string) => (Object.hasOwn(table, concept) ? (table[concept as Term] ?? []) : [])
  for (const [doorName, concept] of Object.entries(conceptOf)) {
    for (const name of [...listed(USUAL_MISNAMES, concept), ...listed(misnames, concept)]) {
      if (name === doorName || Object.hasOwn(parseShape, name) || Object.hasOwn(aliasOf, name)) continue
      const taken = misnamed[name] // own key: misnamed has no prototype
      if (taken !== undefined && taken !== doorName) throw new Error(`'${name}' is listed as a misname of both ${taken} and ${doorName}`)
      misnamed[name] = doorName
    }
  }
  return misnamed
}

interface Misnamed {
  name: string
  target: string
}

/** Misnames sent while their parameters are not: the caller meant the parameters. A blank value is absent. */
function misnamesSent(values: Record<string, unknown>, misnamed: Record<string, string>): Misnamed[] {
  const given = (name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
  }
  return Object.keys(values).flatMap((name) => {
    const target = misnamed[name] // own key: misnamed has no prototype
    return target !== undefined && given(name) && !given(target) ? [{ name, target }] : []
  })
}

/** The values with each misname's value under its parameter's name. */
function renamed(values: Record<string, unknown>, wrong: readonly Misnamed[]): Record<string, unknown> {
  const copy = { ...values }
  for (const { name, target } of wrong) {
    copy[target] = copy[name] // own key: name is one of the caller's own keys (misnamesSent)
    delete copy[name] // own key: as above
  }
  return copy
}

/** One error naming every misname, so `lat` and `lng` are put right in one go. */
function misnameError(wrong: readonly Misnamed[]): ServiceError {
  const first = wrong[0] as Misnamed
  const hint =
    wrong.length === 1
      ? `Send it as ${first.target} (this operation's name for it).`
      : `Send ${wrong.map(({ name, target }) => `${name} as ${target}`).join(' and ')} (this operation's names for them).`
  return invalidParameter(first.name, 'is not a known parameter', hint)
}

/** Moves an alias's value to its parameter; returns which parameters were sent under an alias. */
function resolveAliases(
  values: Record<string, unknown>,
  aliasOf: Record<string, string>,
  hints: Record<string, string>,
): Map<string, string> {
  const sentAs = new Map<string, string>()
  for (const [alias, target] of Object.entries(aliasOf)) {
    if (!Object.hasOwn(values, alias)) continue
    const value = values[alias]
    delete values[alias]
    // An empty alias is absent, as an empty parameter is (a form sends `branchCd=` beside `branchCode`).
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) continue
    const own = values[target] // own key: target is a parameter's door name, never a built-in one
    if (own === undefined || (typeof own === 'string' && own.trim() === '')) {
      values[target] = value
      sentAs.set(target, alias)
    } else if (String(own).trim() !== String(value).trim()) {
      throw invalidParameter(alias, `disagrees with ${target}; send only ${target}`, hintOf(hints, alias) ?? `Send only ${target}.`)
    }
  }
  return sentAs
}

/** An error about a parameter the caller sent under an alias names the alias, as the caller wrote it. */
function renameInError(error: ServiceError, sentAs: Map<string, string>): ServiceError {
  for (const [target, alias] of sentAs) {
    if (error.message.includes(`'${target}'`)) {
      return new ServiceError(error.code, {
        message: error.message.replace(`'${target}'`, `'${alias}'`),
        ko: error.messageKo.replace(`'${target}'`, `'${alias}'`),
        hint: error.hint,
      })
    }
  }
  return error
}

/** Query strings and path segments: text becomes a number only where the field is one, written as one. */
function fromText(values: Record<string, unknown>, schema: z.ZodObject, hints: Record<string, string>): Record<string, unknown> {
  const kinds = fieldKinds(schema)
  const typed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    // Only the schema's own fields: a key like `constructor` or `__proto__` is not a parameter.
    if (!Object.hasOwn(schema.shape, key)) continue
    if (Array.isArray(value)) throw invalidParameter(key, 'was given more than once', `Send '${key}' once.`)
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
          hintOf(hints, key) ?? `Send '${key}' as a ${kind === 'integer' ? 'whole number' : 'decimal number'}.`,
        )
      }
      typed[key] = Number(value)
    } else if (kind === 'boolean') {
      const yes = Object.hasOwn(BOOLEAN_TEXT, value.trim()) ? BOOLEAN_TEXT[value.trim()] : undefined
      if (yes === undefined) {
        throw invalidParameter(key, `'${value}' is not true or false`, hintOf(hints, key) ?? `Send '${key}' as true or false.`)
      }
      typed[key] = yes
    } else {
      typed[key] = value
    }
  }
  return typed
}

/** JSON arguments: a number sent for a string field, numeric text for a number field, or "true" for a yes-or-no, is taken as meant. */
function fromJson(values: Record<string, unknown>, schema: z.ZodObject): Record<string, unknown> {
  const kinds = fieldKinds(schema)
  const out: Record<string, unknown> = { ...values }
  for (const [key, value] of Object.entries(out)) {
    const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined
    if (kind === 'string' && typeof value === 'number' && Number.isFinite(value)) out[key] = String(value)
    if ((kind === 'number' || kind === 'integer') && typeof value === 'string' && NUMBER_TEXT.test(value.trim())) out[key] = Number(value)
    if (kind === 'boolean' && (value === 'true' || value === 'false')) out[key] = value === 'true'
  }
  return out
}
