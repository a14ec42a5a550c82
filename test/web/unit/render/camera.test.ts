/** The viewer's camera (web/src/render/camera.ts): fitting, zooming about a point, panning, revealing. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  fitted,
  MAX_ZOOM,
  MIN_ZOOM,
  pannedBy,
  revealed,
  toImage,
  toScreen,
  zoomedBy,
} from '../../../../web/src/render/camera.js'
import type { Transform } from '../../../../web/src/render/scene.js'

const close = (a: readonly number[], b: readonly number[], what: string) =>
  a.forEach((v, i) => {
    assert.ok(Math.abs(v - b[i]!) < 1e-9, `${what}: [${a.join(', ')}] vs [${b.join(', ')}]`)
  })

describe('camera', () => {
  const t: Transform = { s: 2, tx: 30, ty: -10 }

  test('screen and photo points convert both ways', () => {
    assert.deepEqual(toScreen(t, [10, 20]), [50, 30])
    assert.deepEqual(toImage(t, [50, 30]), [10, 20])
  })

  test('fitting shows the whole photo, centred across, with room for the zoom buttons below', () => {
    // Across: (1224 - 2 * 12) / 1000 = 1.2; down: (616 - 12 - 52) / 500 = 1.104, the smaller.
    const f = fitted({ w: 1000, h: 500 }, { w: 1224, h: 616 })
    assert.ok(f)
    close([f.s, f.tx, f.ty], [1.104, 60, 12], 'fitted')
    assert.equal(fitted({ w: 1000, h: 500 }, { w: 0, h: 616 }), null, 'a stage not laid out yet')
    assert.equal(fitted({ w: 1e9, h: 1e9 }, { w: 800, h: 600 })?.s, MIN_ZOOM, 'never below the zoom range')
  })

  test('zooming keeps the photo point under the given screen point where it is', () => {
    const c: [number, number] = [123, 45]
    const z = zoomedBy(t, 1.5, c)
    assert.equal(z.s, 3)
    close(toImage(z, c), toImage(t, c), 'point under c')
  })

  test('zoom stays in its range, and the point still stays put at the limit', () => {
    const c: [number, number] = [10, 10]
    const big = zoomedBy(t, 1e6, c)
    assert.equal(big.s, MAX_ZOOM)
    close(toImage(big, c), toImage(t, c), 'at MAX_ZOOM')
    assert.equal(zoomedBy(t, 1e-9, c).s, MIN_ZOOM)
  })

  test('panning moves by screen pixels whatever the zoom', () => {
    assert.deepEqual(pannedBy(t, 5, -7), { s: 2, tx: 35, ty: -17 })
  })

  test('revealing centres a point outside the view or near its edge, and leaves one well inside', () => {
    const stage = { w: 400, h: 300 }
    assert.equal(revealed(t, [50, 50], stage), t, 'screen (130, 90): inside')
    const r = revealed(t, [500, 50], stage)
    close(toScreen(r, [500, 50]), [200, 150], 'brought to the centre')
    assert.equal(r.s, t.s)
    close(toScreen(revealed(t, [-5, 50], stage), [-5, 50]), [200, 150], 'screen x 20: within the edge margin')
  })
})
