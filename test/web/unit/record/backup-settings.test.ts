/**
 * The clinic's report settings in a backup of the whole record (docs/record.md, "Report
 * settings in a backup"): written with the record (clinic, clinician, logo in base64),
 * absent when none are set and from a patient's or a visit's backup; read back the same;
 * a clinic too long, a line break in it or a logo that is no PNG or JPEG refused with the
 * field named, before anything is written. Restoring, against the real RecordController
 * and IdbStorage on fake-indexeddb: taken when the record has none; the same settings
 * change nothing and ask nothing; other settings are asked about, Cancel keeps this
 * record's and the notice says so, "Use the backup's" writes them with the import.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import { checkRaster, type DecodedImage } from '../../../../web/src/files/raster.js'
import { REPORT_TEXT_MAX } from '../../../../web/src/files/report-settings.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { BackupError, backupFileOf, parseBackup, sameSettings, settingsSet } from '../../../../web/src/record/backup.js'
import { RecordController } from '../../../../web/src/record/controller.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { newPatient, type VisitRecord } from '../../../../web/src/record/model.js'
import type { Question } from '../../../../web/src/record/questions.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { markedDoc, png } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'
let n = 0
const newId = () => `id${++n}`

const LOGO = png(120, 40)
const OTHER_LOGO = png(120, 40, 7)
const SETTINGS = {
  clinic: 'Clínica Postural Núñez & Asociados',
  clinician: 'Dra. María Pérez Ibáñez',
  logo: { bytes: LOGO, type: 'image/png' as const, width: 120, height: 40 },
}

function recordData() {
  const state = commands.setNotes(
    commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
      patientId: 'PAC-1',
      date: '2026-03-10',
    }),
    'Báscula pélvica.\nRevisar en tres meses.',
  )
  const file = assessmentFileOf(state, new Date(NOW))!
  const patient = newPatient('p1', 'PAC-1', NOW, 'added', 'Ana')
  const visit: VisitRecord = {
    id: 'v1',
    patientId: 'p1',
    date: '2026-03-10',
    created: NOW,
    updated: NOW,
    file,
    photos: {},
    rev: 0,
  }
  return { patient, visit }
}

function backupText(settings: typeof SETTINGS | null, scope: 'record' | 'patient' = 'record'): string {
  const { patient, visit } = recordData()
  return JSON.stringify(backupFileOf(scope, [patient], [visit], new Map(), NOW, [], settings))
}

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into the JSON they change
type Json = any

describe('report settings in the backup file', () => {
  test('written with the record and read back the same; the visit keeps its notes', () => {
    const text = backupText(SETTINGS)
    const data = JSON.parse(text) as Json
    assert.equal(data.report_settings.clinic, SETTINGS.clinic)
    assert.equal(data.report_settings.logo.type, 'image/png')
    assert.equal(data.report_settings.logo.data, Buffer.from(LOGO).toString('base64'))
    const back = parseBackup(text, NOW, newId)
    assert.ok(back.settings)
    assert.equal(back.settings.clinic, SETTINGS.clinic)
    assert.equal(back.settings.clinician, SETTINGS.clinician)
    assert.deepEqual(
      { type: back.settings.logo?.type, width: back.settings.logo?.width, height: back.settings.logo?.height },
      { type: 'image/png', width: 120, height: 40 },
    )
    assert.ok(sameSettings(back.settings, SETTINGS))
    assert.equal(back.visits[0]!.file.notes, 'Báscula pélvica.\nRevisar en tres meses.')
  })

  test('absent when none are set (a backup reads as before), and without a logo as null', () => {
    assert.equal('report_settings' in JSON.parse(backupText(null)), false)
    const empty = { clinic: '', clinician: '', logo: null }
    assert.equal(settingsSet(empty), false)
    assert.equal('report_settings' in JSON.parse(backupText(empty as unknown as typeof SETTINGS)), false)
    assert.equal(parseBackup(backupText(null), NOW, newId).settings, null)
    const noLogo = { ...SETTINGS, logo: null }
    const back = parseBackup(backupText(noLogo as unknown as typeof SETTINGS), NOW, newId)
    assert.deepEqual(back.settings, noLogo)
  })

  test('refused with the field named: a clinic too long or of two lines, a logo that is no image or not PNG or JPEG', () => {
    setLocale('en')
    const refused = (change: (d: Json) => void, pattern: RegExp) => {
      const data = JSON.parse(backupText(SETTINGS)) as Json
      change(data)
      assert.throws(
        () => parseBackup(JSON.stringify(data), NOW, newId),
        (e: Error) => e instanceof BackupError && pattern.test(e.message),
        pattern.source,
      )
    }
    refused((d) => {
      d.report_settings.clinic = 'x'.repeat(REPORT_TEXT_MAX + 1)
    }, /report_settings\.clinic: must have at most 120 characters/)
    refused((d) => {
      d.report_settings.clinician = 'Dra.\nPérez'
    }, /report_settings\.clinician: must be one line of text/)
    refused((d) => {
      d.report_settings.clinic = 'Clínica\u2028Núñez'
    }, /report_settings\.clinic: must be one line of text/)
    refused((d) => {
      d.report_settings.logo.data = Buffer.from('GIF89a and more bytes here').toString('base64')
    }, /report_settings\.logo\.data: /)
    refused((d) => {
      d.report_settings.logo.type = 'image/gif'
    }, /report_settings\.logo\.type: must be "image\/png" or "image\/jpeg"/)
    refused((d) => {
      d.report_settings.extra = 1
    }, /report_settings\.extra: is not a field of this file/)
  })
})

/** A decoder for node: the size a PNG's header gives (the browser decodes it with createImageBitmap). */
async function headerSize(blob: Blob): Promise<DecodedImage> {
  const checked = checkRaster(new Uint8Array(await blob.arrayBuffer()), {
    maxBytes: 1e6,
    maxSide: 5000,
    maxMegapixels: 10,
  })
  if (!checked.ok) throw new Error('not a raster image')
  return { width: checked.width, height: checked.height, close: () => undefined }
}

async function controller(name: string, answers: boolean[], asked: Question[]) {
  const storage = await IdbStorage.open(name)
  const store = createStore<AppState>(initialState())
  const record = new RecordController(store, storage, async () => undefined, {
    ask: {
      confirm: async (q) => {
        asked.push(q)
        return answers.shift() ?? false
      },
      // Every patient and visit of these backups is in the record already: no plan to show.
      importPlan: async () => null,
    },
    tab: 'tab',
    channel: null,
    storablePhoto: async () => {
      throw new Error('no photos here')
    },
    urlOf: async () => null,
    verifyPhoto: async (blob) => blob,
    decodeLogo: headerSize,
    download: () => undefined,
    onHide: () => undefined,
    liveTabs: async () => new Set(['tab']),
    now: () => new Date(NOW),
    newId,
  })
  await record.start()
  return { storage, store, record }
}

const stored = async (storage: IdbStorage) => {
  const s = (await storage.reportSettings()) as { clinic: string; clinician: string; logo: Blob | null } | undefined
  return s && { clinic: s.clinic, clinician: s.clinician, logo: s.logo && new Uint8Array(await s.logo.arrayBuffer()) }
}

describe('restoring a backup with report settings', () => {
  test('taken when this record has none; the same settings ask nothing and change nothing', async () => {
    setLocale('en')
    const asked: Question[] = []
    const { storage, store, record } = await controller('settings-none', [], asked)
    // The record itself imported: its visit is there already, so only the settings are new.
    const { patient, visit } = recordData()
    await storage.restore([patient], [visit], [])
    await record.importBackup(new File([backupText(SETTINGS)], 'copia.json'), record.effects.ask)
    assert.deepEqual(asked, [])
    assert.deepEqual(await stored(storage), { clinic: SETTINGS.clinic, clinician: SETTINGS.clinician, logo: LOGO })
    assert.match(store.get().notice?.text ?? '', /report settings are now the backup's/)
    await record.importBackup(new File([backupText(SETTINGS)], 'copia.json'), record.effects.ask)
    assert.deepEqual(asked, [], 'the same settings: no question')
    assert.match(store.get().notice?.text ?? '', /Nothing new in copia\.json/)
    await record.stop()
    storage.close()
  })

  test('other settings are asked about: Cancel keeps this record’s and says so; "Use the backup’s" writes them', async () => {
    setLocale('es')
    const asked: Question[] = []
    const answers = [false, true]
    const { storage, store, record } = await controller('settings-differ', answers, asked)
    const { patient, visit } = recordData()
    await storage.restore([patient], [visit], [])
    const ours = {
      clinic: 'Centro Fisio Norte',
      clinician: 'Luis Gil',
      logo: new Blob([OTHER_LOGO], { type: 'image/png' }),
    }
    await storage.saveReportSettings(ours)

    await record.importBackup(new File([backupText(SETTINGS)], 'copia.json'), record.effects.ask)
    assert.equal(asked.length, 1)
    assert.equal(asked[0]!.id, 'import-settings')
    assert.match(asked[0]!.text, /Centro Fisio Norte/)
    assert.match(asked[0]!.text, /Clínica Postural Núñez & Asociados/)
    assert.deepEqual(await stored(storage), { clinic: ours.clinic, clinician: ours.clinician, logo: OTHER_LOGO })
    assert.match(
      store.get().notice?.text ?? '',
      /Se ha mantenido la configuración de los informes de este navegador \(clínica «Centro Fisio Norte»\)/,
    )

    let heard = 0
    record.settingsImported = () => heard++
    await record.importBackup(new File([backupText(SETTINGS)], 'copia.json'), record.effects.ask)
    assert.equal(asked.length, 2)
    assert.deepEqual(await stored(storage), { clinic: SETTINGS.clinic, clinician: SETTINGS.clinician, logo: LOGO })
    assert.match(store.get().notice?.text ?? '', /es ahora la de la copia/)
    assert.equal(heard, 1, 'the settings panel and the printed report are told')
    await record.stop()
    storage.close()
  })

  test("the whole record's backup carries the settings; a patient's does not", async () => {
    const { storage, record } = await controller('settings-export', [], [])
    const { patient, visit } = recordData()
    await storage.restore([patient], [visit], [])
    await storage.saveReportSettings({
      clinic: 'Clínica',
      clinician: '',
      logo: new Blob([LOGO], { type: 'image/png' }),
    })
    const whole = (await record.backupOf('record')).file
    assert.equal(whole.report_settings?.clinic, 'Clínica')
    assert.equal(whole.report_settings?.logo?.data, Buffer.from(LOGO).toString('base64'))
    assert.equal((await record.backupOf('patient', 'p1')).file.report_settings, undefined)
    await record.stop()
    storage.close()
  })
})
