/**
 * Restarts never cascade behind the shipped proxy configuration (docs/operations.md,
 * "Shedding and the proxy"): two instances behind deploy/nginx/posture-metrics.conf
 * (as shipped but for its addresses), steady analysis load at 16 connections, a CPU
 * load beside them at normal priority (one busy process per core, each stopping by
 * itself), and instances sent SIGTERM and started again on their port. While one
 * instance is gone the other carries all the load: the moment a request it shed once
 * took it out of rotation too (http_503 counted as a failed attempt, max_fails=1), and
 * nginx answered every request 502 "no live upstreams" for a second or more (issue 43).
 *
 * - At the default queue limit, each instance restarted in turn: no failed request.
 * - With MAX_QUEUE_MS=1 and 64 connections, so that the instances shed for sure, one instance restarted:
 *   no "no live upstreams", no 502; the only failures allowed are requests shed by
 *   both attempts nginx makes (the service's own 503 with Retry-After). Against the
 *   former configuration this case fails with thousands of 502s.
 *
 * Once with WORKERS=1 and once with WORKERS=2. The figures (requests, requests shed by
 * an instance and where nginx sent them) are printed as test diagnostics.
 */

import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { describe, it } from 'node:test'
import { startCpuHog } from '../support/cpu-hog.js'
import {
  distinctPorts,
  type Instance,
  type LogLine,
  nginxSkip,
  shippedProxy,
  startInstance,
  startNginx,
  steadyLoad,
  waitForTraffic,
} from '../support/proxy.js'

const LOAD_CONNECTIONS = 16
/** The CPU load's busy processes and the load stop by themselves after this long, s (the test stops them far sooner; this only ends a run that went wrong). */
const HOG_SECONDS = 300
/**
 * The runs that must shed: the lowest queue limit, and four times the connections. An analysis
 * takes well under a millisecond, so at 16 connections a worker seldom queues even 5 ms of work
 * in one turn and whether any request was shed was left to chance (a fresh-clone CI run shed
 * none with WORKERS=2). At 64 connections a worker takes a few dozen requests in a turn: more
 * than 1 ms of work, with both instances up and all the more with one.
 */
const SHEDDING_MAX_QUEUE_MS = '1'
const SHEDDING_CONNECTIONS = 64

interface Case {
  readonly workers: '1' | '2'
  /** MAX_QUEUE_MS of the instances, or undefined for the default. */
  readonly maxQueueMs?: string
  /** Which instances are restarted, in turn. */
  readonly restart: readonly number[]
}

const CASES: readonly Case[] = [
  { workers: '1', restart: [0, 1] },
  { workers: '2', restart: [0, 1] },
  { workers: '1', maxQueueMs: SHEDDING_MAX_QUEUE_MS, restart: [0] },
  { workers: '2', maxQueueMs: SHEDDING_MAX_QUEUE_MS, restart: [0] },
]

describe('restarts behind deploy/nginx beside a CPU load', { skip: nginxSkip() }, () => {
  for (const c of CASES) {
    const shedding = c.maxQueueMs !== undefined
    const title =
      `WORKERS=${c.workers}${shedding ? `, MAX_QUEUE_MS=${c.maxQueueMs}` : ''}: ` +
      `${c.restart.length === 2 ? 'each of two instances' : 'one of two instances'} restarted with SIGTERM beside a CPU load: ` +
      `no "no live upstreams", ${shedding ? 'no failed request but one shed by both attempts' : '0 failed requests'}`
    it(title, async (t) => {
      const env: Record<string, string> = { WORKERS: c.workers, ...(shedding ? { MAX_QUEUE_MS: c.maxQueueMs } : {}) }
      const [portA, portB, listen] = (await distinctPorts(3)) as [number, number, number]
      const instances: Instance[] = await Promise.all([startInstance(portA, env), startInstance(portB, env)])
      const nginx = await startNginx(shippedProxy([portA, portB], listen), listen)
      const connections = shedding ? SHEDDING_CONNECTIONS : LOAD_CONNECTIONS
      const load = steadyLoad(`http://127.0.0.1:${listen}`, connections, HOG_SECONDS)
      const hogs = availableParallelism()
      const hog = startCpuHog(hogs, HOG_SECONDS)
      const exits: { port: number; code: number | null }[] = []
      const allLogs: LogLine[] = []
      const started = Date.now()
      let figures: Awaited<ReturnType<typeof load.stop>>
      let errorLog = ''
      let accessLog: string[] = []
      try {
        await Promise.all([waitForTraffic(portA), waitForTraffic(portB)])
        for (const index of c.restart) {
          const old = instances[index] as Instance
          old.child.kill('SIGTERM')
          const exit = await old.exited
          exits.push({ port: old.port, code: exit.code })
          allLogs.push(...old.logs)
          instances[index] = await startInstance(old.port, env)
          // The next instance goes down as soon as the proxy sends this one traffic again:
          // it then carries the whole load while it has served only a few requests.
          await waitForTraffic(old.port)
        }
        // Both serve again, the last one restarted included.
        await Promise.all([waitForTraffic(portA), waitForTraffic(portB)])
      } finally {
        figures = await load.stop()
        await hog.stop()
        await nginx.stop()
        errorLog = nginx.errorLog()
        accessLog = nginx.accessLog()
        for (const instance of instances) {
          if (instance.child.exitCode === null) instance.child.kill('SIGTERM')
        }
        await Promise.all(instances.map((i) => i.exited))
        for (const instance of instances) allLogs.push(...instance.logs)
      }
      const seconds = (Date.now() - started) / 1000
      // The access log's lines are `status upstream_addr upstream_status`, an address and a status
      // per attempt: ", " between the attempts of one pass through the upstream, " : " where the
      // request went through it again (error_page). "200 a, b 503, 200" or "200 a : b 503 : 200"
      // is a request shed by a and served by b.
      const upstreamStatuses = (line: string) =>
        line
          .split(' ')
          .slice(1)
          .filter((word) => /^(\d{3}|-),?$/.test(word))
          .map((word) => word.replace(',', ''))
      const shedLines = accessLog.filter((l) => upstreamStatuses(l).includes('503'))
      // Shed by both attempts: the client's 503 is the last instance's own, and an instance shed it
      // before too. An attempt at an instance that is restarting (refused: 502 in the log) may come
      // first: "503 a, b : b 503, 503 : 503" is a request refused by a, then shed by b twice.
      const shedTwice = accessLog.filter((l) => {
        const statuses = upstreamStatuses(l)
        return l.startsWith('503 ') && statuses.at(-1) === '503' && statuses.filter((s) => s === '503').length >= 2
      })
      const noLive = errorLog.split('\n').filter((l) => l.includes('no live upstreams'))
      const shedLogs = allLogs.filter((l) => l.msg === 'overloaded: shedding requests with 503')
      t.diagnostic(
        `WORKERS=${c.workers}: ${figures.requests} requests in ${seconds.toFixed(1)} s at ${connections} connections beside ` +
          `${hogs} busy processes; non-2xx ${figures.non2xx}, socket errors ${figures.errors}, ` +
          `timeouts ${figures.timeouts}; statuses ${JSON.stringify(figures.statuses)}; requests an instance shed: ` +
          `${shedLines.length}, of which shed by both attempts: ${shedTwice.length}; "no live upstreams": ${noLive.length}`,
      )
      if (shedLines.length > 0)
        t.diagnostic(`nginx's lines for shed requests (first 10):\n${shedLines.slice(0, 10).join('\n')}`)
      if (shedLogs.length > 0)
        t.diagnostic(
          `shedding as the instances logged it (first 10):\n${shedLogs
            .slice(0, 10)
            .map((l) => JSON.stringify(l))
            .join('\n')}`,
        )
      assert.ok(figures.requests > 1000, `the load was real (${figures.requests} requests)`)
      assert.deepEqual(noLive.slice(0, 5), [], 'nginx never found every instance out of rotation')
      if (shedding) assert.ok(shedLines.length > 0, 'the instances shed requests (else this case tests nothing)')
      // The one loss allowed, and only where the queue limit is set low to make the instances
      // shed: a request shed by both attempts nginx makes (the first instance and the one it
      // re-sends it to), answered to the client with the service's 503 and Retry-After. That is
      // load shedding doing its job, not a failure of the proxy; at the default limit none.
      // Every answer nginx gave but a 200 is a request shed by both attempts; a 499 is a request the
      // load generator gave up on as it stopped, not an answer. The client saw at most those 503s: one
      // shed twice as the load stopped may never have reached it.
      const notShedTwice = accessLog.filter((l) => !/^(200|499) /.test(l) && !shedTwice.includes(l))
      assert.deepEqual(
        notShedTwice.slice(0, 20),
        [],
        `answers of nginx other than 200 and requests shed by both attempts\nnginx error log:\n${errorLog.slice(0, 4000)}`,
      )
      assert.ok(
        figures.non2xx <= (shedding ? shedTwice.length : 0),
        `non-2xx answers beyond requests shed by both attempts (${shedTwice.length}): ${JSON.stringify(figures.statuses)}`,
      )
      assert.equal(figures.non2xx, figures.statuses[503] ?? 0, `only 503s: ${JSON.stringify(figures.statuses)}`)
      assert.equal(figures.errors, 0, `socket errors\nnginx error log:\n${errorLog.slice(0, 4000)}`)
      assert.equal(figures.timeouts, 0, 'timeouts')
      for (const exit of exits) assert.equal(exit.code, 0, `instance :${exit.port} exit code`)
    })
  }
})
