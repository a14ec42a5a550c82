/** What the FHIR builder is given (web/src/fhir/export-input.ts): attachments with their SHA-1 and size, the visit on screen, a visit of the record, the options and versions. */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  exportInput,
  fhirAttachment,
  fhirPhoto,
  type PhotoSource,
  recordVisit,
  screenVisit,
  sha1Base64,
} from '../../../../web/src/fhir/export-input.js'
import { APP_VERSION, POSE_MODEL_VERSION, UNBUILT_VERSION } from '../../../../web/src/fhir/versions.js'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc, png } from '../fixtures.js'

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64')

/** Photos by URL and by key, as PNGs of known bytes. */
function photoSource(): PhotoSource & { bytes: Map<string, Uint8Array<ArrayBuffer>> } {
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>()
  const of = (name: string, salt: number) => {
    const b = bytes.get(name) ?? png(600, 1000, salt)
    bytes.set(name, b)
    return { type: 'image/png', width: 600, height: 1000, blob: new Blob([b], { type: 'image/png' }) }
  }
  return {
    bytes,
    screenPhoto: async (url) => of(url, 1),
    storedPhoto: async (key) => (key === 'missing' ? undefined : of(key, 2)),
  }
}

describe('attachments', () => {
  test("SHA-1 in base64, as FHIR's Attachment.hash wants it, equal to node's", async () => {
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('abc'), png(3, 4)]) {
      assert.equal(await sha1Base64(new Uint8Array(bytes)), sha1(bytes))
    }
    // The FIPS 180 example: SHA-1("abc") = a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d.
    assert.equal(
      await sha1Base64(new TextEncoder().encode('abc')),
      Buffer.from('a9993e364706816aba3e25717850c26c9cd0d89d', 'hex').toString('base64'),
    )
  })

  test('an attachment carries the bytes in base64, their type, hash and size; a photo its pixel size too', async () => {
    const bytes = png(600, 1000)
    const a = await fhirAttachment(bytes, 'image/png')
    assert.deepEqual(a, {
      contentType: 'image/png',
      base64: Buffer.from(bytes).toString('base64'),
      sha1Base64: sha1(bytes),
      size: bytes.length,
    })
    const p = await fhirPhoto({ type: 'image/png', width: 600, height: 1000, blob: new Blob([bytes]) })
    assert.deepEqual(p, { ...a, width: 600, height: 1000 })
  })
})

describe('the visit on screen', () => {
  test('nothing marked: nothing to export', async () => {
    assert.equal(await screenVisit(initialState(), new Date(), photoSource(), () => 'new'), null)
  })

  test('work in no record: a new id, started now, the assessment file as saved, each marked view with its photo', async () => {
    let s = commands.commit(initialState(), markedDoc('anterior', 'data:image/png;base64,AAAA'))
    s = commands.commit(commands.setView(s, 'lateral'), markedDoc('lateral', null))
    s = commands.setMeta(s, { patientId: ' PAC-1 ', date: '2026-03-10' })
    const now = new Date('2026-03-10T09:30:00Z')
    const photos = photoSource()
    const visit = await screenVisit(s, now, photos, () => 'visit-new')
    assert.ok(visit)
    assert.equal(visit.id, 'visit-new')
    assert.equal(visit.created, now.toISOString())
    assert.equal(visit.date, '2026-03-10')
    assert.deepEqual(visit.file, assessmentFileOf(s, now))
    // The lateral view has no photo (a file loaded without it): no attachment, its markers still go.
    assert.deepEqual(Object.keys(visit.photos), ['anterior'])
    const bytes = photos.bytes.get('data:image/png;base64,AAAA')!
    assert.equal(visit.photos.anterior?.sha1Base64, sha1(bytes))
    assert.equal(visit.photos.anterior?.width, 600)
  })

  test('a visit of the record keeps its id and start time', async () => {
    let s = commands.commit(initialState(), markedDoc('anterior'))
    s = { ...s, record: { visitId: 'v-7', patientId: 'p-1', created: '2026-03-10T08:00:00.000Z' } }
    const visit = await screenVisit(s, new Date('2026-03-10T09:30:00Z'), photoSource(), () => 'never')
    assert.equal(visit?.id, 'v-7')
    assert.equal(visit?.created, '2026-03-10T08:00:00.000Z')
  })
})

describe('a visit of the record', () => {
  test('its id, date, start time and file, with its stored photos by key; a photo no longer stored is left out', async () => {
    const s = commands.commit(initialState(), markedDoc('anterior'))
    const file = assessmentFileOf(s, new Date('2026-03-10T09:30:00Z'))!
    const visit: VisitRecord = {
      id: 'v-1',
      patientId: 'p-1',
      date: '2026-03-10',
      created: '2026-03-10T09:00:00.000Z',
      updated: '2026-03-10T09:30:00.000Z',
      file,
      photos: {
        anterior: { key: 'k-a', type: 'image/png', width: 600, height: 1000 },
        lateral: { key: 'missing', type: 'image/png', width: 600, height: 1000 },
      },
      rev: 3,
    }
    const photos = photoSource()
    const out = await recordVisit(visit, photos)
    assert.deepEqual(
      { ...out, photos: Object.keys(out.photos) },
      { id: 'v-1', date: '2026-03-10', created: '2026-03-10T09:00:00.000Z', file, photos: ['anterior'] },
    )
    assert.equal(out.photos.anterior?.sha1Base64, sha1(photos.bytes.get('k-a')!))
  })
})

describe('the input', () => {
  test('the versions of this build (development when unbuilt, as here), trimmed options, empty ones left out', () => {
    assert.equal(APP_VERSION, UNBUILT_VERSION)
    assert.equal(POSE_MODEL_VERSION, UNBUILT_VERSION)
    const newUuid = () => 'u'
    const input = exportInput(
      {
        kind: 'transaction',
        patient: { identifier: ' PAC-1 ', name: ' Ana ' },
        placementSd: 2,
        options: { identifierSystem: ' urn:oid:1.2.3 ', performerName: '  ' },
        now: new Date('2026-03-10T10:00:00Z'),
        newUuid,
      },
      [],
    )
    assert.deepEqual(input, {
      kind: 'transaction',
      patient: { identifier: 'PAC-1', name: 'Ana' },
      visits: [],
      placementSd: 2,
      options: { identifierSystem: 'urn:oid:1.2.3' },
      versions: { app: 'development', poseModel: '@mediapipe/pose development full' },
      now: '2026-03-10T10:00:00.000Z',
      newUuid,
    })
  })
})
