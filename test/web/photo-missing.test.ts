/**
 * The "photo not loaded" sentence on the photo's place (web/src/render/overlay.ts), shown
 * when a visit's markers are opened without its photo: at a phone's and the tablets' sizes
 * and on the desktop, in Spanish (the longer) and English, every line of it lies inside the
 * photo area and the window, none cut, and it says the whole sentence.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { figureAssessmentFile } from './fixtures/figure-assessment.js'

const SIZES = [
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'tablet-portrait', width: 820, height: 1180, mobile: false },
  { name: 'tablet-landscape', width: 1024, height: 768, mobile: false },
  { name: 'desktop', width: 1440, height: 900, mobile: false },
] as const

const SENTENCE = {
  es: 'Foto no cargada: abra anterior-figure.png para verla bajo los marcadores',
  en: 'Photo not loaded: open anterior-figure.png to see it under the markers',
} as const

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

interface Measured {
  readonly text: string
  readonly lines: number
  readonly box: { left: number; top: number; right: number; bottom: number }
  readonly stage: { left: number; top: number; right: number; bottom: number }
  readonly window: { width: number; height: number }
}

describe('the "photo not loaded" sentence fits the photo area', () => {
  for (const size of SIZES) {
    for (const language of ['es', 'en'] as const) {
      test(`${size.name} ${size.width}x${size.height}, ${language}`, async () => {
        const { page, errors } = await openApp(h, {
          viewport: { width: size.width, height: size.height },
          isMobile: size.mobile,
          hasTouch: size.mobile,
          locale: language === 'es' ? 'es-ES' : 'en-GB',
        })
        try {
          await page.locator('#session-input').setInputFiles({
            name: 'visit.json',
            mimeType: 'application/json',
            buffer: figureAssessmentFile(['anterior'], '2026-03-02'),
          })
          await page.locator('#stage text.photo-missing-text').waitFor()
          await page.locator('#stage').scrollIntoViewIfNeeded()
          const m = (await page.evaluate(`(() => {
            const text = document.querySelector('#stage text.photo-missing-text')
            const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom })
            // Each line's own box (a tspan's), so a line cut at either side shows.
            const lines = [...text.querySelectorAll('tspan')].map((t) => t.getBoundingClientRect())
            const all = lines.length > 0 ? lines : [text.getBoundingClientRect()]
            return {
              text: [...text.querySelectorAll('tspan')].map((t) => t.textContent).join(' ') || text.textContent,
              lines: lines.length,
              box: {
                left: Math.min(...all.map((r) => r.left)), top: Math.min(...all.map((r) => r.top)),
                right: Math.max(...all.map((r) => r.right)), bottom: Math.max(...all.map((r) => r.bottom)),
              },
              stage: box(document.getElementById('stage').getBoundingClientRect()),
              window: { width: window.innerWidth, height: window.innerHeight },
            }
          })()`)) as Measured
          assert.equal(m.text, SENTENCE[language], 'the whole sentence')
          const where = `${size.name}, ${language}: the sentence at ${JSON.stringify(m.box)}`
          assert.ok(
            m.box.left >= m.stage.left && m.box.right <= m.stage.right,
            `${where}, the stage ${JSON.stringify(m.stage)}`,
          )
          assert.ok(
            m.box.top >= m.stage.top && m.box.bottom <= m.stage.bottom,
            `${where}, the stage ${JSON.stringify(m.stage)}`,
          )
          assert.ok(m.box.left >= 0 && m.box.right <= m.window.width, `${where}, the window ${m.window.width} wide`)
          assert.ok(m.box.top >= 0 && m.box.bottom <= m.window.height, `${where}, the window ${m.window.height} high`)
          assert.deepEqual(errors, [])
        } catch (error) {
          await page.screenshot({ path: `${OUTPUT}photo-missing-${size.name}-${language}-failed.png` })
          throw error
        } finally {
          await page.context().close()
        }
      })
    }
  }
})
