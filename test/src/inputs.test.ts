import t from 'tap'
import { z } from 'zod'
import { REST_INPUTS } from '../../http/inputs.js'
import { bind, defineOperation, param } from '../../src/inputs.js'
import * as operations from '../../src/operations.js'
import { fields } from '../../src/schemas.js'
import { DOMAIN_VOCABULARY } from '../../src/vocabulary.js'
import { findProductNearby } from '../../tools/tools/find-product-nearby.js'
import { getStore } from '../../tools/tools/get-store.js'
import { MCP_VOCABULARY } from '../../tools/vocabulary.js'

const fails = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

t.test('REST: door names in, domain names out; text becomes numbers only where the field is one', async (t) => {
  const input = REST_INPUTS.searchStores.parse({ curLttd: '37.5', curLitd: '127', currentPage: '2', pageSize: '' }, 'text')
  t.same(input, { latitude: 37.5, longitude: 127, page: 2, pageSize: 10 })
  t.match(
    fails(() => REST_INPUTS.searchStores.parse({ curLttd: 'north', curLitd: '127' }, 'text')),
    {
      code: 'invalid_parameter',
      message: "Invalid parameter 'curLttd': 'north' is not a number",
    },
  )
  t.match(
    fails(() => REST_INPUTS.searchStores.parse({ keyword: ['a', 'b'] }, 'text')),
    { message: /'keyword': was given more than once/ },
  )
})

t.test('REST: the legacy alias is resolved by the pipeline, and named as the caller wrote it', async (t) => {
  t.same(REST_INPUTS.getProductAvailability.parse({ id: '1049275', branchCd: '11199' }, 'text'), {
    productId: '1049275',
    storeCode: '11199',
  })
  t.same(REST_INPUTS.getProductAvailability.parse({ id: '1049275', branchCode: '11199', branchCd: '11199' }, 'text').storeCode, '11199')
  t.match(
    fails(() => REST_INPUTS.getProductAvailability.parse({ id: '1049275', branchCode: '11199', branchCd: '10962' }, 'text')),
    {
      code: 'invalid_parameter',
      message: /'branchCd': disagrees with branchCode/,
    },
  )
  t.match(
    fails(() => REST_INPUTS.getProductAvailability.parse({ id: '1049275', branchCd: 'abc' }, 'text')),
    {
      code: 'invalid_parameter',
      message: /'branchCd'/,
    },
  )
  t.match(
    fails(() => REST_INPUTS.getProductAvailability.parse({ id: '1049275' }, 'text')),
    {
      code: 'missing_parameter',
      message: "Missing required parameter 'branchCode'.",
      hint: 'Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).',
    },
  )
})

t.test('REST: path parameters are parsed by the same schemas and advertised apart', async (t) => {
  t.same(Object.keys(REST_INPUTS.getProductAvailability.pathSchema?.shape ?? {}), ['id'])
  t.same(Object.keys(REST_INPUTS.getProductAvailability.schema.shape), ['branchCode', 'branchCd'])
  t.match(
    fails(() => REST_INPUTS.getProductAvailability.parse({ id: '12;DROP', branchCode: '11199' }, 'text')),
    { message: /'id'/ },
  )
})

t.test('MCP: strict names, JSON values taken as meant, hints in the door words', async (t) => {
  const tool = bind(operations.searchStoreProducts, MCP_VOCABULARY, { strict: true })
  t.same(tool.parse({ branchCode: 11199, keyword: '수납', currentPage: '2' }, 'json'), { storeCode: '11199', keyword: '수납', page: 2 })
  t.match(
    fails(() => tool.parse({ branchCode: '11199', keyword: '수납', stray: 1 }, 'json')),
    {
      code: 'invalid_parameter',
      message: /'stray': is not a known parameter/,
    },
  )
  t.match(
    fails(() => tool.parse({ keyword: '수납' }, 'json')),
    { code: 'missing_parameter', hint: /search_stores/ },
  )
  const keywordOnly = bind(operations.storeSearch, MCP_VOCABULARY, {
    omit: ['latitude', 'longitude'],
    require: ['keyword'],
    strict: true,
    doorHints: { latitude: 'use the other tool' },
  })
  t.same(Object.keys(keywordOnly.schema.shape), ['keyword', 'near', 'facility', 'openNow', 'currentPage', 'pageSize'])
  t.match(
    fails(() => keywordOnly.parse({}, 'json')),
    { code: 'missing_parameter', message: /'keyword'/ },
  )
  t.match(
    fails(() => keywordOnly.parse({ keyword: '강남', latitude: 1 }, 'json')),
    { hint: 'use the other tool' },
  )
})

t.test("a name callers use for a parameter gets an error naming the door's own, in both doors", async (t) => {
  const mcp = findProductNearby.input
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ keyword: '우산', storeCode: '11199' }, 'storeCode', 'branchCode'],
    [{ keyword: '우산', code: '11199' }, 'code', 'branchCode'],
    [{ keyword: '우산', lat: 37.5 }, 'lat', 'latitude'],
    [{ query: '우산', branchCode: '11199' }, 'query', 'keyword'],
  ]
  for (const [args, sent, named] of cases) {
    t.match(
      fails(() => mcp.parse(args, 'json')),
      {
        code: 'invalid_parameter',
        message: `Invalid parameter '${sent}': is not a known parameter`,
        hint: `Send it as ${named} (this operation's name for it).`,
      },
    )
  }
  // Beside its parameter, a misname is any unknown name: a strict door says to remove it.
  t.match(
    fails(() => mcp.parse({ keyword: '우산', branchCode: '11199', storeCode: '11199' }, 'json')),
    {
      message: /'storeCode': is not a known parameter/,
      hint: /^Remove the parameter/,
    },
  )
  // The missing parameter is not reported while the caller sent it under another name.
  t.match(
    fails(() => getStore.input.parse({ storeCode: '11199' }, 'json')),
    {
      message: /'storeCode'/,
      hint: /as branchCode/,
    },
  )
  // Every misname at once, so an agent puts them right in one call.
  t.match(
    fails(() => mcp.parse({ keyword: '우산', lat: 37.5, lng: 127 }, 'json')),
    {
      hint: "Send lat as latitude and lng as longitude (this operation's names for them).",
    },
  )
  // Renamed, this request would still fail (a store code and coordinates): lat and lng stay unknown names, as before.
  t.same(REST_INPUTS.findProductNearby.parse({ keyword: '우산', branchCode: '11199', lat: '37.5', lng: '127' }, 'text'), {
    keyword: '우산',
    storeCode: '11199',
  })
  t.match(
    fails(() => REST_INPUTS.findProductNearby.parse({ keyword: '우산', branchCode: '11199', curLttd: '37.5', curLitd: '127' }, 'text')),
    {
      code: 'invalid_parameter',
      message: "Invalid parameter 'branchCode': is given together with coordinates; send one of them",
    },
  )
  // A blank parameter is absent, as everywhere: the misname beside it is what was meant.
  t.match(
    fails(() => REST_INPUTS.findProductNearby.parse({ keyword: '우산', branchCode: ' ', storeCode: '11199' }, 'text')),
    {
      message: /'storeCode'/,
    },
  )
  // REST ignores names it does not know, but not one that stands for a parameter left out: page 1 is not what page=2 asked for.
  t.match(
    fails(() => REST_INPUTS.searchStores.parse({ keyword: '강남', page: '2' }, 'text')),
    { message: /'page'/, hint: /as currentPage/ },
  )
  t.match(
    fails(() => REST_INPUTS.searchStores.parse({ lat: '37.5', lng: '127' }, 'text')),
    { hint: /as curLttd/ },
  )
  t.same(REST_INPUTS.searchStores.parse({ keyword: '강남', currentPage: '2', page: '2' }, 'text'), {
    keyword: '강남',
    page: 2,
    pageSize: 10,
  })
  // A door's own names, aliases and extras are never misnames: REST's path `code` and legacy `branchCd`.
  t.same(REST_INPUTS.getStore.parse({ code: '11199' }, 'text'), { storeCode: '11199' })
  t.match(REST_INPUTS.searchStoreProducts.parse({ branchCd: '11199', keyword: '수납' }, 'text'), { storeCode: '11199' })
})

t.test('a rule across parameters speaks in the door names', async (t) => {
  t.match(
    fails(() => REST_INPUTS.findProductNearby.parse({ keyword: '우산', curLttd: '37.5' }, 'text')),
    {
      code: 'missing_parameter',
      message: "Missing required parameter 'curLitd'.",
      hint: /curLttd.*curLitd|curLitd.*curLttd/,
    },
  )
  const tool = bind(operations.findProductNearby, MCP_VOCABULARY, { strict: true })
  t.match(
    fails(() => tool.parse({ keyword: '우산', longitude: 127 }, 'json')),
    { message: "Missing required parameter 'latitude'." },
  )
})

t.test('adding a parameter to an operation reaches every door that binds it', async (t) => {
  const base = operations.searchCatalogue
  const extended = defineOperation({
    params: {
      ...base.params,
      maxPrice: param(z.number().int().optional(), 'Highest price in KRW.', 'Send {keyword} with a whole maxPrice.'),
    },
  })
  t.same(bind(extended, MCP_VOCABULARY).parse({ keyword: '우산', maxPrice: '5000' }, 'json'), { keyword: '우산', page: 1, maxPrice: 5000 })
  t.same(bind(extended, DOMAIN_VOCABULARY).parse({ keyword: '우산', maxPrice: '5000' }, 'text'), {
    keyword: '우산',
    page: 1,
    maxPrice: 5000,
  })
  t.match(z.toJSONSchema(bind(extended, MCP_VOCABULARY).schema), { properties: { maxPrice: { description: 'Highest price in KRW.' } } })
  t.ok(fields.storeCode().safeParse('11199').success)
})
