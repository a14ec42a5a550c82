/**
 * The service's 422 answers in the app's languages (web/src/service/api-errors.ts): real
 * answers from the service, worded from type/ctx in English and Spanish, placed on
 * the markers they concern; unknown types fall back to msg.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { View } from '#core/markers.js'
import { CLINICAL_EN, CLINICAL_ES } from '../../../web/src/i18n/clinical.js'
import { EN_TERMS, ES_TERMS } from '../../../web/src/i18n/terms.js'
import { type ApiProblem, placesOf, renderProblem, type Translate } from '../../../web/src/service/api-errors.js'
import { englishVocabulary, englishWordsIn } from '../../support/english-words.js'
import { type Service, startService } from '../../support/service-for-fetch.js'
import { FIGURES } from '../fixtures/figure.js'

function translator(catalogue: Record<string, string>): Translate {
  return (key, params = {}) => catalogue[key]!.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`))
}
const en = translator(CLINICAL_EN)
const es = translator(CLINICAL_ES)
const ENGLISH = englishVocabulary(Object.values(CLINICAL_EN), Object.values(CLINICAL_ES), [
  'px',
  'fc',
  'cm',
  'http',
  'english',
])

// biome-ignore lint/suspicious/noExplicitAny: a request body the tests then break on purpose (wrong types, missing keys)
function body(view: View): any {
  const f = FIGURES[view]
  return {
    markers: copy(f.markers),
    calibration: { lrv_x: f.lrvX, fc: 0.1 },
    ...(f.side ? { side: f.side } : {}),
  }
}

let service: Service
before(async () => {
  service = await startService()
})
after(async () => {
  await service.close()
})

async function problems(view: View, request: unknown): Promise<ApiProblem[]> {
  const res = await fetch(`api/analyze/${view}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  const text = await res.text()
  assert.equal(res.status, 422, text)
  return (JSON.parse(text) as { detail: ApiProblem[] }).detail
}

// biome-ignore lint/suspicious/noExplicitAny: a copy the tests then break on purpose
const copy = <T>(v: T): any => JSON.parse(JSON.stringify(v))

describe('422 answers worded from type and ctx', () => {
  test('coincident markers: both named by their label, shown on both, metrics named', async () => {
    const b = body('anterior')
    b.markers.tragus_izq = b.markers.tragus_der
    const [p] = await problems('anterior', b)
    assert.equal(p!.type, 'undefined_geometry')
    assert.deepEqual(placesOf('anterior', p!).sort(), ['tragus_der', 'tragus_izq'])
    const e = renderProblem('anterior', p!, en, EN_TERMS).text
    const s = renderProblem('anterior', p!, es, ES_TERMS).text
    assert.match(e, /Right tragus and Left tragus are at the same point \(252, 136\), so Head angle cannot be computed/)
    assert.match(
      s,
      /Trago derecho y Trago izquierdo están en el mismo punto \(252; 136\), así que no se puede calcular Inclinación de la cabeza/,
    )
    assert.deepEqual(englishWordsIn(s, ENGLISH), [])
  })
  test('out-of-range and wrong values of the calibration and markers, in Spanish without an English word', async () => {
    const b = body('posterior')
    b.calibration.fc = -1
    b.markers.cervical_7 = [1e10, 5]
    b.markers.lumbar_5 = [1, 2, 3]
    delete b.markers.toracica_7
    const list = await problems('posterior', b)
    const types = list.map((p) => p.type).sort()
    assert.deepEqual(types, ['greater_than', 'less_than_equal', 'missing', 'too_long'])
    for (const p of list) {
      const s = renderProblem('posterior', p, es, ES_TERMS)
      assert.deepEqual(englishWordsIn(s.text, ENGLISH), [], s.text)
      assert.ok(!s.text.includes('{'), s.text)
      assert.match(s.text, /^[A-ZÁÉÍÓÚÑ«]/u, s.text)
    }
    const fc = list.find((p) => p.type === 'greater_than')!
    assert.deepEqual(placesOf('posterior', fc), ['distance'])
    assert.equal(
      renderProblem('posterior', fc, es, ES_TERMS).text,
      'El factor de escala fc (cm por píxel) debe ser mayor que 0.',
    )
    const missing = list.find((p) => p.type === 'missing')!
    assert.equal(renderProblem('posterior', missing, es, ES_TERMS).text, 'Falta el marcador «T7».')
    assert.deepEqual(placesOf('posterior', missing), ['toracica_7'])
    const x = list.find((p) => p.type === 'less_than_equal')!
    assert.equal(
      renderProblem('posterior', x, en, EN_TERMS).text,
      'The x coordinate of "C7" must be at most 1000000000: no photograph is that large.',
    )
  })
  test('a wrong side in the lateral view', async () => {
    const b = body('lateral')
    b.side = 'front'
    const [p] = await problems('lateral', b)
    assert.equal(
      renderProblem('lateral', p!, es, ES_TERMS).text,
      'El lado hacia la cámara debe ser uno de estos valores: right, left.',
    )
  })
})

describe('other answers', () => {
  test("an unknown type falls back to the service's msg", () => {
    const p: ApiProblem = {
      loc: ['body', 'markers', 'tragus'],
      msg: 'Something new went wrong.',
      type: 'brand_new_type',
    }
    assert.deepEqual(renderProblem('lateral', p, es, ES_TERMS), {
      places: ['tragus'],
      text: 'Something new went wrong.',
    })
  })
  test('no service, rate limit, server failure', () => {
    const p = (status: number): ApiProblem => ({ loc: [], msg: '', status })
    assert.match(renderProblem('lateral', p(0), es, ES_TERMS).text, /No se pudo contactar con el servicio/)
    assert.match(renderProblem('lateral', p(429), es, ES_TERMS).text, /Demasiadas peticiones/)
    assert.match(renderProblem('lateral', p(503), en, EN_TERMS).text, /The service failed \(HTTP 503\)/)
    assert.deepEqual(renderProblem('lateral', p(500), en, EN_TERMS).places, ['general'])
  })
})
