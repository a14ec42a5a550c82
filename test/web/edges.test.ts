/**
 * Rough edges a Spanish-speaking clinician met in the app (issue 17), each checked in
 * headless Chromium against the real service, in a Spanish browser: the keyboard focus
 * ring on the file buttons, decimal commas in the number fields with a confirmation for
 * implausible values, a click beside a marker placing the target being placed, nothing
 * covering or clipping anything else, and a warning when the photo is too small for a
 * value. Screenshots go to test-output/edges-*.png.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import {
  activeTarget,
  clickPixel,
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  screenOf,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { FIGURES, figureSvg, type Px } from './fixtures/figure.js'

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** What these tests read of a saved assessment file. */
interface SavedView {
  readonly calibration: { lrv_x: number; fc: number; grid_size_cm: number }
  readonly markers: Record<string, [number, number]>
}
interface SavedFile {
  readonly views: { readonly anterior: SavedView; readonly posterior: SavedView }
}

async function downloadJson(page: Page, name: string): Promise<SavedFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** An assessment file of one view of a figure: every marker (suggested when asked), the ruler as scale, no reference line unless given. */
function assessmentFile(
  view: View,
  options: { suggested?: boolean; lrvX?: number | null; zoom?: number; moved?: Record<string, Px> } = {},
): Buffer {
  const spec = FIGURES[view]
  const z = options.zoom ?? 1
  const at = (p: Px): [number, number] => [Math.round(p[0] * z * 10) / 10, Math.round(p[1] * z * 10) / 10]
  const markers = Object.fromEntries(
    Object.entries({ ...spec.markers, ...options.moved }).map(([name, p]) => [name, at(p)]),
  )
  return Buffer.from(
    JSON.stringify({
      format: 'posture-metrics-session',
      version: 1,
      saved_at: '2026-11-23T10:00:00.000Z',
      view,
      views: {
        [view]: {
          image: { name: `${view}.png`, width: Math.round(spec.width * z), height: Math.round(spec.height * z) },
          calibration: {
            lrv_x: options.lrvX === undefined ? spec.lrvX * z : options.lrvX,
            fc: null,
            grid_size_cm: spec.scaleCm,
            scale_points: [at(spec.scale[0]), at(spec.scale[1])],
          },
          markers,
          ...(options.suggested
            ? { marker_status: Object.fromEntries(Object.keys(markers).map((m) => [m, 'suggested'])) }
            : {}),
          ...(spec.side ? { side: spec.side } : {}),
          results: null,
        },
      },
    }),
  )
}

async function loadAssessment(page: Page, name: string, file: Buffer): Promise<void> {
  await page.locator('#session-input').setInputFiles({ name, mimeType: 'application/json', buffer: file })
}

describe('rough edges, in a Spanish browser', () => {
  test('keyboard focus on a file button draws the ring on that button, not on the next one', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    const rings: Record<string, string[]> = {}
    for (const [input, label] of [
      ['photo-input', 'photo-button'],
      ['session-input', 'load-button'],
      ['compare-input', 'compare-button'],
    ] as const) {
      await page.locator('body').focus()
      await page.evaluate('document.activeElement && document.activeElement.blur()')
      for (
        let i = 0;
        i < 20 && (await page.evaluate('document.activeElement && document.activeElement.id')) !== input;
        i++
      )
        await page.keyboard.press('Tab')
      assert.equal(await page.evaluate('document.activeElement.id'), input, `Tab reaches #${input}`)
      // Every toolbar control that shows an outline now.
      rings[input] =
        await page.evaluate(`[...document.querySelectorAll('.toolbar label, .toolbar button, .toolbar select')]
        .filter((el) => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 })
        .map((el) => el.id)`)
      assert.deepEqual(rings[input], [label], `focus on #${input}: the ring is on #${label}`)
      if (input === 'photo-input') await page.locator('.topbar').screenshot({ path: `${OUTPUT}edges-focus-ring.png` })
    }
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('number fields: "40,5" is 40.5 cm, "0,27" is 0.27 cm/px, shown with a comma; an implausible value asks first', async () => {
    const spec = FIGURES.anterior
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    await loadPhoto(page, h, 'anterior')
    await clickPixel(page, spec, spec.scale[0])
    await clickPixel(page, spec, spec.scale[1])
    await page.locator('#prompt-grid-cm').fill('40,5')
    await page.locator('#prompt-grid-cm').press('Enter')
    await page.locator('#prompt-grid-cm').waitFor({ state: 'detached' })
    assert.equal(await page.locator('#grid-cm').inputValue(), '40,5')
    assert.equal(await page.locator('#fc-input').inputValue(), '0,10125')
    assert.match(await page.locator('#fc-help').innerText(), /^fc = 40,5 cm \/ 400,0 px = 0,1013 cm por píxel\.$/)
    assert.equal((await downloadJson(page, 'edges-distance.json')).views.anterior.calibration.grid_size_cm, 40.5)

    // A lost comma: 1605 cm asks, with the reason; declined, the value in use stays.
    const questions: string[] = []
    let answer = false
    page.on('dialog', (dialog) => {
      questions.push(dialog.message())
      void (answer ? dialog.accept() : dialog.dismiss())
    })
    await page.locator('#grid-cm').fill('1605')
    await page.locator('#grid-cm').press('Enter')
    assert.equal(questions.length, 1)
    assert.match(questions[0]!, /1605 cm es mayor que 300 cm.*160,5 escrito como 1605/)
    assert.equal(await page.locator('#grid-cm').inputValue(), '40,5')
    assert.equal((await downloadJson(page, 'edges-distance-kept.json')).views.anterior.calibration.grid_size_cm, 40.5)

    // fc typed with a comma replaces the scale points.
    await page.locator('#fc-input').fill('0,27')
    await page.locator('#fc-input').press('Enter')
    await page.locator('#fc-help', { hasText: 'fc escrito directamente' }).waitFor()
    assert.equal(await page.locator('#fc-input').inputValue(), '0,27')
    assert.equal((await downloadJson(page, 'edges-fc.json')).views.anterior.calibration.fc, 0.27)

    // 27 cm/px asks; confirmed, it is used as typed.
    answer = true
    await page.locator('#fc-input').fill('27')
    await page.locator('#fc-input').press('Enter')
    assert.equal(questions.length, 2)
    assert.match(questions[1]!, /fc = 27 cm por píxel es mayor que 5.*0,27 escrito como 27/)
    assert.equal((await downloadJson(page, 'edges-fc-confirmed.json')).views.anterior.calibration.fc, 27)
    await page.locator('#fc-input').fill('0,27')
    await page.locator('#fc-input').press('Enter')
    await page.locator('.card:has(#fc-input)').screenshot({ path: `${OUTPUT}edges-decimal-comma.png` })
    assert.equal(questions.length, 2, 'a plausible value asks nothing')
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('posterior view: a click beside a suggested marker places the plumb line; on the marker it chooses it (the prompt confirms it); a drag from beside it moves it', async () => {
    const spec = FIGURES.posterior
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    await page.locator('#tab-posterior').click()
    await loadAssessment(page, 'sugeridos.json', assessmentFile('posterior', { suggested: true, lrvX: null }))
    await loadPhoto(page, h, 'posterior')
    assert.equal(await activeTarget(page), 'lrv')
    const suggested = () => page.locator('#stage g.marker.suggested').count()
    const all = await suggested()

    // Fit zoom: 10 screen px right of C7 (inside the 14 px its drag handle covers).
    const box = (await page.locator('.stage image.photo').boundingBox())!
    const zoom = box.width / spec.width
    const c7 = spec.markers.cervical_7!
    const [cx, cy] = await screenOf(page, spec, c7)
    await page.mouse.click(cx + 10, cy)
    await page.locator('#prompt:not([data-target="lrv"])').waitFor()
    assert.equal(await suggested(), all, 'no marker was taken')
    const lrv = (await downloadJson(page, 'edges-click-lrv.json')).views.posterior.calibration.lrv_x
    assert.ok(Math.abs(lrv - (c7[0] + 10 / zoom)) <= 0.2, `the line is where clicked: ${lrv} vs ${c7[0] + 10 / zoom}`)
    await page.screenshot({ path: `${OUTPUT}edges-click-beside-marker.png` })
    // Provisional values with their badges and imprecise ones with their mark: the results table still fits its card.
    await page.locator('#results[data-state="ready"] tr.provisional td.u.imprecise').first().waitFor()
    assert.equal(
      await page.evaluate(
        `(() => { const w = document.querySelector('#results .table-wrap'); return w.scrollWidth <= w.clientWidth })()`,
      ),
      true,
      'the results table fits',
    )

    // Actual size (another zoom): again, 10 px left of T7, with the line selected.
    await page.locator('#calibration-list li[data-target="lrv"] .target-main').click()
    await page.locator('.zoombar [data-zoom="actual"]').click()
    await page.locator('#stage[data-zoom="1.0000"]').waitFor()
    const t7 = spec.markers.toracica_7!
    const [tx, ty] = await screenOf(page, spec, t7)
    await page.mouse.click(tx - 10, ty)
    await page
      .locator(`#calibration-list li[data-target="lrv"] .target-pos:text("x ${String(t7[0] - 10).replace('.', ',')}")`)
      .waitFor()
    assert.equal(await suggested(), all, 'no marker was taken at 100 %')

    // A click on the marker itself chooses it and does not confirm it; the prompt's button confirms it.
    await page.mouse.click(tx, ty)
    await page.locator('#prompt[data-target="toracica_7"]').waitFor()
    assert.equal(await suggested(), all, 'a click does not confirm a suggestion')
    await page.locator('#prompt button[data-act="confirm"]').click()
    await page.locator('#stage g.marker[data-target="toracica_7"]:not(.suggested)').waitFor()
    assert.equal(await suggested(), all - 1)

    // A press 11 px beside L5 that moves drags L5.
    const l5 = spec.markers.lumbar_5!
    const [lx, ly] = await screenOf(page, spec, l5)
    await page.mouse.move(lx + 11, ly)
    await page.mouse.down()
    await page.mouse.move(lx + 11, ly + 10, { steps: 3 })
    await page.mouse.move(lx + 11, ly + 20, { steps: 3 })
    await page.mouse.up()
    await page.locator('#stage g.marker[data-target="lumbar_5"]:not(.suggested)').waitFor()
    const moved = (await downloadJson(page, 'edges-drag.json')).views.posterior.markers.lumbar_5
    assert.deepEqual(moved, [l5[0], l5[1] + 20], "the drag moved L5 by the pointer's movement")
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('overlaps: the notice clears the zoom bar, marker numbers never touch at the fit zoom, the date field is not clipped', async () => {
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 1100, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page, errors } = await openApp(h, { locale: 'es-ES', viewport })
      const size = `${viewport.width}x${viewport.height}`

      // The date field shows the whole date (dd/mm/aaaa once left); every field stays inside its card.
      await page.locator('#assessment-date').fill('2026-03-20')
      await page.locator('#assessment-date').press('Tab')
      assert.equal(await page.locator('#assessment-date').inputValue(), '20/03/2026')
      const fields = (await page.evaluate(`(() => {
        const date = document.getElementById('assessment-date')
        const card = document.getElementById('assessment-card').getBoundingClientRect()
        return { width: date.clientWidth, natural: date.scrollWidth,
          outside: [...document.querySelectorAll('#assessment-card input')].filter((el) => el.getBoundingClientRect().right > card.right - 1).map((el) => el.id) }
      })()`)) as { width: number; natural: number; outside: string[] }
      assert.ok(
        fields.width >= fields.natural,
        `${size}: the date field is ${fields.width} px wide inside, its date needs ${fields.natural} px`,
      )
      assert.deepEqual(fields.outside, [], `${size}: fields outside the card`)
      await page.locator('#assessment-card').screenshot({ path: `${OUTPUT}edges-date-${size}.png` })

      // A crowded photo (the heels side by side): numbers 14 and 15 do not read "1415".
      await page.locator('#tab-posterior').click()
      const crowded = { calcaneo_der: [268, 937], aquiles_der: [272, 892] } as const
      await loadAssessment(page, 'talones.json', assessmentFile('posterior', { moved: crowded }))
      await loadPhoto(page, h, 'posterior')
      await page.locator('#stage g.marker[data-target="calcaneo_der"]').waitFor()
      await page.locator('#results[data-state="ready"]').waitFor()
      await page.locator('#stage .figures:not(.stale) text.fig-label').first().waitFor()
      await page.locator('#stage').scrollIntoViewIfNeeded()
      const tags = await page.locator('#stage text.marker-tag').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect()
          return { text: el.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height }
        }),
      )
      const rings = await page.locator('#stage g.marker').evaluateAll((els) =>
        els.map((el) => {
          const r = el.querySelector('circle.ring')!.getBoundingClientRect()
          return {
            text: el.querySelector('text.marker-tag')?.textContent ?? '',
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
          }
        }),
      )
      const values = await page.locator('#stage text.fig-label').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect()
          return { text: el.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height }
        }),
      )
      assert.equal(tags.length, 15 + 2)
      assert.ok(values.length > 0)
      for (const [i, a] of tags.entries()) {
        for (const b of tags.slice(i + 1))
          assert.ok(!overlaps(a, b), `${size}: tags "${a.text}" and "${b.text}" overlap`)
        for (const r of rings)
          if (r.text !== a.text) assert.ok(!overlaps(a, r), `${size}: tag "${a.text}" covers marker ${r.text}`)
        for (const v of values) assert.ok(!overlaps(a, v), `${size}: tag "${a.text}" covers the value ${v.text}`)
      }
      await page
        .locator('#stage')
        .screenshot({ path: `${OUTPUT}edges-tags-${size}.png`, style: '#toast { visibility: hidden }' })

      // A notice (nothing to redo) while the zoom bar is in view.
      await page.evaluate(`document.querySelector('.zoombar').scrollIntoView({ block: 'end' })`)
      await page.evaluate(`document.getElementById('stage').focus({ preventScroll: true })`)
      await page.keyboard.press('Control+y')
      await page.locator('#toast.show').waitFor()
      await page.waitForFunction(
        `(() => { const s = getComputedStyle(document.getElementById('toast')); return s.opacity === '1' && new DOMMatrix(s.transform).m42 === 0 })()`,
      )
      const toast = (await page.locator('#toast').boundingBox())!
      const bar = (await page.locator('.zoombar').boundingBox())!
      await page.screenshot({ path: `${OUTPUT}edges-notice-${size}.png` })
      assert.ok(
        !overlaps(toast, bar),
        `${size}: the notice ${JSON.stringify(toast)} covers the zoom bar ${JSON.stringify(bar)}`,
      )
      assert.deepEqual(errors, [])
      await page.context().close()
    }
  })

  test('a photo too small for a value: the value is marked and the warning names the resolution needed', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES', viewport: { width: 1400, height: 1700 } })
    await page.locator('#tab-posterior').click()
    // The posterior figure photographed at 160 px wide (the photo size).
    const small = await h.browser.newPage({ viewport: { width: 400, height: 400 }, deviceScaleFactor: 1 })
    await small.setContent(
      `<!doctype html><body style="margin:0">${figureSvg('posterior').replace(/width="600" height="1000"/, 'width="160" height="267"')}</body>`,
    )
    const photo = await small.locator('svg').screenshot({ type: 'png' })
    await small.close()
    await loadAssessment(page, 'pequena.json', assessmentFile('posterior', { zoom: 160 / 600 }))
    await page.locator('#photo-input').setInputFiles({ name: 'posterior.png', mimeType: 'image/png', buffer: photo })
    await page.locator('.stage.has-photo image.photo').waitFor()
    await shownResults(page)
    const warning = page.locator('#precision-warning')
    await warning.waitFor()
    const text = await warning.innerText()
    assert.match(
      text,
      /^Con esta foto \(160×267 px\), \d+ valores son menos precisos que la medición postural con fotos \(u mayor que 2,7° en ángulos y 0,6\u00a0cm en distancias\)/,
    )
    assert.match(text, /Ángulo del retropié izquierdo ±\u00a0\d+,\d°/)
    const [, w, hgt] = /Hace falta una foto de unos (\d+)×(\d+) px/.exec(text) ?? []
    assert.ok(Number(w) > 160 && Number(hgt) > 267, text)
    for (const row of await page.locator('#metrics-table tbody tr').all()) {
      const name = await row.getAttribute('data-metric')
      const u = Number(await row.locator('td.u').getAttribute('data-u'))
      const limit = /^coronal_/.test(name!) ? 0.6 : 2.7
      assert.equal(await row.locator('td.u.imprecise').count(), u > limit ? 1 : 0, `${name}: u = ${u}`)
      if (u > limit)
        assert.ok(
          text.includes(`±\u00a0${(Math.ceil(u * 10 - 1e-9) / 10).toFixed(1).replace('.', ',')}`),
          `${name} in the warning`,
        )
    }
    assert.equal((await page.locator('#metrics-table td.u.imprecise').count()) > 0, true)
    await page.locator('#results').screenshot({ path: `${OUTPUT}edges-precision.png` })
    await page.emulateMedia({ media: 'print' })
    assert.match(await page.locator('#report .precision-warning').innerText(), /^Con esta foto \(160×267 px\)/)
    await page.emulateMedia({ media: 'screen' })

    // The full-size figure: no warning for its coronal balances, which are well within 0.6 cm. The small photo's
    // work is in no patient's record, so the file does not replace it without asking (docs/record.md).
    await loadAssessment(page, 'normal.json', assessmentFile('posterior'))
    await page.locator('dialog[data-question="discard-unfiled"][open] button[data-answer="yes"]').click()
    await page
      .locator('#results[data-state="ready"] #metrics-table tr[data-metric="coronal_balance_c7"] td.u:not(.imprecise)')
      .waitFor()
    assert.doesNotMatch(await warning.innerText(), /160×267/)
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
