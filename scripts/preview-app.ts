/*
 * `npm run preview:app`: the MCP App view in a browser, without an MCP host. The service runs against
 * the built-in simulator; a find_product_nearby answer is asked of it over MCP, as a host would; a page
 * plays the host with ext-apps' own AppBridge (test/browser/app-host/host.ts, the browser tests' host)
 * and shows the view, from an origin of its own, with that answer. Arguments: a keyword and a store code
 * (default 수납 10224). Stop it with Ctrl-C.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { build } from 'esbuild'
import { serve } from '../http/main.js'
import { loadConfig } from '../src/config.js'
import { APP_VIEW_URI } from '../tools/app/meta.js'

const [keyword = '수납', branchCode = '10224'] = process.argv.slice(2)
const port = Number(process.env['PREVIEW_PORT'] ?? 4020)

const service = await serve(loadConfig({ ...process.env, UPSTREAM_BASE_URL: 'simulated', PORT: '0', LOG_LEVEL: 'warn' }))
const client = new Client({ name: 'store-finder-preview', version: '1.0.0' })
await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/api/mcp`)))
const view = (await client.readResource({ uri: APP_VIEW_URI })).contents[0] as { text: string }
const result = await client.callTool({ name: 'find_product_nearby', arguments: { keyword, branchCode } })
await client.close()
if (result.isError) throw new Error(`find_product_nearby ${keyword} ${branchCode} failed: ${JSON.stringify(result.content)}`)

const hostScript = await build({
  entryPoints: [fileURLToPath(new URL('../test/browser/app-host/host.ts', import.meta.url))],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'silent',
})

/** One server, two host names: the host page on 127.0.0.1, the view on localhost, so the view has an origin of its own as in a host. */
const pages: Record<string, { type: string; body: string; headers?: Record<string, string> }> = {
  '/': {
    type: 'text/html; charset=utf-8',
    body: '<!doctype html><meta charset="utf-8"><title>store-finder: MCP App preview</title><body><script src="/host.js"></script>',
  },
  '/host.js': { type: 'text/javascript; charset=utf-8', body: hostScript.outputFiles[0]?.text ?? '' },
  '/result.json': { type: 'application/json', body: JSON.stringify(result) },
  // The apps spec's restrictive default policy, what a host applies to a view that declares none.
  '/view.html': {
    type: 'text/html; charset=utf-8',
    body: view.text,
    headers: {
      'content-security-policy':
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'",
    },
  },
}
const server = createServer((req, res) => {
  const page = pages[new URL(req.url ?? '/', 'http://x').pathname]
  if (!page) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': page.type, 'cache-control': 'no-store', ...page.headers }).end(page.body)
})
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
const actual = (server.address() as AddressInfo).port
const width = Number(process.env['PREVIEW_WIDTH'] ?? 420)
const theme = process.env['PREVIEW_THEME'] === 'dark' ? 'dark' : 'light'
const query = new URLSearchParams({ width: String(width), theme, view: `http://localhost:${actual}/view.html`, result: '/result.json' })
process.stdout.write(
  `MCP App preview of find_product_nearby ${keyword} at ${branchCode} (simulated): http://127.0.0.1:${actual}/?${query}\n` +
    'PREVIEW_WIDTH, PREVIEW_THEME=dark and PREVIEW_PORT change it; Ctrl-C stops it.\n',
)
const stop = () => {
  server.close()
  void service.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
