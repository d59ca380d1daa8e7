import { isIP } from 'node:net'
import type { Config } from '../src/config.js'

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_V4.test(hostname)
}

function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0
}

/** The hostname of a Host header, an Origin, or an ALLOWED_HOSTS entry (with or without scheme and port). */
export function hostnameOf(value: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`)
    return url.hostname.toLowerCase() || null
  } catch {
    return null
  }
}

/**
 * DNS rebinding protection. A page on an attacker's domain that resolves to this server sends that
 * domain as Host, so only known host names are accepted (hostnames are compared, never host:port):
 * - loopback names (localhost, 127.x.x.x, [::1]) always;
 * - the host name of PUBLIC_BASE_URL and every ALLOWED_HOSTS entry (`*` accepts any);
 * - when bound to a non-loopback address, IP literals too (a rebinding attack needs a DNS name).
 * An Origin, when sent, must be same-origin, an accepted host name, or, on a public deployment
 * (PUBLIC_BASE_URL set), any origin: the service is public and anonymous, meant for browser agents.
 */
export function hostPolicy(config: Pick<Config, 'host' | 'publicBaseUrl' | 'allowedHosts'>) {
  const anyHost = config.allowedHosts.includes('*')
  const named = new Set<string>()
  for (const entry of config.allowedHosts) {
    const hostname = entry === '*' ? null : hostnameOf(entry)
    if (hostname) named.add(hostname)
  }
  const publicHost = config.publicBaseUrl ? hostnameOf(config.publicBaseUrl) : null
  if (publicHost) named.add(publicHost)
  const boundHost = config.host.replace(/^\[(.*)\]$/, '$1')
  const boundToLoopback = boundHost === 'localhost' || boundHost === '::1' || LOOPBACK_V4.test(boundHost)

  const hostAllowed = (hostname: string) =>
    anyHost || isLoopbackName(hostname) || named.has(hostname) || (!boundToLoopback && isIpLiteral(hostname))

  return {
    /** A sentence saying why the request is refused, or null when it may proceed. */
    check(host: string | undefined, origin: string | undefined): string | null {
      const hostname = host ? hostnameOf(host) : null
      if (!hostname) return 'the Host header is missing or malformed.'
      if (!hostAllowed(hostname)) {
        return `Host '${hostname}' is not allowed. Use localhost, or add the name to ALLOWED_HOSTS (or set PUBLIC_BASE_URL).`
      }
      if (origin === undefined || anyHost || publicHost) return null
      const originHost = hostnameOf(origin)
      if (originHost && (originHost === hostname || isLoopbackName(originHost) || named.has(originHost))) return null
      return `Origin '${origin}' is not allowed. Add its host name to ALLOWED_HOSTS.`
    },
  }
}
