import { APPS_PROTOCOL_VERSION, HostBridge, type HostContext, type InitializeResult } from './bridge.js'
import { isProductNearby, isStorePage, renderAnswer, renderMessage, renderStorePage, type RenderContext } from './render.js'
import { fromWire } from './types.js'
import { wordsFor } from './words.js'

declare const VIEW_VERSION: string // set by the build (tools/app/build.ts)

const root = document.getElementById('app') as HTMLElement
const bridge = new HostBridge(window.parent)
let context: HostContext = {}
let redrawMap: ((width: number) => void) | undefined
/** The coordinates of the call, when the host passed its arguments on (search_nearby_stores' results do not repeat them). */
let asked: { lat: number; lng: number } | undefined

const words = () => wordsFor(context.locale ?? navigator.language)

/** The host's theme and, when it sends them, its CSS variables (the stylesheet falls back to its own palette). */
function applyContext(update: HostContext): void {
  context = { ...context, ...update }
  const theme = context.theme === 'dark' || context.theme === 'light' ? context.theme : undefined
  const html = document.documentElement
  if (theme) {
    html.dataset['theme'] = theme
    html.style.colorScheme = theme
  }
  const variables = update.styles?.variables
  if (variables) {
    for (const [name, value] of Object.entries(variables)) {
      if (name.startsWith('--') && typeof value === 'string') html.style.setProperty(name, value)
    }
  }
  html.lang = (context.locale ?? navigator.language).toLowerCase().startsWith('ko') ? 'ko' : 'en'
}

// --- size: the page is as tall as its content (no 100vh anywhere), reported only when it changes ---
let reported = -1
let scheduled = false
/** Nothing but ui/initialize goes to the host before the handshake completes. */
let initialized = false
function reportSize(): void {
  scheduled = false
  if (!initialized) return
  const height = Math.ceil(document.body.getBoundingClientRect().height)
  if (height === reported || height === 0) return
  reported = height
  bridge.notify('ui/notifications/size-changed', { height })
}
const scheduleSize = () => {
  if (scheduled) return
  scheduled = true
  requestAnimationFrame(reportSize)
}
new ResizeObserver(() => {
  // A new width redraws the map at the same fixed height, so it cannot feed back into the page height.
  redrawMap?.(root.clientWidth)
  scheduleSize()
}).observe(root)

function show(result: { content?: unknown; structuredContent?: unknown; isError?: boolean }): void {
  const w = words()
  const text = Array.isArray(result.content)
    ? (result.content as { type?: string; text?: string }[]).find((block) => block.type === 'text')?.text
    : undefined
  if (result.isError) {
    // The error body of every tool: code, message and hint (docs/mcp.md "Results and errors").
    let message: string | undefined
    let hint: string | undefined
    try {
      const body = JSON.parse(text ?? '') as { message?: unknown; error?: unknown; hint?: unknown }
      message = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : undefined
      hint = typeof body.hint === 'string' ? body.hint : undefined
    } catch {
      message = text
    }
    redrawMap = undefined
    renderMessage(root, `${w.failed}: ${message ?? w.unknown}`, hint)
    return
  }
  let data: unknown = result.structuredContent
  if (data === undefined && text !== undefined) {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }
  const renderContext: RenderContext = {
    words: w,
    locale: context.locale ?? navigator.language,
    timeZone: context.timeZone ?? 'Asia/Seoul',
    openLink: (url) => {
      bridge.request('ui/open-link', { url }).catch(() => {
        // The host refused or cannot open links; the address is still on the link for copying.
      })
    },
  }
  if (isProductNearby(data)) redrawMap = renderAnswer(root, fromWire(data), renderContext)
  else if (isStorePage(data)) redrawMap = renderStorePage(root, data, asked, renderContext)
  else {
    redrawMap = undefined
    renderMessage(root, w.cannotShow)
    return
  }
  redrawMap(root.clientWidth)
}

bridge.on('ui/notifications/tool-input', (params) => {
  const args = (params as { arguments?: { keyword?: unknown; latitude?: unknown; longitude?: unknown } } | undefined)?.arguments
  const { latitude, longitude } = args ?? {}
  asked = typeof latitude === 'number' && typeof longitude === 'number' ? { lat: latitude, lng: longitude } : undefined
  if (typeof args?.keyword === 'string' && !redrawMap) renderMessage(root, words().looking(args.keyword))
})
bridge.on('ui/notifications/tool-result', (params) => show((params ?? {}) as Parameters<typeof show>[0]))
bridge.on('ui/notifications/tool-cancelled', () => {
  if (!redrawMap) renderMessage(root, words().cancelled)
})
bridge.on('ui/notifications/host-context-changed', (params) => applyContext((params ?? {}) as HostContext))

renderMessage(root, words().waiting)
bridge
  .request('ui/initialize', {
    appInfo: { name: 'store-finder-nearby', version: VIEW_VERSION },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: APPS_PROTOCOL_VERSION,
  })
  .then((result) => {
    applyContext((result as InitializeResult).hostContext ?? {})
    bridge.notify('ui/notifications/initialized')
    initialized = true
    if (!redrawMap) renderMessage(root, words().waiting) // in the host's language now
    scheduleSize()
  })
  .catch((error: unknown) => renderMessage(root, String(error)))
