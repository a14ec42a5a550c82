/**
 * Reading the service's Prometheus text (GET /metrics): one series' value, and a wait
 * until the service has started a number of requests (http_requests_in_flight), the
 * event tests wait on before they signal a server with requests in flight.
 */
import { setTimeout as sleep } from 'node:timers/promises'

/** The value of one series in Prometheus text, or undefined. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

/**
 * Resolves once `base` (with GET /metrics on, the default) counts at least `count`
 * requests in flight besides the scrape itself: the service has read their headers
 * and started them. With WORKERS > 1 the figure is every worker's, added up. Fails
 * after `ms`, saying how many it saw.
 */
export async function waitForRequestsInFlight(base: string, count: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  let seen: number | undefined
  for (;;) {
    const response = await fetch(`${base}/metrics`)
    seen = sample(await response.text(), 'http_requests_in_flight')
    if (seen !== undefined && seen - 1 >= count) return
    if (Date.now() > deadline)
      throw new Error(
        `${base}: ${count} requests in flight expected within ${ms} ms; /metrics says ${seen === undefined ? 'nothing' : seen - 1} besides its own`,
      )
    await sleep(20)
  }
}
