// Switchable failure modes and per-endpoint latency for the simulator. The modes reproduce what clients of
// the real upstream have met or prepared for (docs/upstream-protocol.md §2.5, §3.1, §8).

import { STATUS_CODES } from 'node:http'

export const SIM_ENDPOINTS = [
  'selStr',
  'pdThumbSelSimple',
  'authRequest',
  'selStrPkupStck',
  'selIntPdStDispInfo',
  'selOfflStrStck',
  'selPdStDispInfo',
] as const

export type SimEndpoint = (typeof SIM_ENDPOINTS)[number]

export type SimFault =
  | { kind: 'http500' }
  | { kind: 'html'; status?: number }
  | { kind: 'unauthorized'; status?: 401 | 403 }
  | { kind: 'unauthorizedBody' }
  | { kind: 'successFalse'; message?: string }
  | { kind: 'hang' }
  | { kind: 'malformedJson' }
  | { kind: 'rateLimited'; retryAfterSeconds?: number }
  | { kind: 'reset' }
  | { kind: 'shapeDrift'; variant: 'renamedField' | 'wordForNumber' }
  | { kind: 'emptyData' }
  | { kind: 'omitRows' }
  | { kind: 'undisclosed' }
  | { kind: 'emptyBody' }
  | { kind: 'missingUidHeader' }
  | { kind: 'shortList'; stores?: number }
  | { kind: 'underCount'; share?: number }
  | { kind: 'noCoordinates'; every?: number }

export type SimFaultKind = SimFault['kind']

export interface SimFaultRule {
  fault: SimFault
  /** Apply to the next N calls, then clear; default: until cleared. */
  times?: number
}

export const SIM_FAULT_KINDS: readonly SimFaultKind[] = [
  'http500',
  'html',
  'unauthorized',
  'unauthorizedBody',
  'successFalse',
  'hang',
  'malformedJson',
  'rateLimited',
  'reset',
  'shapeDrift',
  'emptyData',
  'omitRows',
  'undisclosed',
  'emptyBody',
  'missingUidHeader',
  'shortList',
  'underCount',
  'noCoordinates',
]

export const isSimEndpoint = (value: unknown): value is SimEndpoint =>
  typeof value === 'string' && (SIM_ENDPOINTS as readonly string[]).includes(value)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Validates a fault that arrived as JSON (the /__sim/faults control route); returns an error message when invalid. */
export function parseFault(value: unknown): SimFault | string {
  if (!isRecord(value)) return 'fault must be an object with a "kind"'
  const kind = value['kind']
  if (typeof kind !== 'string' || !(SIM_FAULT_KINDS as readonly string[]).includes(kind)) {
    return `unknown fault kind; expected one of ${SIM_FAULT_KINDS.join(', ')}`
  }
  switch (kind as SimFaultKind) {
    case 'html': {
      const status = value['status']
      if (status === undefined) return { kind: 'html' }
      if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599) return 'html.status must be an HTTP status'
      return { kind: 'html', status: status as number }
    }
    case 'unauthorized': {
      const status = value['status']
      if (status === undefined) return { kind: 'unauthorized' }
      if (status !== 401 && status !== 403) return 'unauthorized.status must be 401 or 403'
      return { kind: 'unauthorized', status }
    }
    case 'successFalse': {
      const message = value['message']
      if (message === undefined) return { kind: 'successFalse' }
      if (typeof message !== 'string') return 'successFalse.message must be a string'
      return { kind: 'successFalse', message }
    }
    case 'rateLimited': {
      const seconds = value['retryAfterSeconds']
      if (seconds === undefined) return { kind: 'rateLimited' }
      if (!Number.isInteger(seconds) || (seconds as number) < 0) return 'rateLimited.retryAfterSeconds must be a non-negative integer'
      return { kind: 'rateLimited', retryAfterSeconds: seconds as number }
    }
    case 'shapeDrift': {
      const variant = value['variant']
      if (variant !== 'renamedField' && variant !== 'wordForNumber') return 'shapeDrift.variant must be renamedField or wordForNumber'
      return { kind: 'shapeDrift', variant }
    }
    case 'shortList': {
      const stores = value['stores']
      if (stores === undefined) return { kind: 'shortList' }
      if (!Number.isInteger(stores) || (stores as number) < 0) return 'shortList.stores must be a non-negative integer'
      return { kind: 'shortList', stores: stores as number }
    }
    case 'underCount': {
      const share = value['share']
      if (share === undefined) return { kind: 'underCount' }
      if (typeof share !== 'number' || !(share >= 0 && share < 1)) return 'underCount.share must be a number from 0 to below 1'
      return { kind: 'underCount', share }
    }
    case 'noCoordinates': {
      const every = value['every']
      if (every === undefined) return { kind: 'noCoordinates' }
      if (!Number.isInteger(every) || (every as number) < 1) return 'noCoordinates.every must be a positive integer'
      return { kind: 'noCoordinates', every: every as number }
    }
    default:
      return { kind } as SimFault
  }
}

/**
 * How the chain's whole store list (selStr with an empty keyword, upstream-protocol.md §4.1) is served
 * under the listing faults: a bad deploy listing only a handful of stores (shortList), a totalCnt that
 * under-reports the pages there are (underCount), rows whose coordinates come as 0 (noCoordinates).
 */
export interface ListingFault {
  /** Only the first N stores are listed, and totalCnt says N. */
  keep?: number
  /** totalCnt is this share of the real count; every page is still served. */
  reportShare?: number
  /** Every Nth row of the list has strLttd and strLitd 0. */
  unplacedEvery?: number
}

export function listingFault(fault: SimFault | null): ListingFault | undefined {
  if (fault?.kind === 'shortList') return { keep: fault.stores ?? 12 }
  if (fault?.kind === 'underCount') return { reportShare: fault.share ?? 0.5 }
  if (fault?.kind === 'noCoordinates') return { unplacedEvery: fault.every ?? 5 }
  return undefined
}

interface ActiveRule {
  fault: SimFault
  remaining: number | null
}

export class FaultController {
  private readonly rules = new Map<SimEndpoint | '*', ActiveRule>()
  private readonly latencies = new Map<SimEndpoint, number>()
  private globalLatencyMs: number

  constructor(private readonly defaultLatencyMs: number) {
    this.globalLatencyMs = defaultLatencyMs
  }

  set(endpoint: SimEndpoint | '*', rule: SimFaultRule | SimFault | null): void {
    if (rule === null) {
      this.rules.delete(endpoint)
      return
    }
    const normalised: SimFaultRule = 'fault' in rule ? rule : { fault: rule }
    const times = normalised.times
    if (times !== undefined && (!Number.isInteger(times) || times < 0)) throw new RangeError('times must be a non-negative integer')
    if (times === 0) {
      this.rules.delete(endpoint)
      return
    }
    this.rules.set(endpoint, { fault: normalised.fault, remaining: times ?? null })
  }

  /** The fault for this call, consuming one use of a counted rule; an endpoint's own rule beats '*'. */
  take(endpoint: SimEndpoint): SimFault | null {
    const key: SimEndpoint | '*' | null = this.rules.has(endpoint) ? endpoint : this.rules.has('*') ? '*' : null
    if (key === null) return null
    const rule = this.rules.get(key)
    if (rule === undefined) return null
    if (rule.remaining !== null) {
      rule.remaining--
      if (rule.remaining <= 0) this.rules.delete(key)
    }
    return rule.fault
  }

  setLatency(endpoint: SimEndpoint | '*', ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('latency must be a non-negative number of milliseconds')
    if (endpoint === '*') {
      // A global setting replaces per-endpoint ones, so "everything slow" means everything.
      this.latencies.clear()
      this.globalLatencyMs = ms
    } else {
      this.latencies.set(endpoint, ms)
    }
  }

  latencyOf(endpoint: SimEndpoint): number {
    return this.latencies.get(endpoint) ?? this.globalLatencyMs
  }

  reset(): void {
    this.rules.clear()
    this.latencies.clear()
    this.globalLatencyMs = this.defaultLatencyMs
  }
}

// --- error pages ---------------------------------------------------------------------------------
// HTML bodies the upstream (or what sits in front of it) answers with when something is wrong. Clients must
// never show these to users; they are long and carry scripts on purpose, so that a client which strips
// tags naively or forwards raw text gets caught by its tests.

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** A Cloudflare edge error page (the storefront and mobile API hosts sit behind Cloudflare). */
export function edgeErrorPage(status: number, rayId: string): string {
  const title = STATUS_CODES[status] ?? 'Error'
  const lower = title.charAt(0) + title.slice(1).toLowerCase()
  return `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if IE 7]>    <html class="no-js ie7 oldie" lang="en-US"> <![endif]-->
<!--[if IE 8]>    <html class="no-js ie8 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>daisomall.co.kr | ${status}: ${escapeHtml(lower)}</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta http-equiv="X-UA-Compatible" content="IE=Edge" />
<meta name="robots" content="noindex, nofollow" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/main.css" />
<script>(function(){window._cf_chl_opt={cvId:'3',cZone:'fapi.daisomall.co.kr',cType:'managed',cRay:'${rayId}',cH:'d2Fybi1sZWFrLXJhdy1odG1s',cUPMDTk:"\\/cdn-cgi\\/challenge-platform\\/h\\/g\\/orchestrate\\/chl_page\\/v1?ray=${rayId}"};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=${rayId}';document.getElementsByTagName('head')[0].appendChild(a);if(document.cookie.indexOf('cf_clearance')<0){console.log("Error ${status}: origin unreachable, do not show this text to users")}})();</script>
<style>body{margin:0;padding:0}#cf-wrapper{font-family:-apple-system,system-ui,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}.cf-error-details{padding:2rem}</style>
</head>
<body>
  <div id="cf-wrapper">
    <div id="cf-error-details" class="p-0">
      <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
        <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
          <span class="inline-block">${escapeHtml(lower)}</span>
          <span class="code-label">Error code ${status}</span>
        </h1>
        <div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_${status}&utm_campaign=fapi.daisomall.co.kr" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>
        <div class="mt-3">${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC</div>
      </header>
      <div class="my-8 bg-gradient-gray">
        <div class="w-240 lg:w-full mx-auto">
          <div class="clearfix md:px-8">
            <div id="cf-browser-status" class="relative w-1/3 md:w-full py-15 md:p-0 md:py-8 md:text-left md:border-solid md:border-0 md:border-b md:border-gray-400 overflow-hidden float-left md:float-none text-center">
              <span class="md:block w-full truncate">You</span>
              <h3 class="md:inline-block mt-3 md:mt-0 text-2xl text-gray-600 font-light leading-1.3">Browser</h3>
              <span class="leading-1.3 text-2xl text-green-success">Working</span>
            </div>
            <div id="cf-cloudflare-status" class="relative w-1/3 md:w-full py-15 md:p-0 md:py-8 md:text-left md:border-solid md:border-0 md:border-b md:border-gray-400 overflow-hidden float-left md:float-none text-center">
              <span class="md:block w-full truncate">Seoul</span>
              <h3 class="md:inline-block mt-3 md:mt-0 text-2xl text-gray-600 font-light leading-1.3">Cloudflare</h3>
              <span class="leading-1.3 text-2xl text-green-success">Working</span>
            </div>
            <div id="cf-host-status" class="cf-error-source relative w-1/3 md:w-full py-15 md:p-0 md:py-8 md:text-left md:border-solid md:border-0 md:border-b md:border-gray-400 overflow-hidden float-left md:float-none text-center">
              <span class="md:block w-full truncate">fapi.daisomall.co.kr</span>
              <h3 class="md:inline-block mt-3 md:mt-0 text-2xl text-gray-600 font-light leading-1.3">Host</h3>
              <span class="leading-1.3 text-2xl text-red-error">Error</span>
            </div>
          </div>
        </div>
      </div>
      <div class="w-240 lg:w-full mx-auto mb-8 lg:px-8">
        <div class="clearfix">
          <div class="w-1/2 md:w-full float-left pr-6 md:pb-10 md:pr-0 leading-relaxed">
            <h2 class="text-3xl font-normal leading-1.3 mb-4">What happened?</h2>
            <p>The web server reported a ${escapeHtml(title.toLowerCase())} error.</p>
          </div>
          <div class="w-1/2 md:w-full float-left leading-relaxed">
            <h2 class="text-3xl font-normal leading-1.3 mb-4">What can I do?</h2>
            <p class="mb-6">Please try again in a few minutes.</p>
          </div>
        </div>
      </div>
      <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
        <p class="text-13">
          <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">${rayId}</strong></span>
          <span class="cf-footer-separator sm:hidden">&bull;</span>
          <span class="cf-footer-item sm:block sm:mb-1">Performance &amp; security by <a rel="noopener noreferrer" href="https://www.cloudflare.com/5xx-error-landing" target="_blank">Cloudflare</a></span>
        </p>
      </div>
    </div>
  </div>
</body>
</html>
`
}

/** Spring Boot's fallback page, what the API host answers for a path it has no mapping for. */
export function whitelabelPage(status: number, timestamp: string): string {
  const reason = STATUS_CODES[status] ?? 'Error'
  return `<html><body><h1>Whitelabel Error Page</h1><p>This application has no explicit mapping for /error, so you are seeing this as a fallback.</p><div id='created'>${escapeHtml(timestamp)}</div><div>There was an unexpected error (type=${escapeHtml(reason)}, status=${status}).</div></body></html>`
}

/** The storefront single-page app shell, what the www host answers for a path outside /api. */
export function storefrontPage(): string {
  return `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no" />
    <title>다이소몰</title>
    <meta name="description" content="국민가게, 다이소 공식 온라인몰" />
    <link rel="icon" href="/favicon.ico" />
    <script>window.__APP_ENV__={mode:'production',api:'/api'};</script>
    <script type="module" crossorigin src="/assets/index-7c1e9a42.js"></script>
    <link rel="stylesheet" href="/assets/index-3b8f0d17.css" />
  </head>
  <body>
    <noscript>다이소몰은 자바스크립트를 사용해야 이용할 수 있습니다.</noscript>
    <div id="app"></div>
  </body>
</html>
`
}
