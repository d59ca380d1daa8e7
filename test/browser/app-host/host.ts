// A test page that plays an MCP Apps host with ext-apps' own AppBridge (bundled for the browser by
// test/browser/app-view.test.ts, and by scripts/preview-app.ts, which passes `result` to show an answer at once). It embeds the view in a sandboxed iframe from another origin, records
// the wire as the host sees it, and exposes a few controls to the test.

import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'

interface Entry {
  /** What the view sent (its JSON-RPC method, or "response"), or what the host did. */
  event: string
  detail?: unknown
}

const params = new URLSearchParams(location.search)
const viewUrl = params.get('view') ?? ''
const width = Number(params.get('width') ?? '360')
const theme = params.get('theme') === 'dark' ? 'dark' : 'light'

const log: Entry[] = []
const iframe = document.createElement('iframe')
iframe.setAttribute('sandbox', 'allow-scripts') // what hosts do: scripts, no same-origin access, no popups
iframe.title = 'MCP App view'
iframe.style.cssText = `width:${width}px;height:120px;border:0;display:block`
document.body.style.cssText = `margin:0;background:${theme === 'dark' ? '#111' : '#fff'}`
document.body.append(iframe)

window.addEventListener('message', (event) => {
  if (event.source !== iframe.contentWindow) return
  const message = event.data as { method?: string; id?: unknown; params?: unknown }
  log.push({ event: message.method ?? 'response', detail: message.params })
})

let context: McpUiHostContext = {
  theme,
  locale: params.get('locale') ?? 'ko-KR',
  timeZone: 'Asia/Seoul',
  displayMode: 'inline',
  availableDisplayModes: ['inline'],
  platform: 'web',
  containerDimensions: { width, maxHeight: 6000 },
}
const bridge = new AppBridge(null, { name: 'store-finder-test-host', version: '1.0.0' }, { openLinks: {} }, { hostContext: context })
const initialized = new Promise<void>((resolve) => {
  bridge.oninitialized = () => {
    log.push({ event: 'host:initialized' })
    resolve()
  }
})
bridge.onsizechange = ({ height }) => {
  if (typeof height === 'number') iframe.style.height = `${height}px`
}
bridge.onopenlink = async ({ url }) => {
  log.push({ event: 'host:open-link', detail: url })
  return {}
}

const connected = bridge.connect(new PostMessageTransport(iframe.contentWindow as Window, iframe.contentWindow as Window))
iframe.src = viewUrl

const host = {
  log,
  ready: async () => {
    await connected
    await initialized
  },
  sendToolInput: (args: Record<string, unknown>) => bridge.sendToolInput({ arguments: args }),
  sendToolResult: (result: Parameters<AppBridge['sendToolResult']>[0]) => bridge.sendToolResult(result),
  setTheme: (next: 'light' | 'dark') => {
    context = { ...context, theme: next }
    document.body.style.background = next === 'dark' ? '#111' : '#fff'
    bridge.setHostContext(context)
  },
  iframeHeight: () => iframe.getBoundingClientRect().height,
  sizes: () => log.filter((e) => e.event === 'ui/notifications/size-changed').map((e) => (e.detail as { height: number }).height),
  /** True once the view's last reported height is the iframe's height. */
  settled: () => {
    const last = host.sizes().at(-1)
    return last !== undefined && Math.abs(host.iframeHeight() - last) < 1
  },
}
;(window as unknown as { host: typeof host }).host = host

// The preview (npm run preview:app): a tool result to show as soon as the view is ready.
const resultUrl = params.get('result')
if (resultUrl) {
  void host.ready().then(async () => {
    const result = (await (await fetch(resultUrl)).json()) as Parameters<AppBridge['sendToolResult']>[0]
    await host.sendToolResult(result)
    log.push({ event: 'host:sent-result' })
  })
}
