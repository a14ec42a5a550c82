/**
 * The app's values against the service's: the assessment file the app saves (a download,
 * offline too), the API request of a view built from it as the app sends it, an answer's
 * numbers by metric, and the comparison of the values shown with the service's within a
 * tolerance. Used by the tests where the device computes the values (offline, slow service).
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { OUTPUT } from './browser.js'

/** The values shown and the service's may differ by this much (the same functions, the same doubles). */
export const TOLERANCE = 1e-12

export type Assessment = {
  views: Record<
    string,
    {
      calibration: { lrv_x: number; fc: number; grid_size_cm: number | null }
      markers: Record<string, [number, number]>
    }
  >
}

/** The assessment file the app saves (a download: works offline too), parsed; kept in the test output as `name`. */
export async function savedAssessment(page: Page, name: string): Promise<Assessment> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  return JSON.parse(readFileSync(path, 'utf8')) as Assessment
}

/** The API request of a view from the saved assessment: its calibration and markers, as the app sends them. */
export function bodyOf(file: Assessment, view: View): unknown {
  const v = file.views[view]!
  const calibration: Record<string, number> = { lrv_x: v.calibration.lrv_x, fc: v.calibration.fc }
  if (v.calibration.grid_size_cm !== null) calibration.grid_size_cm = v.calibration.grid_size_cm
  return { calibration, markers: v.markers }
}

/** The numbers of an answer, by metric. */
export function numbersOf(answer: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(answer).filter((e): e is [string, number] => typeof e[1] === 'number'))
}

/** The same metrics shown as the service answered, each within TOLERANCE. */
export function assertSameValues(shown: Record<string, number>, service: Record<string, number>, what: string): void {
  assert.deepEqual(Object.keys(shown).sort(), Object.keys(service).sort(), `${what}: the same metrics`)
  for (const [name, value] of Object.entries(service)) {
    const difference = Math.abs((shown[name] as number) - value)
    assert.ok(difference <= TOLERANCE, `${what}: ${name} shown ${shown[name]}, the service ${value}`)
  }
}
