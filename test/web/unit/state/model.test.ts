/** Unit tests of web/src/state/model.ts: guided targets, placing, calibration, the API request a document amounts to. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { markerNames } from '#core/markers.js'
import {
  type Doc,
  EMPTY_DOC,
  fcOf,
  hasContent,
  isPlaced,
  nextUnplaced,
  positionOf,
  requestOf,
  scaleFc,
  snap,
  statusOf,
  targetsOf,
  withTarget,
} from '../../../../web/src/state/model.js'
import { FIGURES, markedDoc } from '../fixtures.js'

const photo = { name: 'p.png', width: 600, height: 1000, url: null }

describe('targets', () => {
  test('calibration first, then the markers in the shared order', () => {
    assert.deepEqual(
      targetsOf('anterior', EMPTY_DOC).map((t) => t.id),
      ['scale-a', 'scale-b', 'lrv', ...markerNames('anterior')],
    )
  })

  test('lateral calibration is optional; estimated popliteal points are not required', () => {
    const lateral = targetsOf('lateral', EMPTY_DOC)
    assert.deepEqual(
      lateral.filter((t) => !t.required).map((t) => t.id),
      ['scale-a', 'scale-b', 'lrv'],
    )
    const posterior = targetsOf('posterior', { ...EMPTY_DOC, estimatePopliteal: true })
    assert.deepEqual(
      posterior.filter((t) => !t.required).map((t) => t.id),
      ['popliteo_izq', 'popliteo_der'],
    )
    assert.ok(posterior.find((t) => t.id === 'popliteo_izq')?.note, 'says why it is not needed')
  })

  test('typing fc makes the scale points optional', () => {
    const targets = targetsOf('anterior', { ...EMPTY_DOC, fcTyped: 0.1 })
    assert.equal(targets.find((t) => t.id === 'scale-a')?.required, false)
    assert.equal(targets.find((t) => t.id === 'lrv')?.required, true)
  })

  test('nextUnplaced skips placed and optional targets and wraps', () => {
    const doc = withTarget({ ...EMPTY_DOC, photo }, 'scale-a', [1, 1])
    const targets = targetsOf('anterior', doc)
    assert.equal(nextUnplaced(targets, doc, null), 'scale-b')
    assert.equal(nextUnplaced(targets, doc, 'scale-b'), 'lrv')
    const last = markerNames('anterior').at(-1)!
    assert.equal(nextUnplaced(targets, doc, last), 'scale-b', 'wraps to the first one missing')
    assert.equal(nextUnplaced(targetsOf('anterior', markedDoc('anterior')), markedDoc('anterior'), null), null)
  })
})

describe('placing', () => {
  test('withTarget rounds to 0.1 px and keeps the point on the photo', () => {
    const doc = { ...EMPTY_DOC, photo }
    assert.deepEqual(positionOf(withTarget(doc, 'ombligo', [12.345, 67.891]), 'ombligo'), [12.3, 67.9])
    assert.deepEqual(positionOf(withTarget(doc, 'ombligo', [-5, 2000]), 'ombligo'), [0, 1000])
    assert.deepEqual(snap(doc, [600.04, 0.04]), [600, 0])
  })

  test('the reference line is a vertical: its position has the photo middle as y', () => {
    const doc = withTarget({ ...EMPTY_DOC, photo }, 'lrv', [310.26, 40])
    assert.equal(doc.lrvX, 310.3)
    assert.deepEqual(positionOf(doc, 'lrv'), [310.3, 500])
  })

  test('removing a target', () => {
    const doc = withTarget(withTarget({ ...EMPTY_DOC, photo }, 'ombligo', [1, 2]), 'ombligo', null)
    assert.equal(isPlaced(doc, 'ombligo'), false)
    assert.deepEqual(doc.markers, {})
  })

  test('marker status: confirmed by default, suggested when a tool says so, confirmed again when placed by hand', () => {
    const doc = { ...EMPTY_DOC, photo }
    assert.equal(statusOf(doc, 'ombligo'), 'confirmed')
    const suggested = withTarget(doc, 'ombligo', [10, 10], 'suggested')
    assert.equal(statusOf(suggested, 'ombligo'), 'suggested')
    const confirmed = withTarget(suggested, 'ombligo', [11, 10])
    assert.equal(statusOf(confirmed, 'ombligo'), 'confirmed')
    assert.deepEqual(confirmed.markerStatus, {})
    assert.equal(
      statusOf(withTarget(suggested, 'ombligo', null), 'ombligo'),
      'confirmed',
      'a removed marker has no status left',
    )
  })
})

describe('calibration', () => {
  test('fc from the scale points and the known distance', () => {
    const doc = markedDoc('anterior')
    const spec = FIGURES.anterior
    assert.equal(scaleFc(doc), spec.scaleCm / (spec.scale[1][0] - spec.scale[0][0]))
    assert.equal(fcOf(doc), scaleFc(doc))
  })

  test('typed fc counts only without scale points; coincident points give none', () => {
    const typed: Doc = { ...EMPTY_DOC, fcTyped: 0.2 }
    assert.equal(fcOf(typed), 0.2)
    assert.equal(fcOf({ ...typed, scale: [[1, 1], null] }), null)
    assert.equal(
      scaleFc({
        ...EMPTY_DOC,
        scale: [
          [5, 5],
          [5, 5],
        ],
        gridCm: 10,
      }),
      null,
    )
  })
})

describe('the API request', () => {
  test('a fully marked anterior document is ready, with calibration and markers', () => {
    const doc = markedDoc('anterior')
    const request = requestOf('anterior', doc)
    assert.ok(request.ready)
    const body = request.body as { calibration: Record<string, number>; markers: Record<string, unknown> }
    assert.deepEqual(body.calibration, { lrv_x: doc.lrvX, fc: fcOf(doc), grid_size_cm: doc.gridCm })
    assert.deepEqual(Object.keys(body.markers).sort(), markerNames('anterior').slice().sort())
    assert.equal(request.placeholders, false)
    assert.match(request.key, /^anterior:/)
  })

  test('what is missing is listed by label, the known distance included', () => {
    const doc = { ...markedDoc('anterior'), gridCm: null }
    const request = requestOf('anterior', doc)
    assert.equal(request.ready, false)
    assert.ok(!request.ready && request.missing.includes('Known distance (cm)'), JSON.stringify(request))
    const noMarker = requestOf('anterior', withTarget(markedDoc('anterior'), 'ombligo', null))
    assert.ok(!noMarker.ready && noMarker.missing.length === 1)
  })

  test('lateral without calibration sends placeholders and the side', () => {
    const doc: Doc = { ...markedDoc('lateral'), scale: [null, null], gridCm: null, lrvX: null, side: 'left' }
    const request = requestOf('lateral', doc)
    assert.ok(request.ready)
    assert.deepEqual((request.body as { calibration: unknown }).calibration, {
      lrv_x: FIGURES.lateral.width / 2,
      fc: 1,
    })
    assert.equal((request.body as { side: string }).side, 'left')
    assert.equal(request.placeholders, true)
  })

  test('posterior with estimated popliteal points leaves them out of the request', () => {
    const doc: Doc = { ...markedDoc('posterior'), estimatePopliteal: true }
    const request = requestOf('posterior', doc)
    assert.ok(request.ready)
    const body = request.body as { markers: Record<string, unknown>; estimate_popliteal: boolean }
    assert.equal(body.estimate_popliteal, true)
    assert.equal(body.markers.popliteo_izq, undefined)
  })
})

describe('content', () => {
  test('hasContent: a photo, a marker, the line or a scale point', () => {
    assert.equal(hasContent(EMPTY_DOC), false)
    assert.equal(hasContent({ ...EMPTY_DOC, lrvX: 3 }), true)
    assert.equal(hasContent({ ...EMPTY_DOC, scale: [null, [1, 1]] }), true)
  })
})
