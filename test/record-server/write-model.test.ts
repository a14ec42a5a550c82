/**
 * The record server's write path held to a pure model (fast-check model-based
 * testing, against a real server process): random sequences of writes from any
 * revision (current or stale), retries of earlier changes by their id, reads and
 * pulls, shrunk to the shortest failing sequence. The model says what must happen:
 * a write applies exactly when it names the stored revision; a retried change that
 * applied answers the same and writes nothing; one that was refused is judged again.
 * So no write is lost, applied twice or applied over a revision it did not see.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  RecordClient,
  type RecordServer,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const VISITS = 3

interface PushedChange {
  readonly body: { change_id: string; base_rev: number | null; visit: { id: string; content: unknown } }
  /** The revision it was stored at, once applied. */
  appliedRev: number | undefined
}

interface Model {
  /** Per visit slot: its revision and content on the server, or undefined when not written yet. */
  readonly visits: ({ rev: number; content: unknown } | undefined)[]
  readonly pushed: PushedChange[]
}

interface Real {
  readonly client: RecordClient
  readonly prefix: string
  readonly cursor: number
}

const visitId = (real: Real, slot: number) => `${real.prefix}-v${slot}`

/** Applies a change in the model if it names the stored revision: the revision it got, or undefined (refused). */
function modelApply(model: Model, slot: number, change: PushedChange): number | undefined {
  const stored = model.visits[slot]
  if ((stored?.rev ?? null) !== change.body.base_rev) return undefined
  const rev = (stored?.rev ?? 0) + 1
  model.visits[slot] = { rev, content: change.body.visit.content }
  change.appliedRev = rev
  return rev
}

async function push(real: Real, change: PushedChange['body']) {
  const answer = await real.client.request('POST', '/api/sync/push', { changes: [change] })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body.results[0]
}

class Write implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly baseRev: number | null,
    readonly second: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const change: PushedChange = {
      body: {
        change_id: randomUUID(),
        op: 'put_visit',
        base_rev: this.baseRev,
        visit: {
          id: visitId(real, this.slot),
          patient_id: `${real.prefix}-p`,
          date: '2026-05-04',
          created: '2026-05-04T08:00:00.000Z',
          content: assessment(`2026-05-04T09:00:${String(this.second).padStart(2, '0')}.000Z`),
          photos: {},
        },
      } as PushedChange['body'],
      appliedRev: undefined,
    }
    model.pushed.push(change)
    const expected = modelApply(model, this.slot, change)
    const result = await push(real, change.body)
    if (expected === undefined) {
      assert.equal(result.status, 'refused')
      assert.equal(result.error.type, 'conflict')
      assert.equal(result.error.ctx.current?.rev ?? null, model.visits[this.slot]?.rev ?? null)
    } else {
      assert.equal(result.status, 'applied', JSON.stringify(result))
      assert.equal(result.entity.rev, expected)
    }
  }
  toString = () => `write(v${this.slot}, from ${this.baseRev}, :${this.second})`
}

class Retry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.pushed.length > 0
  async run(model: Model, real: Real) {
    const change = model.pushed[this.pick % model.pushed.length] as PushedChange
    const slot = Number(change.body.visit.id.slice(-1))
    const result = await push(real, change.body)
    if (change.appliedRev !== undefined) {
      assert.equal(result.status, 'applied')
      assert.equal(result.replayed, true)
      assert.equal(result.entity.rev, change.appliedRev)
      return
    }
    const expected = modelApply(model, slot, change)
    if (expected === undefined) assert.equal(result.status, 'refused')
    else {
      assert.equal(result.status, 'applied')
      assert.equal(result.entity.rev, expected)
    }
  }
  toString = () => `retry(#${this.pick})`
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(readonly slot: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const answer = await real.client.request('GET', `/api/visits/${visitId(real, this.slot)}`)
    const stored = model.visits[this.slot]
    if (!stored) assert.equal(answer.status, 404)
    else {
      assert.equal(answer.status, 200)
      assert.equal(answer.body.visit.rev, stored.rev)
      assert.deepEqual(answer.body.visit.content, stored.content)
    }
  }
  toString = () => `read(v${this.slot})`
}

class Pull implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    const answer = await real.client.request('GET', `/api/sync/pull?cursor=${real.cursor}`)
    const visits = answer.body.changes.filter((c: { kind: string }) => c.kind === 'visit')
    const pulled = Object.fromEntries(visits.map((c: { id: string; visit: { rev: number } }) => [c.id, c.visit.rev]))
    const expected = Object.fromEntries(model.visits.flatMap((v, slot) => (v ? [[visitId(real, slot), v.rev]] : [])))
    assert.deepEqual(pulled, expected)
    assert.equal(visits.length, Object.keys(expected).length, 'each visit pulled once')
  }
  toString = () => 'pull'
}

for (const store of testStores()) {
  describe(`record server (${store.name}): the write path against a model`, { skip: store.skip }, () => {
    let server: RecordServer
    let clinician: RecordClient

    before(async () => {
      server = await startRecordServer({ database: await store.database(), env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
      const admin = new RecordClient(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      clinician = await userClient(admin, 'clinician')
    })
    after(async () => server?.dispose())

    it('loses no write and applies none twice, over random sequences of writes, retries, reads and pulls', async () => {
      const slot = fc.integer({ min: 0, max: VISITS - 1 })
      const commands = fc.commands(
        [
          fc
            .tuple(slot, fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), fc.integer({ min: 0, max: 59 }))
            .map(([s, rev, second]) => new Write(s, rev, second)),
          fc.nat().map((pick) => new Retry(pick)),
          slot.map((s) => new Read(s)),
          fc.constant(new Pull()),
        ],
        { maxCommands: 25 },
      )
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const prefix = `m${randomUUID().slice(0, 8)}`
          const patient = await clinician.request('POST', '/api/changes', {
            change_id: randomUUID(),
            op: 'put_patient',
            base_rev: null,
            patient: {
              id: `${prefix}-p`,
              identifier: prefix,
              name: '',
              notes: '',
              created: '2026-05-04T08:00:00.000Z',
            },
          })
          assert.equal(patient.status, 201)
          const cursor = patient.body.entity.seq
          await fc.asyncModelRun(
            () => ({
              model: { visits: Array.from({ length: VISITS }, () => undefined), pushed: [] },
              real: { client: clinician, prefix, cursor },
            }),
            sequence,
          )
        }),
        { numRuns: 40 },
      )
    })
  })
}
