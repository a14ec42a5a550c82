/**
 * A crashed worker loses no request behind the shipped proxy configuration
 * (deploy/nginx/posture-metrics.conf, used as shipped but for its addresses): two
 * instances with WORKERS=2 under steady analysis load, with a CPU load beside them at
 * normal priority (one busy process per core, each stopping by itself), one worker of
 * each killed with SIGKILL in turn. The requests the dead worker held are re-sent by nginx to
 * the other instance (proxy_next_upstream ... non_idempotent for /api/), so the
 * clients see no failure. The figures are printed as test diagnostics.
 */

import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { startCpuHog } from '../support/cpu-hog.js'
import {
  distinctPorts,
  type Instance,
  nginxSkip,
  SYSTEM_WAIT_MS,
  shippedProxy,
  startInstance,
  startNginx,
  steadyLoad,
  waitForTraffic,
} from '../support/proxy.js'

describe('a worker killed under load behind deploy/nginx', { skip: nginxSkip() }, () => {
  it('SIGKILL to one worker of each instance in turn: 0 failed requests', async (t) => {
    const env = { WORKERS: '2' }
    const [portA, portB, listen] = (await distinctPorts(3)) as [number, number, number]
    const instances: Instance[] = await Promise.all([startInstance(portA, env), startInstance(portB, env)])
    const nginx = await startNginx(shippedProxy([portA, portB], listen), listen)
    // A request counts as lost when it fails or gets no answer within 30 s. Beside the CPU load, on a
    // 2-core machine that other tests load too, a request re-sent from the killed worker was once
    // answered later than the load generator's usual 10 s (2 of 9,073, no error in nginx's log):
    // slow, which this test does not judge (bench/ does), not lost.
    // Both stop when the kills are done; their own limits only end a run that went wrong.
    const load = steadyLoad(`http://127.0.0.1:${listen}`, 16, 300, 30)
    const hog = startCpuHog(availableParallelism(), 300)
    const killed: number[] = []
    let figures: Awaited<ReturnType<typeof load.stop>>
    let accessLog: string[] = []
    let errorLog = ''
    try {
      await Promise.all([waitForTraffic(portA), waitForTraffic(portB)])
      for (const instance of instances) {
        const victim = instance.workers()[0] as number
        process.kill(victim, 'SIGKILL')
        killed.push(victim)
        const died = await instance.waitForLog((l) => l.msg === 'worker died; starting a replacement')
        assert.equal(died.worker, victim)
        await instance.waitForLog(() => instance.workers().length === 3, SYSTEM_WAIT_MS)
        await waitForTraffic(instance.port)
      }
      await sleep(300)
    } finally {
      figures = await load.stop()
      await hog.stop()
      await nginx.stop()
      errorLog = nginx.errorLog()
      accessLog = nginx.accessLog()
      for (const instance of instances) instance.child.kill('SIGTERM')
      await Promise.all(instances.map((i) => i.exited))
    }
    // nginx logs a re-sent request with every upstream it tried: "200 a:1, b:2 502, 200".
    const retried = accessLog.filter((line) => line.includes(','))
    t.diagnostic(
      `${figures.requests} requests at 16 connections beside ${availableParallelism()} busy processes, workers ${killed.join(' and ')} killed; non-2xx ${figures.non2xx}, ` +
        `socket errors ${figures.errors}, timeouts ${figures.timeouts}; re-sent by nginx to the other instance: ${retried.length}`,
    )
    assert.ok(figures.requests > 1000, `the load was real (${figures.requests} requests)`)
    assert.equal(
      figures.non2xx,
      0,
      `non-2xx answers: ${JSON.stringify(figures.statuses)}\nnginx error log:\n${errorLog}`,
    )
    assert.equal(figures.errors, 0, `socket errors\nnginx error log:\n${errorLog}`)
    assert.equal(figures.timeouts, 0, 'timeouts')
  })
})
