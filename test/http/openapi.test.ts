import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import t from 'tap'
import YAML from 'yaml'
import { buildTestApp } from '../helpers/app.js'

// `any`: these tests walk a generated document whose shape the validator has already checked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = Record<string, any>

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020

t.test('the OpenAPI document', async (t) => {
  const { app } = await buildTestApp(t)
  const res = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'api.test' } })
  t.equal(res.statusCode, 200)
  const doc = res.json() as Json
  const operations = new Map<string, { path: string; method: string; op: Json }>()
  for (const [path, item] of Object.entries(doc['paths'] as Json)) {
    for (const [method, op] of Object.entries(item as Json)) operations.set((op as Json)['operationId'], { path, method, op: op as Json })
  }
  const op = (id: string) => {
    const found = operations.get(id)
    if (!found) throw new Error(`${id} is not in the document`)
    return found
  }
  const param = (id: string, name: string) => (op(id).op['parameters'] as Json[]).find((p) => p['name'] === name) as Json

  t.test('passes a standard OpenAPI 3.1 validator', async (t) => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    t.ok(result.valid, 'valid', { errors: result.errors })
    t.equal(validator.version, '3.1')
  })

  t.test('the validator does reject a broken document', async (t) => {
    const broken = structuredClone(doc)
    delete broken['paths']['/api']['get']['responses']['200']['description']
    t.notOk((await new Validator().validate(broken)).valid)
  })

  t.test('the YAML form is the same document', async (t) => {
    const yaml = await app.inject({ method: 'GET', url: '/openapi.yaml', headers: { host: 'api.test' } })
    t.equal(yaml.statusCode, 200)
    t.match(yaml.headers['content-type'], /^application\/yaml/)
    t.same(YAML.parse(yaml.body), doc)
  })

  t.test('version, server, no security', async (t) => {
    t.match(doc['openapi'], /^3\.1\./)
    t.equal(doc['info']['version'], '1.0.0')
    t.same(doc['servers'], [{ url: 'http://api.test', description: 'This server.' }])
    t.same(doc['security'], [])
    t.notOk(doc['components']['securitySchemes'], 'no security scheme (docs/spec.md §5)')
  })

  t.test('every operation of the spec, with its method and path', async (t) => {
    const expected: Array<[string, string, string]> = [
      ['getApiIndex', 'get', '/api'],
      ['searchStores', 'get', '/api/branches/search'],
      ['getStore', 'get', '/api/branches/{code}'],
      ['searchStoreProducts', 'get', '/api/products'],
      ['getProductAvailability', 'get', '/api/products/{id}'],
      ['searchSandboxStores', 'get', '/api/sandbox/branches/search'],
      ['getSandboxStore', 'get', '/api/sandbox/branches/{code}'],
      ['searchSandboxStoreProducts', 'get', '/api/sandbox/products'],
      ['getMcpServerInfo', 'get', '/api/mcp'],
      ['callMcp', 'post', '/api/mcp'],
    ]
    for (const [id, method, path] of expected) {
      t.same({ method: op(id).method, path: op(id).path }, { method, path }, id)
      t.ok(op(id).op['description'], `${id} has a description`)
    }
  })

  t.test('parameters carry the spec constraints', async (t) => {
    for (const id of ['searchStores', 'searchSandboxStores']) {
      t.match(
        param(id, 'pageSize'),
        { required: false, schema: { type: 'integer', minimum: 1, maximum: 10, default: 10 } },
        `${id} pageSize`,
      )
      t.match(param(id, 'currentPage'), { required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
      t.match(param(id, 'curLttd'), { schema: { type: 'number', minimum: 32.8, maximum: 38.9 } })
      t.match(param(id, 'curLitd'), { schema: { type: 'number', minimum: 124.5, maximum: 132 } })
      t.match(param(id, 'keyword'), { required: false, schema: { type: 'string' } })
    }
    for (const id of ['searchStoreProducts', 'searchSandboxStoreProducts']) {
      t.match(param(id, 'branchCode'), { in: 'query', required: true, schema: { type: 'string' } }, `${id} branchCode`)
      t.match(param(id, 'keyword'), { in: 'query', required: true })
      t.match(param(id, 'branchCd'), { in: 'query', required: false }, 'the legacy alias')
      t.match(param(id, 'stream'), { required: false, schema: { const: '1' } })
      t.match(param(id, 'currentPage'), { schema: { minimum: 1, default: 1 } })
    }
    t.match(param('getProductAvailability', 'id'), { in: 'path', required: true })
    t.match(param('getProductAvailability', 'branchCode'), { in: 'query', required: true })
    t.match(param('getStore', 'code'), { in: 'path', required: true })
    t.match(param('getSandboxStore', 'code'), { in: 'path', required: true })
  })

  t.test('the product search offers the NDJSON media type beside JSON', async (t) => {
    for (const id of ['searchStoreProducts', 'searchSandboxStoreProducts']) {
      const content = op(id).op['responses']['200']['content'] as Json
      t.same(Object.keys(content).sort(), ['application/json', 'application/x-ndjson'])
      t.same(content['application/json']['schema'], { $ref: '#/components/schemas/ProductSearchResult' })
      const events = (content['application/x-ndjson']['schema']['anyOf'] as Json[]).map((s) => s['$ref'])
      t.same(events, ['#/components/schemas/ProgressEvent', '#/components/schemas/ResultEvent', '#/components/schemas/ErrorEvent'])
    }
  })

  t.test('the shared schemas are components with the spec fields', async (t) => {
    const schemas = doc['components']['schemas'] as Json
    for (const name of [
      'Store',
      'Product',
      'ProductSearchResult',
      'ProductAvailability',
      'NearbyStoreStock',
      'Error',
      'ApiIndex',
      'McpServerInfo',
    ]) {
      t.ok(schemas[name], name)
    }
    // The spec's seven, plus the additive openNow (distanceKm is optional: only on searches by coordinates).
    t.same([...schemas['Store']['required']].sort(), ['address', 'closeTime', 'code', 'lat', 'lng', 'name', 'openNow', 'openTime'])
    t.match(schemas['Product']['properties']['stock'], { type: 'integer', minimum: 1 })
    t.same([...schemas['Error']['required']].sort(), ['code', 'documentation', 'error', 'hint', 'message', 'status'])
    t.ok(schemas['Error']['properties']['detail'], 'detail is optional but described')
    t.match(schemas['NearbyStoreStock']['properties']['stock'], { minimum: 1 })
    t.match(schemas['ProgressEvent']['properties']['percent'], { minimum: 0, maximum: 100 })
  })

  t.test('error statuses of the spec use the Error shape', async (t) => {
    const statuses: Record<string, string[]> = {
      searchStores: ['400', '502'],
      getStore: ['404', '502'],
      searchStoreProducts: ['400', '500'],
      getProductAvailability: ['400', '500'],
      searchSandboxStores: ['400'],
      getSandboxStore: ['404'],
      searchSandboxStoreProducts: ['400'],
    }
    for (const [id, list] of Object.entries(statuses)) {
      for (const status of list) {
        t.same(
          op(id).op['responses'][status]?.['content']?.['application/json']?.['schema'],
          { $ref: '#/components/schemas/Error' },
          `${id} ${status}`,
        )
      }
      t.ok(op(id).op['responses']['default'], `${id} has a default Error response`)
    }
  })

  t.test('every example conforms to its schema', async (t) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    const id = 'https://openapi.test/doc.json'
    ajv.addSchema(doc, id)
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
    let examples = 0
    for (const { path, method, op: operation } of operations.values()) {
      for (const [status, response] of Object.entries(operation['responses'] as Json)) {
        for (const [mediaType, media] of Object.entries(((response as Json)['content'] ?? {}) as Json)) {
          if ((media as Json)['example'] === undefined) continue
          const validate = ajv.getSchema(`${id}#/${pointer('paths', path, method, 'responses', status, 'content', mediaType, 'schema')}`)
          t.ok(validate?.((media as Json)['example']), `${operation['operationId']} ${status} example`, { errors: validate?.errors })
          examples++
        }
      }
      for (const [i, p] of ((operation['parameters'] ?? []) as Json[]).entries()) {
        if (p['example'] === undefined) continue
        const validate = ajv.getSchema(`${id}#/${pointer('paths', path, method, 'parameters', String(i), 'schema')}`)
        t.ok(validate?.(p['example']), `${operation['operationId']} ${p['name']} example`)
      }
    }
    t.ok(examples >= 10, 'responses carry examples')
  })

  t.test('operations are taken from the route table: index endpoints and document operations match', async (t) => {
    const index = (await app.inject({ method: 'GET', url: '/api' })).json() as {
      endpoints: Array<{ method: string; path: string; operationId: string }>
      documentation: Record<string, string>
    }
    const documents = new Set(Object.values(index.documentation).map((u) => new URL(u).pathname))
    const apiOps = index.endpoints.filter((e) => !documents.has(e.path) && !e.path.startsWith('/.well-known/agent-skills/'))
    const docOps = [...operations.values()]
    for (const e of apiOps) {
      const found = operations.get(e.operationId)
      t.same(
        found && { method: found.method, path: found.path },
        { method: e.method.toLowerCase(), path: e.path },
        `${e.operationId} of /api is in the document`,
      )
    }
    for (const d of docOps) {
      t.ok(
        index.endpoints.some((e) => e.operationId === d.op['operationId'] && e.path === d.path),
        `${d.op['operationId']} of the document is in /api`,
      )
    }
  })

  t.test('the document follows the base URL: PUBLIC_BASE_URL, else the request origin, cached per base', async (t) => {
    const other = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'other.test:8080' } })
    t.same(other.json().servers[0].url, 'http://other.test:8080')
    const again = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'api.test' } })
    t.equal(again.body, res.body, 'same bytes for the same base')

    const configured = await buildTestApp(t, { env: { PUBLIC_BASE_URL: 'https://stores.example.com/' } })
    const pub = await configured.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'internal:3000' } })
    const pubDoc = pub.json() as Json
    t.same(pubDoc['servers'][0].url, 'https://stores.example.com')
    t.notMatch(pub.body, /internal:3000/, 'the request host appears nowhere')
    t.match(
      pubDoc['paths']['/api/products']['get']['responses']['400']['content']['application/json']['example']['documentation'],
      /^https:\/\/stores\.example\.com\/developers#errors$/,
    )
  })
})
