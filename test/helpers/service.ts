import { StoreService, type ScanLimits, type ServicePorts } from '../../src/service.js'
import type { Upstream } from '../../src/upstream/port.js'

/**
 * Scan limits for a test of the service: a few catalogue pages, and a deadline long enough for a busy
 * machine (a test about a deadline sets its own).
 */
export const TEST_SCAN_LIMITS: ScanLimits = { maxPages: 5, deadlineMs: 60_000, maxConcurrent: 10 }

export interface TestServiceOptions extends ServicePorts {
  /** Over TEST_SCAN_LIMITS (a runtime's test passes its config.scan). */
  limits?: Partial<ScanLimits>
  /** The clock openNow is read from. */
  now?: () => Date
}

/** The domain service over an upstream (a fake, or a runtime's): the one way a test builds one. */
export function serviceFor(upstream: Upstream, { limits, now, ...ports }: TestServiceOptions = {}): StoreService {
  return new StoreService(upstream, { ...TEST_SCAN_LIMITS, ...limits }, ports, now)
}
