import t from 'tap'
import { z } from 'zod'
import { REST_INPUTS } from '../../http/inputs.js'
import { bind, defineOperation, param } from '../../src/inputs.js'
import * as operations from '../../src/operations.js'
import { fields } from '../../src/schemas.js'
import { DOMAIN_VOCABULARY } from '../../src/vocabulary.js'
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
