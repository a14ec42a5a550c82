/**
 * The landmark-to-marker mapping (web/src/pose/mapping.ts), pure, in Node: the landmark
 * table matches @mediapipe/pose's own export, every view's table covers exactly its
 * markers, direct markers are their landmark, derived ones follow their stated
 * proportion, anatomical order holds on a standing person, and a marker the model cannot
 * place credibly comes back unsuggested with its reason.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, it } from 'node:test'
import { runInNewContext } from 'node:vm'
import { markerNames, SIDES, VIEWS, type View } from '#core/markers.js'
import { LANDMARK_COUNT, LANDMARKS } from '../../../../web/src/pose/landmarks.js'
import {
  ANTERIOR_MAPPING,
  basisOf,
  describe as describeExpr,
  inputsOf,
  lateralMapping,
  type MarkerSuggestion,
  mappingOf,
  POSTERIOR_MAPPING,
  suggestMarkers,
  VISIBILITY_THRESHOLD,
} from '../../../../web/src/pose/mapping.js'
import { PHOTO, point, standing, withLandmarks } from './standing.js'

function byMarker<V extends View>(list: readonly MarkerSuggestion<V>[]): Record<string, MarkerSuggestion<V>> {
  return Object.fromEntries(list.map((s) => [s.marker, s]))
}

function suggested(s: MarkerSuggestion | undefined): { x: number; y: number } {
  assert.ok(s, 'marker missing')
  assert.equal(s.status, 'suggested', `${s.marker}: ${s.status === 'not-suggested' ? s.reason : ''}`)
  return s
}

describe('pose landmarks', () => {
  it('match the names and indices @mediapipe/pose exports as POSE_LANDMARKS', () => {
    const require = createRequire(import.meta.url)
    const source = readFileSync(require.resolve('@mediapipe/pose/pose.js'), 'utf8')
    const sandbox: Record<string, unknown> = {}
    sandbox.self = sandbox
    runInNewContext(source, sandbox)
    assert.deepEqual({ ...(sandbox.POSE_LANDMARKS as object) }, LANDMARKS)
    assert.equal(Object.keys(LANDMARKS).length, LANDMARK_COUNT)
    // Odd indices are the subject's left.
    for (const [name, index] of Object.entries(LANDMARKS)) {
      if (name.startsWith('LEFT_') && index >= 11) assert.equal(index % 2, 1, name)
    }
  })
})

describe('mapping tables', () => {
  it('cover exactly the markers of each view, for both lateral sides', () => {
    for (const view of Object.keys(VIEWS) as View[]) {
      for (const side of SIDES) {
        assert.deepEqual(Object.keys(mappingOf(view, side)).sort(), [...markerNames(view)].sort(), `${view} ${side}`)
      }
    }
  })

  it('give every rule a rationale and a formula naming only real landmarks', () => {
    for (const table of [ANTERIOR_MAPPING, POSTERIOR_MAPPING, lateralMapping('left'), lateralMapping('right')]) {
      for (const [marker, rule] of Object.entries(table)) {
        assert.ok(rule.rationale.length > 30, marker)
        const inputs = inputsOf(rule.expr)
        assert.ok(inputs.size >= 1, marker)
        for (const name of inputs) assert.ok(name in LANDMARKS, `${marker}: ${name}`)
        const text = describeExpr(rule.expr)
        assert.ok(text.length > 0 && !text.includes('undefined'), `${marker}: ${text}`)
      }
    }
  })

  it('use the camera-facing side in the lateral view', () => {
    for (const side of SIDES) {
      const prefix = side === 'left' ? 'LEFT_' : 'RIGHT_'
      for (const [marker, rule] of Object.entries(lateralMapping(side))) {
        for (const name of inputsOf(rule.expr)) assert.ok(name.startsWith(prefix), `${side} ${marker} reads ${name}`)
      }
    }
  })
})

describe('suggestMarkers', () => {
  it('suggests every anterior marker of a visible standing person, in placement order', () => {
    const lm = standing('front')
    const list = suggestMarkers('anterior', 'left', lm, PHOTO)
    assert.deepEqual(
      list.map((s) => s.marker),
      markerNames('anterior'),
    )
    const m = byMarker(list)
    // Direct markers are their landmark, exactly; the subject's right is on the image's left.
    assert.deepEqual(suggested(m.tragus_der), {
      ...suggested(m.tragus_der),
      x: point(lm, 'RIGHT_EAR').x,
      y: point(lm, 'RIGHT_EAR').y,
    })
    assert.ok(
      suggested(m.punto_acromion_izq).y < point(lm, 'LEFT_SHOULDER').y,
      'the acromion is above the shoulder joint',
    )
    assert.ok(suggested(m.centro_rotula_der).x < suggested(m.centro_rotula_izq).x)
    // Derived: the xiphoid is 25 % of the way from mid-shoulders to mid-hips.
    const sy = (point(lm, 'LEFT_SHOULDER').y + point(lm, 'RIGHT_SHOULDER').y) / 2
    const hy = (point(lm, 'LEFT_HIP').y + point(lm, 'RIGHT_HIP').y) / 2
    assert.ok(Math.abs(suggested(m.apendice_xifoides).y - (sy + 0.25 * (hy - sy))) < 1e-9)
    // Top to bottom along the midline.
    const order = [
      'eminencia_frontal_media',
      'espina_nasal',
      'punto_mentoniano',
      'escotadura_esternal',
      'apendice_xifoides',
      'ombligo',
      'punto_sinfisis_pubiana',
    ]
    for (let i = 1; i < order.length; i++)
      assert.ok(suggested(m[order[i - 1]!]).y < suggested(m[order[i]!]).y, `${order[i - 1]} above ${order[i]}`)
    // ASIS above the hip joints, tibial tuberosity below the knee.
    assert.ok(suggested(m.espina_iliaca_anterosuperior_der).y < point(lm, 'RIGHT_HIP').y)
    assert.ok(suggested(m.tat_izq).y > suggested(m.centro_rotula_izq).y)
    for (const s of list) assert.equal(s.basis, basisOf(ANTERIOR_MAPPING[s.marker as keyof typeof ANTERIOR_MAPPING]))
  })

  it('places the posterior spine top to bottom on the midline and the sides on the image side of the subject', () => {
    const lm = standing('back')
    const m = byMarker(suggestMarkers('posterior', 'left', lm, PHOTO))
    const spine = ['cervical_7', 'toracica_3', 'toracica_7', 'toracica_12', 'lumbar_5']
    for (let i = 1; i < spine.length; i++) assert.ok(suggested(m[spine[i - 1]!]).y < suggested(m[spine[i]!]).y)
    for (const name of spine) assert.ok(Math.abs(suggested(m[name]).x - 300) < 1e-9, name)
    // From behind, the subject's left is on the image's left.
    assert.ok(suggested(m.popliteo_izq).x < suggested(m.popliteo_der).x)
    assert.ok(
      suggested(m.espina_iliaca_posterosuperior_izq).x < 300 && suggested(m.espina_iliaca_posterosuperior_der).x > 300,
    )
    assert.ok(suggested(m.lobulo_izq).y > point(lm, 'LEFT_EAR').y, 'the lobe hangs below the ear point')
    assert.ok(suggested(m.calcaneo_der).y > suggested(m.aquiles_der).y)
  })

  it('moves lateral markers to the back or front by the side facing the camera', () => {
    for (const side of SIDES) {
      const lm = standing(side)
      const near = side === 'left' ? 'LEFT_' : 'RIGHT_'
      const m = byMarker(suggestMarkers('lateral', side, lm, PHOTO))
      const back = side === 'left' ? 1 : -1
      const shoulder = point(lm, `${near}SHOULDER` as never)
      const ankle = point(lm, `${near}ANKLE` as never)
      assert.ok(back * (suggested(m.apex_cervical).x - shoulder.x) > 0, `${side}: neck apex behind the shoulder`)
      assert.ok(back * (suggested(m.apex_lumbar).x - shoulder.x) > 0, `${side}: lumbar apex behind`)
      assert.ok(
        back * (suggested(m.borde_anterior_maleolo).x - ankle.x) < 0,
        `${side}: malleolus front edge in front of the ankle`,
      )
      assert.equal(suggested(m.trocanter_mayor).x, point(lm, `${near}HIP` as never).x)
    }
  })

  it('does not guess a direct marker whose landmark is barely visible', () => {
    const lm = withLandmarks(standing('front'), { LEFT_KNEE: { visibility: VISIBILITY_THRESHOLD - 0.01 } })
    const m = byMarker(suggestMarkers('anterior', 'left', lm, PHOTO))
    assert.deepEqual(m.centro_rotula_izq, {
      marker: 'centro_rotula_izq',
      status: 'not-suggested',
      reason: 'low-visibility',
      basis: 'direct',
      ctx: { landmarks: ['LEFT_KNEE'] },
    })
    // The derived tibial tuberosity needs the knee too.
    assert.equal(m.tat_izq?.status, 'not-suggested')
    assert.equal(m.tat_izq?.status === 'not-suggested' && m.tat_izq.reason, 'inputs-not-visible')
    assert.equal(m.centro_rotula_der?.status, 'suggested')
  })

  it('reports the hidden inputs of a derived marker', () => {
    const lm = withLandmarks(standing('back'), { RIGHT_HIP: { visibility: 0.2 } })
    const m = byMarker(suggestMarkers('posterior', 'left', lm, PHOTO))
    for (const name of ['toracica_3', 'toracica_7', 'toracica_12', 'lumbar_5', 'espina_iliaca_posterosuperior_der']) {
      const s = m[name]
      assert.ok(s && s.status === 'not-suggested' && s.reason === 'inputs-not-visible', name)
      assert.deepEqual(s.status === 'not-suggested' && s.ctx.landmarks, ['RIGHT_HIP'])
    }
    assert.equal(m.cervical_7?.status, 'suggested', 'C7 does not use the hips')
  })

  it('leaves out markers whose landmarks, or whose computed point, are outside the photo', () => {
    const lm = withLandmarks(standing('front'), {
      LEFT_ANKLE: { y: 1010, visibility: 0.9 },
      RIGHT_ANKLE: { y: 1010, visibility: 0.9 },
    })
    const m = byMarker(suggestMarkers('anterior', 'left', lm, PHOTO))
    assert.equal(m.tat_der?.status === 'not-suggested' && m.tat_der.reason, 'out-of-frame')
    assert.deepEqual(m.tat_der?.status === 'not-suggested' && m.tat_der.ctx.landmarks, ['RIGHT_ANKLE'])
    // The forehead is computed above the eyes: with the eyes at the top edge it falls outside.
    const high = withLandmarks(standing('front'), { LEFT_EYE: { y: 2 }, RIGHT_EYE: { y: 2 } })
    const f = byMarker(suggestMarkers('anterior', 'left', high, PHOTO)).eminencia_frontal_media
    assert.deepEqual(f?.status === 'not-suggested' && [f.reason, f.ctx.landmarks], ['out-of-frame', []])
  })

  it('suggests nothing, with reason no-pose, when the model found no person', () => {
    for (const view of Object.keys(VIEWS) as View[]) {
      const list = suggestMarkers(view, 'right', null, PHOTO)
      assert.equal(list.length, VIEWS[view].length)
      for (const s of list) assert.ok(s.status === 'not-suggested' && s.reason === 'no-pose')
    }
  })

  it('treats a missing visibility score as not visible', () => {
    const lm = withLandmarks(standing('front'), { NOSE: { visibility: Number.NaN } })
    // No marker uses the nose; the face markers use eyes and mouth, and stay suggested.
    const m = byMarker(suggestMarkers('anterior', 'left', lm, PHOTO))
    assert.equal(m.espina_nasal?.status, 'suggested')
    const eyes = withLandmarks(standing('front'), { LEFT_EYE: { visibility: Number.NaN } })
    assert.equal(byMarker(suggestMarkers('anterior', 'left', eyes, PHOTO)).espina_nasal?.status, 'not-suggested')
  })
})
