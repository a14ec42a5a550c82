/**
 * The labels on the printed photos (issue 29): Chromium with the built app, a visit of the
 * three figure views in Spanish, the printed report shown (print media). On each view's
 * photo, every label drawn (the markers' numbers, the metrics' values, "Línea de
 * referencia" and the scale's "40 cm = … px") carries the box render/print-labels.ts placed
 * it in; no two boxes overlap, none covers a marker's ring, every one lies inside the
 * photo, none is a fallback, and the text the browser drew lies inside its box (so the
 * estimated sizes hold). The PDFs' figures are drawn by the same call (report-figure.ts,
 * drawOverlay with interactive false and the same frame), so they share this layout.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { View } from '#core/markers.js'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { fileVisit } from '../support/report-visit.js'

const VIEWS: readonly View[] = ['anterior', 'lateral', 'posterior']

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

interface Box {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

interface Drawn {
  readonly text: string
  readonly cls: string
  readonly placed: Box
  readonly drawn: Box
  readonly fallback: boolean
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

describe('labels on the printed photos', () => {
  test('the three views: no two labels overlap, none covers a marker or leaves the photo', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    await fileVisit(page, h, { views: VIEWS })
    await page.emulateMedia({ media: 'print' })
    for (const view of VIEWS) {
      const svg = page.locator(`#report section[data-view="${view}"] svg.report-photo`)
      await svg.waitFor()
      const { frame, labels, rings } = (await page.evaluate(`(() => {
        const el = document.querySelector('#report section[data-view="${view}"] svg.report-photo')
        const vb = el.viewBox.baseVal
        const translation = (g) => {
          const m = /translate\\(([-\\d.e]+)[ ,]+([-\\d.e]+)\\)/.exec(g.getAttribute('transform') ?? '')
          return m ? [Number(m[1]), Number(m[2])] : [0, 0]
        }
        const labels = [...el.querySelectorAll('text.marker-tag, text.fig-label, text.lrv-label, text.scale-label')].map((t) => {
          const [ox, oy] = t.classList.contains('marker-tag') ? translation(t.parentElement) : [0, 0]
          const b = t.getBBox()
          const [x0, y0, x1, y1] = (t.getAttribute('data-label-box') ?? 'NaN NaN NaN NaN').split(' ').map(Number)
          return {
            text: t.textContent ?? '',
            cls: t.getAttribute('class') ?? '',
            placed: { x0, y0, x1, y1 },
            drawn: { x0: b.x + ox, y0: b.y + oy, x1: b.x + b.width + ox, y1: b.y + b.height + oy },
            fallback: t.hasAttribute('data-label-fallback'),
          }
        })
        const rings = [...el.querySelectorAll('g.markers > g.marker')].map((g) => {
          const [x, y] = translation(g)
          const r = g.querySelector('circle.ring').r.baseVal.value
          return { x0: x - r, y0: y - r, x1: x + r, y1: y + r }
        })
        return { frame: { width: vb.width, height: vb.height }, labels, rings }
      })()`)) as { frame: { width: number; height: number }; labels: Drawn[]; rings: Box[] }
      const kinds = new Set(labels.map((l) => l.cls))
      for (const k of ['marker-tag', 'fig-label', 'lrv-label']) assert.ok(kinds.has(k), `${view}: a ${k} drawn`)
      assert.ok(labels.length >= 10, `${view}: ${labels.length} labels`)
      labels.forEach((l, i) => {
        const what = `${view}: "${l.text}" (${l.cls}) ${JSON.stringify(l.placed)}`
        assert.ok(Number.isFinite(l.placed.x0), `${what} has its box`)
        assert.equal(l.fallback, false, `${what} fell back`)
        assert.ok(
          l.placed.x0 >= 0 && l.placed.y0 >= 0 && l.placed.x1 <= frame.width && l.placed.y1 <= frame.height,
          `${what} inside the ${frame.width} × ${frame.height} photo`,
        )
        // The text drawn (its glyphs' box, the halo aside) within its placed box, to half a unit.
        const d = l.drawn
        assert.ok(
          d.x0 >= l.placed.x0 - 0.5 &&
            d.y0 >= l.placed.y0 - 0.5 &&
            d.x1 <= l.placed.x1 + 0.5 &&
            d.y1 <= l.placed.y1 + 0.5,
          `${what} drawn within its box: ${JSON.stringify(d)}`,
        )
        for (const m of labels.slice(i + 1))
          assert.ok(!overlaps(l.placed, m.placed), `${what} overlaps "${m.text}" ${JSON.stringify(m.placed)}`)
        for (const r of rings) assert.ok(!overlaps(l.placed, r), `${what} covers the marker at ${JSON.stringify(r)}`)
      })
    }
    await page.screenshot({ path: `${OUTPUT}report-figure-print.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
