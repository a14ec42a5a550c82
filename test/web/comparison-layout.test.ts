/**
 * The comparison of two visits and the repeatability study at the sizes they are read at
 * (issue 38, docs/app.md "Sizes"), in Spanish (the longer words) in headless Chromium:
 * on a phone (390 x 844, touch) the comparison is a card per metric whose verdict is on
 * screen with the metric's name; on a desktop (1440 x 900) a table that fits; the study's
 * dialog at 1400 x 900 and on the phone lists its figures first, then its pairs. At every
 * size nothing scrolls sideways (the page, the comparison, the dialog and every box inside
 * them), and no word is broken inside (each word's characters measured with a Range: all
 * on one line). ICC(1,1) and ICC(3,1) are shown beside ICC(2,1), and are in the study's CSV
 * and JSON, whose earlier columns and fields stay as they were.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { studyBackup, VISITS } from './fixtures/study-record.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const STUDY_DESKTOP = { width: 1400, height: 900 }
const TRUNK = '[data-view="lateral"][data-metric="trunk_angle_vertical"]'

/** Imports a record backup through the Patients dialog, answering yes to its preview; the dialog stays open. */
async function importFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  if (!(await page.locator('#record-dialog[open]').count())) await page.locator('#record-button').click()
  await page.locator('#record-import-input').setInputFiles({ name, mimeType: 'application/json', buffer })
  const dialog = page.locator('dialog[data-question="import"][open]')
  await dialog.waitFor()
  await dialog.locator('button[data-answer="yes"]').click()
  await page.locator('#toast.show').filter({ hasText: name }).waitFor()
}

/** The later visit of PAC-0042 on screen, compared with the earlier one. */
async function compareVisits(page: Page): Promise<void> {
  await importFile(page, 'visits.json', VISITS)
  await page.locator('#record-patients li[data-patient="PAC-0042"] button').click()
  await page.locator('#record-visits li[data-visit="later"] button.open').click()
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  await page.locator('#record-button').click()
  await page.locator('#record-patients li[data-patient="PAC-0042"] button').click()
  await page.locator('#record-visits li[data-visit="earlier"] button.compare').click()
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  await page.locator('#comparison[data-state="ready"]').waitFor()
}

/**
 * What sticks out sideways in `selector`'s element: the page wider than the window, a box
 * inside that scrolls sideways (scrollWidth > clientWidth), or a box reaching past its sides.
 */
async function sideways(page: Page, selector: string): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)})
    const out = []
    const page = document.documentElement
    if (page.scrollWidth > window.innerWidth) out.push('the page is ' + page.scrollWidth + ' px wide in ' + window.innerWidth)
    const box = root.getBoundingClientRect()
    const name = (e) => '<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().replace(/\\s+/g, '.') : '') + '>'
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (el.getClientRects().length === 0) continue
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && getComputedStyle(el).display !== 'inline')
        out.push(name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth)
      if (el !== root && (r.right > box.right + 1 || r.left < box.left - 1))
        out.push(name(el) + ' reaches ' + Math.round(r.left) + '-' + Math.round(r.right) + ' past ' + Math.round(box.left) + '-' + Math.round(box.right))
    }
    return out.slice(0, 12)
  })()`)) as string[]
}

/**
 * The words of `selector`'s element that are broken inside (their characters on more than
 * one line), with where: every word of every text node shown, measured with a Range. A
 * line may end after a hyphen or a slash: the parts on either side are measured apart.
 */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)})
    const out = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.getClientRects().length === 0 || parent.closest('select, option')) continue
      for (const m of node.data.matchAll(/[^\\s\\-\\u2010\\u2011\\/]+[\\-\\u2010\\u2011\\/]?/g)) {
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top)
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) {
          const lines = []
          for (let i = 0; i < m[0].length; i++) {
            range.setStart(node, m.index + i)
            range.setEnd(node, m.index + i + 1)
            const top = Math.round(range.getBoundingClientRect().top)
            if (lines.length === 0 || lines[lines.length - 1].top !== top) lines.push({ top, text: '' })
            lines[lines.length - 1].text += m[0][i]
          }
          out.push(lines.map((l) => l.text).join('/') + ' in <' + parent.tagName.toLowerCase() + (parent.className ? '.' + parent.className : '') + '>')
        }
      }
    }
    return out.slice(0, 12)
  })()`)) as string[]
}

/** Whether an element is inside the window with nothing over its centre, and where it is. */
async function onScreen(page: Page, selector: string): Promise<{ ok: boolean; at: string }> {
  return (await page.evaluate(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)})
    const r = el.getBoundingClientRect()
    const inside = r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 &&
      r.right <= window.innerWidth + 0.5 && r.bottom <= window.innerHeight + 0.5
    const hit = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null
    const onTop = hit !== null && (el === hit || el.contains(hit))
    return { ok: inside && onTop, at: Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) + (hit && !onTop ? ' under <' + hit.tagName.toLowerCase() + (hit.id ? '#' + hit.id : '') + '>' : '') }
  })()`)) as { ok: boolean; at: string }
}

/** Every metric of the comparison shown: its name and its verdict on the screen together once the name is scrolled to. */
async function verdictsBesideNames(page: Page, size: string): Promise<number> {
  const rows = page.locator('#comparison [data-metric]:visible')
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const metric = await row.getAttribute('data-metric')
    const name = row.locator('th[scope="row"], .metric-name').first()
    await name.scrollIntoViewIfNeeded()
    for (const [part, what] of [
      [name, 'name'],
      [row.locator('.verdict').first(), 'verdict'],
    ] as const) {
      await part.evaluate((el: { setAttribute(n: string, v: string): void }) => el.setAttribute('data-probe', ''))
      const at = await onScreen(page, '[data-probe]')
      await part.evaluate((el: { removeAttribute(n: string): void }) => el.removeAttribute('data-probe'))
      assert.ok(at.ok, `${size}: the ${what} of ${metric} is not on screen with its name (${at.at})`)
    }
  }
  return count
}

/** Opens the repeatability study (behind "More" below 1280 px) once it shows the trunk angle's 30 pairs. */
async function openStudy(page: Page): Promise<void> {
  const more = page.locator('#toolbar-more-button')
  if (await more.isVisible()) await more.click()
  await page.locator('#study-button').click()
  await page.locator(`#study-results ${TRUNK}[data-pairs="30"]`).waitFor()
}

/** The study's dialog: nothing sideways, no word broken, the figures before the pairs, ICC(1,1) and ICC(3,1) shown. */
async function checkStudy(page: Page, size: string): Promise<void> {
  assert.deepEqual(await sideways(page, '#study-dialog'), [], `${size}: the study scrolls sideways`)
  assert.deepEqual(await brokenWords(page, '#study-dialog'), [], `${size}: words of the study broken inside`)
  const order = (await page.evaluate(`(() => {
    const figures = document.getElementById('study-results').getBoundingClientRect().top
    const pairs = document.getElementById('study-pairs').getBoundingClientRect().top
    return figures < pairs
  })()`)) as boolean
  assert.ok(order, `${size}: the study's figures come after its list of pairs`)
  const trunk = page.locator(`#study-results ${TRUNK}`)
  for (const [cls, label] of [
    ['icc2', 'CCI(2,1)'],
    ['icc1', 'CCI(1,1)'],
    ['icc3', 'CCI(3,1)'],
  ] as const) {
    assert.equal(await trunk.locator(`.${cls}`).count(), 1, `${size}: ${label} of the trunk angle is shown`)
    assert.match(await trunk.locator(`.${cls}`).innerText(), /^-?\d,\d\d \(-?\d,\d\d a -?\d,\d\d\)$/)
    assert.match(await trunk.innerText(), new RegExp(label.replace(/[()]/g, '\\$&')))
  }
  // The limits of agreement and whether the study judges changes, beside the metric's name.
  assert.match(await trunk.locator('.loa').innerText(), /\d° \(/)
  assert.equal(await trunk.locator('.judges').innerText(), 'Sí')
}

describe('the comparison and the repeatability study at every size', () => {
  test('phone 390x844, touch: a card per metric, its verdict beside its name; the study as a sheet', async () => {
    const { page, errors } = await openApp(h, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      locale: 'es-ES',
    })
    await compareVisits(page)
    await page.screenshot({ path: `${OUTPUT}comparison-layout-phone.png`, fullPage: true })
    assert.deepEqual(await sideways(page, '#comparison'), [], 'phone: the comparison scrolls sideways')
    assert.deepEqual(await brokenWords(page, '#comparison'), [], 'phone: words of the comparison broken inside')
    const shown = await verdictsBesideNames(page, 'phone')
    assert.ok(shown >= 5, `phone: ${shown} metrics compared`)

    await importFile(page, 'study.json', studyBackup(30))
    await page.locator('#record-close').click()
    await openStudy(page)
    await checkStudy(page, 'phone')
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('desktop 1440x900: the comparison table fits; the study at 1400x900, its figures and exports', async () => {
    const { page, errors } = await openApp(h, { viewport: DESKTOP, locale: 'es-ES' })
    await compareVisits(page)
    await page.screenshot({ path: `${OUTPUT}comparison-layout-desktop.png`, fullPage: true })
    assert.deepEqual(await sideways(page, '#comparison'), [], 'desktop: the comparison scrolls sideways')
    assert.deepEqual(await brokenWords(page, '#comparison'), [], 'desktop: words of the comparison broken inside')
    const shown = await verdictsBesideNames(page, 'desktop')
    assert.ok(shown >= 5, `desktop: ${shown} metrics compared`)

    await page.setViewportSize(STUDY_DESKTOP)
    await importFile(page, 'study.json', studyBackup(30))
    await page.locator('#record-close').click()
    await openStudy(page)
    await page.screenshot({ path: `${OUTPUT}comparison-layout-study.png` })
    await checkStudy(page, '1400x900')

    // The CSV: ICC(1,1) and ICC(3,1) with their intervals after the columns there were (ICC(2,1) still sixth).
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#study-csv').click()])
    await csvDownload.saveAs(`${OUTPUT}comparison-layout-study.csv`)
    const lines = readFileSync(`${OUTPUT}comparison-layout-study.csv`, 'utf8').trimEnd().split('\r\n')
    const headers = lines[0]!.split(',')
    assert.equal(headers[5], 'cci_2_1')
    const row = lines.find((l) => l.includes(',trunk_angle_vertical,'))!.split(',')
    const cell = (name: string) => {
      const i = headers.indexOf(name)
      assert.ok(i >= 23, `the CSV has ${name} after the 23 columns there were: ${headers.join(',')}`)
      return Number(row[i])
    }
    const csv = {
      icc1: [cell('cci_1_1'), cell('cci_1_1_ic_inferior'), cell('cci_1_1_ic_superior')],
      icc3: [cell('cci_3_1'), cell('cci_3_1_ic_inferior'), cell('cci_3_1_ic_superior')],
    }

    // The JSON: icc_1_1 and icc_3_1 beside icc_2_1, each with its interval, the same figures as the CSV.
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.locator('#study-json').click()])
    await jsonDownload.saveAs(`${OUTPUT}comparison-layout-study.json`)
    type E = { value: number; lower: number; upper: number }
    const data = JSON.parse(readFileSync(`${OUTPUT}comparison-layout-study.json`, 'utf8')) as {
      method: Record<string, unknown>
      metrics: { view: string; metric: string; icc_2_1?: E; icc_1_1?: E; icc_3_1?: E }[]
    }
    const trunk = data.metrics.find((m) => m.view === 'lateral' && m.metric === 'trunk_angle_vertical')!
    assert.ok(trunk.icc_2_1, 'icc_2_1 is kept')
    assert.ok(trunk.icc_1_1 && trunk.icc_3_1, 'icc_1_1 and icc_3_1 are exported')
    assert.deepEqual([trunk.icc_1_1.value, trunk.icc_1_1.lower, trunk.icc_1_1.upper], csv.icc1)
    assert.deepEqual([trunk.icc_3_1.value, trunk.icc_3_1.lower, trunk.icc_3_1.upper], csv.icc3)
    assert.equal(data.method.icc, 'icc_2_1_two_way_random_absolute_agreement_single')
    assert.ok(data.method.icc_1_1 && data.method.icc_3_1, 'the JSON names the methods of ICC(1,1) and ICC(3,1)')
    // The screen shows the same figures, rounded.
    const shownIcc1 = await page.locator(`#study-results ${TRUNK} .icc1`).innerText()
    assert.ok(shownIcc1.startsWith(trunk.icc_1_1.value.toFixed(2).replace('.', ',')), shownIcc1)
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
