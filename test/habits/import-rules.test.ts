import t from 'tap'
import { ESLint } from 'eslint'

/**
 * The architecture's import rules live in eslint.config.js; each is proven here by a deliberate
 * violation that must fail, beside the allowed import that must pass.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

const cases: Array<{ file: string; code: string; fails: boolean; why: string }> = [
  {
    file: 'src/violation.ts',
    code: "import { AsyncLocalStorage } from 'node:async_hooks'\nexport const s = new AsyncLocalStorage()\n",
    fails: true,
    why: 'src/ uses AsyncLocalStorage',
  },
  {
    file: 'http/violation.ts',
    code: "import { AsyncLocalStorage } from 'async_hooks'\nexport const s = new AsyncLocalStorage()\n",
    fails: true,
    why: 'http/ uses AsyncLocalStorage',
  },
  {
    file: 'tools/violation.ts',
    code: "import { AsyncLocalStorage } from 'node:async_hooks'\nexport const s = new AsyncLocalStorage()\n",
    fails: true,
    why: 'tools/ uses AsyncLocalStorage',
  },
  {
    file: 'src/violation.ts',
    code: "import Fastify from 'fastify'\nexport const app = Fastify\n",
    fails: true,
    why: 'src/ imports Fastify',
  },
  {
    file: 'src/violation.ts',
    code: "import { McpServer } from '@modelcontextprotocol/server'\nexport const s = McpServer\n",
    fails: true,
    why: 'src/ imports the MCP SDK',
  },
  {
    file: 'src/violation.ts',
    code: "import { buildApp } from '../http/app.js'\nexport const b = buildApp\n",
    fails: true,
    why: 'src/ imports a door',
  },
  {
    file: 'src/upstream/violation.ts',
    code: "import { toolDefinitions } from '../../tools/index.js'\nexport const d = toolDefinitions\n",
    fails: true,
    why: 'src/upstream imports a door',
  },
  {
    file: 'src/violation.ts',
    code: "import { main } from '../cli/main.js'\nexport const m = main\n",
    fails: true,
    why: 'src/ imports the command line',
  },
  {
    file: 'src/violation.ts',
    code: "import { startSimulator } from '../simulator/server.js'\nexport const s = startSimulator\n",
    fails: true,
    why: 'src/ imports the simulator statically',
  },
  { file: 'src/fine.ts', code: "import { LIMITS } from './schemas.js'\nexport const l = LIMITS\n", fails: false, why: 'src/ imports src/' },
  {
    file: 'tools/tools/violation.ts',
    code: "import { searchStores } from './search-stores.js'\nexport const s = searchStores\n",
    fails: true,
    why: 'a tool imports another tool',
  },
  {
    file: 'tools/tools/violation.ts',
    code: "import { helper } from './any-name-at-all.js'\nexport const h = helper\n",
    fails: true,
    why: 'a tool imports a sibling, whatever its name',
  },
  {
    file: 'tools/tools/violation.ts',
    code: "import Fastify from 'fastify'\nexport const f = Fastify\n",
    fails: true,
    why: 'a tool imports Fastify',
  },
  {
    file: 'tools/tools/fine.ts',
    code: "import { READ_ONLY } from '../definition.js'\nexport const r = READ_ONLY\n",
    fails: false,
    why: 'a tool imports the shared definition',
  },
  {
    file: 'tools/transports/violation.ts',
    code: "import Fastify from 'fastify'\nexport const f = Fastify\n",
    fails: true,
    why: 'tools/ imports Fastify',
  },
  {
    file: 'tools/violation.ts',
    code: "import { baseUrl } from '../http/base-url.js'\nexport const b = baseUrl\n",
    fails: true,
    why: 'tools/ imports http/',
  },
  {
    file: 'tools/transports/fine.ts',
    code: "import { createMcpHandler } from '@modelcontextprotocol/server'\nexport const h = createMcpHandler\n",
    fails: false,
    why: 'tools/ uses the MCP SDK',
  },
  {
    file: 'simulator/violation.ts',
    code: "import { StoreService } from '../src/service.js'\nexport const s = StoreService\n",
    fails: true,
    why: 'the simulator imports the service it stands in for',
  },
  {
    file: 'simulator/fine.ts',
    code: "import { createSimulatorData } from './data.js'\nexport const d = createSimulatorData\n",
    fails: false,
    why: 'the simulator imports itself',
  },
  {
    file: 'tools/index.ts',
    code: "import { searchStores } from './tools/search-stores.js'\nexport const s = searchStores\n",
    fails: false,
    why: 'the index registers every tool',
  },
  {
    file: 'http/routes/violation.ts',
    code: "import { UpstreamClient } from '../../src/upstream/client.js'\nexport const c = UpstreamClient\n",
    fails: true,
    why: 'http/ reaches into src/upstream/',
  },
  {
    file: 'http/routes/fine.ts',
    code: "import type { StoreService } from '../../src/service.js'\nexport type S = StoreService\n",
    fails: false,
    why: 'http/ uses the domain service',
  },
  {
    file: 'cli/commands/violation.ts',
    code: "import { UpstreamProbe } from '../../src/upstream/probe.js'\nexport const p = UpstreamProbe\n",
    fails: true,
    why: 'cli/ reaches into src/upstream/',
  },
  {
    file: 'cli/violation.ts',
    code: "import { buildApp } from '../http/app.js'\nexport const b = buildApp\n",
    fails: true,
    why: 'cli/ imports another door',
  },
  {
    file: 'cli/commands/fine.ts',
    code: "import { KNOWN_PAIR, type Runtime } from '../../src/runtime.js'\nexport const k: Runtime | typeof KNOWN_PAIR = KNOWN_PAIR\n",
    fails: false,
    why: 'cli/ uses the runtime and the service',
  },
]

for (const { file, code, fails, why } of cases) {
  t.test(`${fails ? 'refused' : 'allowed'}: ${why}`, async (t) => {
    const messages = await restrictedImports(file, code)
    if (fails) t.equal(messages.length, 1, messages.join('; ') || 'no no-restricted-imports error')
    else t.same(messages, [])
  })
}
