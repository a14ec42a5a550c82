/**
 * The patient record in a real Chromium with a persistent profile (a user-data-dir
 * kept between launches): two patients, three visits each with photos; after a
 * reload and after closing and reopening the browser everything is there (markers
 * byte-identical, values equal, photos' bytes equal); a file of the other patient
 * loaded while one is open is never merged.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, loadPhoto, OUTPUT, placeGuided, shownResults, startHarness } from '../support/browser.js'
import {
  clickAndAnswer,
  openRecord,
  PersistentBrowser,
  savedToRecord,
  snapshot,
  storedRecord,
} from '../support/record.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
/** One profile for the whole file: each test goes on with the record the one before left. */
let browser: PersistentBrowser

before(async () => {
  h = await startHarness()
  browser = PersistentBrowser.create(h)
})

after(async () => {
  await browser?.close()
  await h?.close()
})

const launch = () => browser.launch()

/** The assessment file of the screen, with its patient, date and markers moved by `dx` px. */
function variant(template: unknown, patient: string, date: string, dx: number): Buffer {
  const file = structuredClone(template) as {
    patient_id: string
    assessment_date: string
    views: Record<string, { markers: Record<string, [number, number]>; results: unknown }>
  }
  file.patient_id = patient
  file.assessment_date = date
  for (const view of Object.values(file.views)) {
    view.markers = Object.fromEntries(Object.entries(view.markers).map(([name, p]) => [name, [p[0] + dx, p[1]]]))
    view.results = null
  }
  return Buffer.from(JSON.stringify(file))
}

/** A new visit of a patient (added to the list first when new), filled from an assessment file and the view's photo. */
async function visitFromFile(
  page: Page,
  patient: string,
  file: Buffer,
  isNew: boolean,
): Promise<Record<string, number>> {
  await openRecord(page)
  if (isNew) {
    await page.locator('#record-new-id').fill(patient)
    await page.locator('#record-add').click()
  } else {
    await page.locator(`#record-patients li[data-patient="${patient}"] button`).click()
  }
  await page.locator(`.record-patient-visits[data-patient="${patient}"] #record-new-visit`).click()
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  await page.locator('#session-input').setInputFiles({ name: 'visit.json', mimeType: 'application/json', buffer: file })
  // The file is read and applied asynchronously: a photo opened before that ends is replaced with the file's
  // view (a repeat run on a loaded machine timed out waiting for it). Its date on screen (the ISO date the
  // field shows in the language's form) says it is applied.
  const { assessment_date: date } = JSON.parse(file.toString('utf8')) as { assessment_date: string }
  await page.waitForFunction(
    (d) =>
      (
        globalThis as unknown as {
          document: { getElementById(id: string): { getAttribute(name: string): string | null } | null }
        }
      ).document
        .getElementById('assessment-date')
        ?.getAttribute('data-iso') === d,
    date,
  )
  await loadPhoto(page, h, 'anterior')
  try {
    const values = await shownResults(page)
    await savedToRecord(page)
    return values
  } catch (error) {
    await page.screenshot({ path: `${OUTPUT}record-failed.png` })
    throw error
  }
}

describe('patient record', () => {
  test('two patients, three visits each with photos: kept across reload and browser restart; another patient is never merged', async () => {
    let { context, page, errors } = await launch()
    // Visit 1 of PAC-A marked by hand.
    await page.locator('#patient-id').fill('PAC-A')
    await page.locator('#assessment-date').fill('2026-01-10')
    await loadPhoto(page, h, 'anterior')
    await placeGuided(page, FIGURES.anterior)
    await page.locator('#grid-cm').fill(String(FIGURES.anterior.scaleCm))
    await page.locator('#grid-cm').press('Enter')
    const first = await shownResults(page)
    await savedToRecord(page)
    await page.locator('#record-status[data-saved="true"]').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
    assert.equal(download.suggestedFilename(), 'posture-PAC-A-2026-01-10-assessment.json')
    await download.saveAs(`${OUTPUT}record-template.json`)
    const template = JSON.parse(readFileSync(`${OUTPUT}record-template.json`, 'utf8'))

    const shown: Record<string, Record<string, number>> = { 'PAC-A 2026-01-10': first }
    shown['PAC-A 2026-02-10'] = await visitFromFile(page, 'PAC-A', variant(template, 'PAC-A', '2026-02-10', 2), false)
    shown['PAC-A 2026-03-10'] = await visitFromFile(page, 'PAC-A', variant(template, 'pac-a', '2026-03-10', 4), false)
    shown['PAC-B 2026-01-20'] = await visitFromFile(page, 'PAC-B', variant(template, 'PAC-B', '2026-01-20', -2), true)
    shown['PAC-B 2026-02-20'] = await visitFromFile(page, 'PAC-B', variant(template, 'PAC-B', '2026-02-20', -4), false)
    shown['PAC-B 2026-03-20'] = await visitFromFile(page, 'PAC-B', variant(template, 'PAC-B', '2026-03-20', -6), false)

    const stored = (await snapshot(page)) as {
      patients: string[]
      visits: {
        patient: string
        date: string
        views: Record<string, { results: string }>
        photos: Record<string, string>
      }[]
    }
    assert.deepEqual(stored.patients, ['PAC-A', 'PAC-B'], '"pac-a" typed in a file is patient PAC-A')
    assert.equal(stored.visits.length, 6)
    for (const v of stored.visits) {
      assert.ok(v.photos.anterior, `${v.patient} ${v.date}: photo stored`)
      const numbers = Object.fromEntries(
        Object.entries(JSON.parse(v.views.anterior!.results)).filter(([, x]) => typeof x === 'number'),
      )
      assert.deepEqual(numbers, shown[`${v.patient} ${v.date}`], `${v.patient} ${v.date}: values as shown`)
    }
    const onScreen = await shownResults(page)

    // Reload: the same record, and the visit on screen again with its photo and values.
    await page.reload()
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.deepEqual(await snapshot(page), stored)
    assert.deepEqual(await shownResults(page), onScreen)
    assert.equal(await page.locator('#patient-id').inputValue(), 'PAC-B')

    // Close the browser, open it again on the same profile.
    await context.close()
    ;({ context, page, errors } = await launch())
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.deepEqual(await snapshot(page), stored)
    assert.deepEqual(await shownResults(page), onScreen)

    // Open PAC-A's first visit from the list: its markers and values as measured.
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page.locator('.record-patient-visits[data-patient="PAC-A"]').waitFor()
    const dates = await page
      .locator('#record-visits li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-date')))
    assert.deepEqual(dates, ['2026-03-10', '2026-02-10', '2026-01-10'], 'newest first')
    await page.locator('#record-visits li[data-date="2026-01-10"] button.open').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.deepEqual(await shownResults(page), first)

    // A file of PAC-B while PAC-A is open: asked; Cancel changes nothing.
    const other = variant(template, 'PAC-B', '2026-04-01', -8)
    await page.locator('#session-input').setInputFiles({ name: 'b.json', mimeType: 'application/json', buffer: other })
    await page.locator('dialog[data-question="patient-conflict"][open]').waitFor()
    await page.locator('dialog[data-question="patient-conflict"] button[data-answer="no"]').click()
    await page.locator('dialog[data-question="patient-conflict"]').waitFor({ state: 'detached' })
    assert.equal(await page.locator('#patient-id').inputValue(), 'PAC-A')
    assert.deepEqual(await shownResults(page), first)
    await savedToRecord(page)
    assert.deepEqual(await snapshot(page), stored, 'nothing merged, nothing changed')
    // Open as PAC-B: a new visit of PAC-B; PAC-A's visit as it was.
    await page.locator('#session-input').setInputFiles({ name: 'b.json', mimeType: 'application/json', buffer: other })
    await page.locator('dialog[data-question="patient-conflict"] button[data-answer="yes"]').click()
    await page.locator('.stage rect.photo-missing').waitFor()
    assert.equal(await page.locator('#patient-id').inputValue(), 'PAC-B')
    await savedToRecord(page)
    const after = (await snapshot(page)) as typeof stored
    assert.equal(after.visits.length, 7)
    assert.deepEqual(
      after.visits.filter((v) => v.patient === 'PAC-A'),
      stored.visits.filter((v) => v.patient === 'PAC-A'),
      "PAC-A's visits untouched",
    )
    await page.screenshot({ path: `${OUTPUT}record-after-conflict.png` })
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('compare any two visits of a patient: the comparison in the report, the table in view at every width, nothing covering it', async () => {
    const { context, page, errors } = await launch()
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page
      .locator('.record-patient-visits[data-patient="PAC-A"] #record-visits li[data-date="2026-03-10"] button.open')
      .click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page.locator('.stage.has-photo image.photo').waitFor()
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page
      .locator('.record-patient-visits[data-patient="PAC-A"] #record-visits li[data-date="2026-01-10"] button.compare')
      .click()
    await page.locator('#comparison[data-state="ready"]').waitFor()
    const headers = await page.locator('#comparison thead th').allTextContents()
    assert.match(headers[1]!, /^Earlier visit \(January 10, 2026\)$/)
    assert.match(headers[2]!, /^Later visit \(March 10, 2026\)$/)
    // The comparison in the printed report: a row per metric of the view, as on screen.
    assert.equal(
      await page.locator('#report .report-comparison tbody tr[data-metric]').count(),
      await page.locator('#comparison tbody tr[data-metric]').count(),
    )

    for (const width of [820, 1200, 1400, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      const covered = await page.evaluate(`(async () => {
        const table = document.querySelector('#comparison table')
        // The table's top just below the sticky top bar (a table taller than the window scrolls under it).
        table.scrollIntoView({ block: 'start' })
        const bar = document.querySelector('.topbar').getBoundingClientRect().bottom
        scrollBy(0, -(bar + 8))
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        const out = []
        for (const cell of table.querySelectorAll('tr > :nth-child(-n+3)')) {
          const b = cell.getBoundingClientRect()
          if (b.top < bar || b.bottom > innerHeight) continue
          const hit = document.elementFromPoint(b.left + Math.min(8, b.width / 2), b.top + b.height / 2)
          if (!hit || !cell.contains(hit)) out.push(cell.textContent.slice(0, 30) + ' under ' + (hit ? hit.className || hit.tagName : 'nothing'))
        }
        return out
      })()`)
      assert.deepEqual(covered, [], `window ${width} px: cells of the comparison covered`)
      await page.screenshot({ path: `${OUTPUT}record-compare-${width}.png` })
    }
    // Trends of PAC-A: a chart per metric with its band, and the table of the same numbers.
    await page.setViewportSize({ width: 1400, height: 900 })
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page.locator('#record-trends[data-patient="PAC-A"] summary').click()
    const chart = page.locator('#record-trends svg.trend-chart[data-metric="head_angle"]')
    await chart.waitFor()
    assert.equal(await chart.locator('circle').count(), 3, 'a point per visit')
    assert.equal(await chart.locator('polygon.trend-band').count(), 1)
    assert.equal(await page.locator('#record-trends table.trend-table thead th').count(), 4, 'metric and three visits')
    await page.locator('#record-dialog').screenshot({ path: `${OUTPUT}record-trends.png` })
    await page.locator('#record-close').click()
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('export the whole record, clear the database, import it back: the same record; a truncated file changes nothing', async () => {
    const { context, page, errors } = await launch()
    await openRecord(page)
    await savedToRecord(page)
    const before = await snapshot(page)
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#record-export-all').click()])
    const path = `${OUTPUT}record-backup.json`
    await download.saveAs(path)
    assert.match(download.suggestedFilename(), /^posture-\d{4}-\d{2}-\d{2}-record\.json$/)
    const backup = JSON.parse(readFileSync(path, 'utf8'))
    assert.equal(backup.format, 'posture-metrics-record')
    assert.equal(backup.version, 1)
    assert.equal(backup.visits.length, 7)

    // Clear every store, as a new browser profile would be.
    await page.evaluate(`new Promise((resolve, reject) => {
      const r = indexedDB.open('posture-metrics-record')
      r.onsuccess = () => {
        const tx = r.result.transaction(['patients', 'visits', 'photos', 'workspace'], 'readwrite')
        for (const name of ['patients', 'visits', 'photos', 'workspace']) tx.objectStore(name).clear()
        tx.oncomplete = () => { r.result.close(); resolve(true) }
        tx.onerror = () => reject(tx.error)
      }
    })`)
    await page.reload()
    await page.locator('#view-tabs button').first().waitFor()
    assert.deepEqual(await snapshot(page), { patients: [], visits: [] })

    // A truncated copy: refused, nothing written.
    await openRecord(page)
    const text = readFileSync(path, 'utf8')
    await page.locator('#record-import-input').setInputFiles({
      name: 'cut.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text.slice(0, text.length / 2)),
    })
    await page.locator('#toast.show').filter({ hasText: 'cut.json was not imported' }).waitFor()
    assert.deepEqual(await snapshot(page), { patients: [], visits: [] })

    // The whole backup: a preview of every patient and visit, then the same record as before.
    await page.locator('#record-import-input').setInputFiles(path)
    const preview = page.locator('dialog[data-question="import"][open]')
    await preview.waitFor()
    assert.match(await preview.innerText(), /2 new patients: PAC-A and PAC-B\.\s+Visits in the file: 7 new\./)
    assert.equal(await preview.locator('li[data-visit][data-status="new"]').count(), 7)
    await preview.locator('button[data-answer="yes"]').click()
    await page.locator('#record-patients li').nth(1).waitFor()
    assert.deepEqual(await snapshot(page), before)
    await page.locator('#record-dialog').screenshot({ path: `${OUTPUT}record-dialog.png` })
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('a photo larger than 2400 px is stored downscaled as JPEG; the markers and values stay exactly as measured', async () => {
    const { context, page, errors } = await launch()
    const k = 2.6
    const f = FIGURES.anterior
    const big = Buffer.from(
      (await page.evaluate(`(async () => {
        const img = await createImageBitmap(new Blob([Uint8Array.from(atob('${h.photos.anterior.toString('base64')}'), (c) => c.charCodeAt(0))], { type: 'image/png' }))
        const canvas = document.createElement('canvas')
        canvas.width = ${f.width * k}
        canvas.height = ${f.height * k}
        canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height)
        const blob = await new Promise((r) => canvas.toBlob(r, 'image/png'))
        const bytes = new Uint8Array(await blob.arrayBuffer())
        let bin = ''
        for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i])
        return btoa(bin)
      })()`)) as string,
      'base64',
    )
    const scaled = (p: readonly [number, number]) => [Math.round(p[0] * k * 10) / 10, Math.round(p[1] * k * 10) / 10]
    const file = {
      format: 'posture-metrics-session',
      version: 1,
      saved_at: '2026-05-01T10:00:00.000Z',
      view: 'anterior',
      patient_id: 'PAC-BIG',
      assessment_date: '2026-05-01',
      views: {
        anterior: {
          image: { name: 'big.png', width: f.width * k, height: f.height * k },
          calibration: { lrv_x: f.lrvX * k, fc: null, grid_size_cm: f.scaleCm, scale_points: f.scale.map(scaled) },
          markers: Object.fromEntries(Object.entries(f.markers).map(([n, p]) => [n, scaled(p)])),
          results: null,
        },
      },
    }
    await openRecord(page)
    await page.locator('#record-new-id').fill('PAC-BIG')
    await page.locator('#record-add').click()
    await page.locator('.record-patient-visits[data-patient="PAC-BIG"] #record-new-visit').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page
      .locator('#session-input')
      .setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) })
    await page.locator('#photo-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big })
    await page.locator('.stage.has-photo image.photo').waitFor()
    const values = await shownResults(page)
    await savedToRecord(page)
    const stored = (await snapshot(page)) as {
      visits: { patient: string; views: Record<string, { markers: string }>; photos: Record<string, string> }[]
    }
    const visit = stored.visits.find((v) => v.patient === 'PAC-BIG')!
    assert.match(visit.photos.anterior!, /^image\/jpeg 1440x2400 /, 'stored at 2,400 px on the long side')
    assert.equal(visit.views.anterior!.markers, JSON.stringify(file.views.anterior.markers), 'markers byte-identical')
    await page.reload()
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.deepEqual(await shownResults(page), values, 'values from the stored photo as measured')
    const u = await page.locator('#metrics-table td.u, #metrics-table td.value').allTextContents()
    assert.ok(u.length > 0)
    assert.deepEqual(errors, [])
    await context.close()
  })
})

/**
 * Every photo a visit refers to is stored, and every stored photo belongs to a visit
 * (a photo shared by visits stays while one of them does; one left by none goes).
 */
function assertPhotosKept(record: { visits: string[]; photos: string[] }): void {
  const used = new Set(
    record.visits.flatMap((v) =>
      Object.values(JSON.parse(v).photos as Record<string, { key: string }>).map((p) => p.key),
    ),
  )
  const stored = new Set(record.photos.map((p) => p.split(' ')[0]!))
  assert.deepEqual(
    [...used].filter((k) => !stored.has(k)),
    [],
    'photos of visits kept are stored',
  )
  assert.deepEqual(
    [...stored].filter((k) => !used.has(k)),
    [],
    'no photo left that no visit refers to',
  )
}

describe('deleting from the record', () => {
  test('a visit and a patient: asked first, Cancel changes nothing, Undo puts back every byte, a confirmed delete stays after reload', async () => {
    const { context, page, errors } = await launch()
    try {
      await openRecord(page)
    } catch (error) {
      await page.screenshot({ path: `${OUTPUT}record-delete-failed.png` })
      throw new Error(`${String(error)}; page errors: ${errors.join('; ')}`)
    }
    await savedToRecord(page)
    const before = await storedRecord(page)
    const visitA = (date: string) =>
      `.record-patient-visits[data-patient="PAC-A"] #record-visits li[data-date="${date}"]`
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page.locator(visitA('2026-02-10')).waitFor()
    const target = JSON.parse(before.visits.find((v) => JSON.parse(v).date === '2026-02-10')!)
    assert.ok(target.photos.anterior, 'the visit has a stored photo')
    assertPhotosKept(before)

    // Cancel: nothing changes.
    await clickAndAnswer(page, `${visitA('2026-02-10')} button.delete`, 'delete-visit', 'no')
    assert.equal(await page.locator(visitA('2026-02-10')).count(), 1)
    assert.ok(await page.locator('p.record-undo').isHidden(), 'no undo offered')
    assert.deepEqual(await storedRecord(page), before, 'Cancel: the record as it was')

    // Delete: gone from the list and from IndexedDB (its photo too); Undo puts it back byte-identical.
    await clickAndAnswer(page, `${visitA('2026-02-10')} button.delete`, 'delete-visit', 'yes')
    await page.locator(visitA('2026-02-10')).waitFor({ state: 'detached' })
    await page.locator('p.record-undo #record-undo').waitFor()
    const afterDelete = await storedRecord(page)
    assert.equal(afterDelete.visits.length, before.visits.length - 1)
    assert.ok(!afterDelete.visits.some((v) => JSON.parse(v).id === target.id), 'the visit is gone')
    assertPhotosKept(afterDelete)
    await page.locator('#record-undo').click()
    await page.locator(visitA('2026-02-10')).waitFor()
    await page.locator('p.record-undo').waitFor({ state: 'hidden' })
    assert.deepEqual(await storedRecord(page), before, 'Undo: markers, values and photo byte-identical')

    // A patient with its visits: Cancel changes nothing; Delete removes all; Undo puts back every byte.
    await page.locator('#record-patients li[data-patient="PAC-B"] button').click()
    await page.locator('.record-patient-visits[data-patient="PAC-B"]').waitFor()
    await clickAndAnswer(page, '#record-delete-patient', 'delete-patient', 'no')
    assert.equal(await page.locator('#record-patients li[data-patient="PAC-B"]').count(), 1)
    assert.deepEqual(await storedRecord(page), before, 'Cancel: the record as it was')
    await clickAndAnswer(page, '#record-delete-patient', 'delete-patient', 'yes')
    await page.locator('#record-patients li[data-patient="PAC-B"]').waitFor({ state: 'detached' })
    const withoutB = (await snapshot(page)) as { patients: string[]; visits: { patient: string | undefined }[] }
    assert.deepEqual(withoutB.patients, ['PAC-A', 'PAC-BIG'])
    assert.ok(
      withoutB.visits.every((v) => v.patient !== undefined),
      'no visit left without its patient',
    )
    assertPhotosKept(await storedRecord(page))
    await page.locator('#record-undo').click()
    await page.locator('#record-patients li[data-patient="PAC-B"]').waitFor()
    assert.deepEqual(await storedRecord(page), before, 'Undo: the patient, its visits and photos byte-identical')

    // A confirmed delete is still gone after a reload.
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await clickAndAnswer(page, `${visitA('2026-02-10')} button.delete`, 'delete-visit', 'yes')
    await page.locator(visitA('2026-02-10')).waitFor({ state: 'detached' })
    await page.reload()
    await page.locator('#view-tabs button').first().waitFor()
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="PAC-A"] button').click()
    await page.locator(visitA('2026-03-10')).waitFor()
    assert.equal(await page.locator(visitA('2026-02-10')).count(), 0, 'not listed after a reload')
    assert.deepEqual(await storedRecord(page), afterDelete, 'not in IndexedDB after a reload')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
