/**
 * The warning for values the photo is too small for (web/src/precision.ts): on the
 * issue's 160 px wide photo the rearfoot and Q angles are flagged, on a phone-size
 * photo nothing is, and the photo size it asks for does bring every flagged u within
 * its limit.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { metricsOf } from '../../../../web/src/metrics/metric-info.js'
import { CLINICAL_U_LIMIT, precisionWarning, precisionWarningText } from '../../../../web/src/metrics/precision.js'
import { metricValue, type Placement, type Point, uncertaintiesOf } from '../../../../web/src/metrics/uncertainty.js'
import { FIGURES } from '../../fixtures/figure.js'

/** The figure of a view photographed `zoom` times its size, calibrated by its ruler. */
function placement(view: View, zoom: number): Placement {
  const f = FIGURES[view]
  const z = (q: readonly [number, number]): Point => [q[0] * zoom, q[1] * zoom]
  return {
    view,
    markers: Object.fromEntries(Object.entries(f.markers).map(([n, q]) => [n, z(q)])),
    ...(f.side ? { side: f.side } : {}),
    lrvX: f.lrvX * zoom,
    scale: { a: z(f.scale[0]), b: z(f.scale[1]), gridCm: f.scaleCm },
  }
}

function warningOf(view: View, width: number) {
  const zoom = width / FIGURES[view].width
  const p = placement(view, zoom)
  const values = Object.fromEntries(metricTable(view).map((m) => [m.name, metricValue(m, p)]))
  const photo = { width, height: Math.round(FIGURES[view].height * zoom) }
  return { warning: precisionWarning(metricsOf(view), values, uncertaintiesOf(p, { sd: 2 }), photo), photo }
}

describe('values the photo is too small for', () => {
  test('the limits: 2.7 degrees and 0.6 cm (docs/uncertainty.md)', () => {
    assert.deepEqual(CLINICAL_U_LIMIT, { degrees: 2.7, cm: 0.6 })
  })
  test('a phone photo (3000 px wide): no warning', () => {
    for (const view of ['anterior', 'posterior', 'lateral'] as const)
      assert.equal(warningOf(view, 3000).warning, null, view)
  })
  test('160 px wide: the rearfoot and Q angles are flagged, with the size that brings them within the limits', () => {
    const posterior = warningOf('posterior', 160)
    const anterior = warningOf('anterior', 160)
    assert.ok(posterior.warning && anterior.warning)
    const flagged = [...posterior.warning.values, ...anterior.warning.values].map((v) => v.info.name)
    for (const name of ['calcaneo_angle_left', 'calcaneo_angle_right', 'q_angle_left', 'q_angle_right'])
      assert.ok(flagged.includes(name), `${name} in ${flagged}`)
    for (const [view, warning] of [
      ['posterior', posterior.warning],
      ['anterior', anterior.warning],
    ] as const) {
      assert.ok(warning.needed.width > 160)
      const bigger = placement(view, warning.needed.width / FIGURES[view].width)
      const u = uncertaintiesOf(bigger, { sd: 2 })
      for (const v of warning.values)
        assert.ok(
          u[v.info.name]! <= CLINICAL_U_LIMIT[v.info.unit],
          `${v.info.name}: ${u[v.info.name]} at ${warning.needed.width} px`,
        )
    }
  })
  test('worded in Spanish with decimal commas', () => {
    const { warning, photo } = warningOf('posterior', 160)
    setLocale('es')
    try {
      const text = precisionWarningText(warning!, photo)
      assert.match(
        text,
        /^Con esta foto \(160×267 px\), \d+ valores son menos precisos .*2,7° en ángulos y 0,6\u00a0cm en distancias\): Ángulo del retropié izquierdo ±\u00a0\d+,\d°/,
      )
      assert.match(text, /Hace falta una foto de unos \d+×\d+ px/)
    } finally {
      setLocale('en')
    }
  })
})
