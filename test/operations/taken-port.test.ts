/**
 * The operations tests' instances (test/support/proxy.ts) on a port another process holds:
 * what happens when, while an instance restarts on its port, another process takes that
 * port (on a shared machine, another test file's server). The instance cannot listen and
 * exits; startInstance must say so, and must not take the other process's GET /ready for
 * the instance's. Before, it did: cascade.test.ts then waited 60 s for analyses counted by
 * a /metrics that was not the instance's, and failed with "the proxy sent no analysis to
 * the instance on port N" (issue 43). The other process here is a record server, which
 * answers /ready with 200 and counts no analysis.
 */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analysesServed, type Instance, startInstance } from '../support/proxy.js'
import { startRecordServer } from '../support/record-server.js'

describe('an instance started on a port another process holds', () => {
  for (const workers of ['1', '2']) {
    it(`WORKERS=${workers}: startInstance fails saying the instance never listened, and no /metrics but the service's counts`, async () => {
      const other = await startRecordServer()
      // Taken for started (the fault this file is about): stopped at the end, so that it cannot
      // listen once the record server has left and outlive the test.
      let taken: Instance | undefined
      try {
        const port = Number(new URL(other.url).port)
        const ready = await fetch(`${other.url}/ready`)
        await ready.arrayBuffer()
        assert.equal(ready.status, 200, 'the other process answers /ready (else this tests nothing)')
        await assert.rejects(
          async () => {
            taken = await startInstance(port, { WORKERS: workers })
          },
          new RegExp(`the service for port ${port} exited \\(code 1, signal null\\) before it listened there`),
        )
        await assert.rejects(analysesServed(port), new RegExp(`GET /metrics on port ${port} `))
      } finally {
        if (taken !== undefined) {
          taken.child.kill('SIGKILL')
          for (const pid of taken.workers()) process.kill(pid, 'SIGKILL')
          await taken.exited
        }
        await other.dispose()
      }
    })
  }
})
