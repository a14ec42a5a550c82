/**
 * Photos in the record's IndexedDB as bytes (issue 39; docs/record.md, "What is stored where"),
 * on IdbStorage over fake-indexeddb: a visit's photo is written as an ArrayBuffer with its
 * type, never a Blob (WebKit's private mode refuses Blobs); a photo stored as a Blob by an
 * earlier version is read with its bytes and type and rewritten as bytes; a deleted visit's
 * old Blob photo comes back whole with the undo.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { newPatient, type PhotoRef, type VisitRecord } from '../../../../web/src/record/model.js'
import { png } from '../fixtures.js'

let n = 0
const NOW = '2026-11-28T10:00:00.000Z'

function visitWith(id: string, patientId: string, photo: PhotoRef): VisitRecord {
  return {
    id,
    patientId,
    date: '2026-11-28',
    created: NOW,
    updated: NOW,
    // The storage keeps the file as it is given; its content plays no part here.
    file: {} as VisitRecord['file'],
    photos: { anterior: photo },
    rev: 0,
  }
}

async function rawPhoto(name: string, key: string): Promise<Record<string, unknown> | undefined> {
  const db = await openDB(name)
  try {
    return (await db.get('photos', key)) as Record<string, unknown> | undefined
  } finally {
    db.close()
  }
}

describe('photos stored as bytes', () => {
  test("a visit's photo is written as an ArrayBuffer with its type, and read back as a Blob of the same bytes", async () => {
    const name = `photo-bytes-${++n}`
    const storage = await IdbStorage.open(name)
    const bytes = png(3, 2)
    const photo = { key: 'p1', type: 'image/png', width: 3, height: 2, blob: new Blob([bytes], { type: 'image/png' }) }
    const patient = newPatient('pat-1', 'PAC-1', NOW, 'added')
    const written = await storage.saveVisit(visitWith('v1', patient.id, photo), null, patient, [photo])
    assert.ok(written.ok)
    assert.deepEqual(written.unstoredPhotos, [])
    const row = await rawPhoto(name, 'p1')
    assert.ok(row?.bytes instanceof ArrayBuffer, 'stored as an ArrayBuffer')
    assert.equal(row?.blob, undefined, 'no Blob stored')
    const read = await storage.photo('p1')
    assert.equal(read?.blob.type, 'image/png')
    assert.deepEqual(new Uint8Array(await read!.blob.arrayBuffer()), new Uint8Array(bytes))
    storage.close()
  })

  test('a photo stored as a Blob by an earlier version: read whole, rewritten as bytes; its deletion undone brings it back', async () => {
    const name = `photo-bytes-${++n}`
    const storage = await IdbStorage.open(name)
    const bytes = png(4, 3)
    const ref = { key: 'old', type: 'image/png', width: 4, height: 3 }
    const patient = newPatient('pat-2', 'PAC-2', NOW, 'added')
    assert.ok((await storage.saveVisit(visitWith('v2', patient.id, ref), null, patient, [])).ok)
    // The row as versions before photos were bytes wrote it.
    const db = await openDB(name)
    await db.put('photos', { ...ref, blob: new Blob([bytes], { type: 'image/png' }) })
    db.close()
    const read = await storage.photo('old')
    assert.equal(read?.blob.type, 'image/png')
    assert.deepEqual(new Uint8Array(await read!.blob.arrayBuffer()), new Uint8Array(bytes))
    const row = await rawPhoto(name, 'old')
    assert.ok(row?.bytes instanceof ArrayBuffer, 'rewritten as bytes once read')
    assert.deepEqual(new Uint8Array(row.bytes as ArrayBuffer), new Uint8Array(bytes))

    // Written as a Blob again, then deleted with its visit and the deletion undone: nothing lost.
    const again = await openDB(name)
    await again.put('photos', { ...ref, blob: new Blob([bytes], { type: 'image/png' }) })
    again.close()
    const until = Date.now() + 60_000
    const deleted = await storage.deleteVisit('v2', until)
    assert.equal(deleted?.photos.length, 1)
    assert.equal(await storage.photo('old'), undefined, 'removed with its visit')
    await storage.undoDeletion(Date.now())
    const back = await storage.photo('old')
    assert.deepEqual(new Uint8Array(await back!.blob.arrayBuffer()), new Uint8Array(bytes))
    storage.close()
  })
})
