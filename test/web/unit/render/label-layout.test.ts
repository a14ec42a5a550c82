/** The printed photo's label placement (web/src/render/label-layout.ts): no overlaps, no marker covered, nothing outside the frame. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import {
  type Box,
  inside,
  type LabelSpec,
  layoutLabels,
  overlaps,
  type PlacedLabel,
} from '../../../../web/src/render/label-layout.js'

/** A marker's ring as an obstacle. */
const ring = (x: number, y: number): Box => ({ x0: x - 9, y0: y - 9, x1: x + 9, y1: y + 9 })

/** Fails naming the first pair of overlapping boxes, a box over an obstacle or one outside the frame. */
function assertClean(placed: readonly PlacedLabel[], obstacles: readonly Box[], width: number, height: number): void {
  placed.forEach((p, i) => {
    assert.ok(inside(p.box, width, height), `label ${i} outside the frame: ${JSON.stringify(p.box)}`)
    assert.equal(p.fallback, false, `label ${i} fell back`)
    for (const [j, q] of placed.entries())
      if (j > i) assert.ok(!overlaps(p.box, q.box), `labels ${i} and ${j} overlap: ${JSON.stringify([p.box, q.box])}`)
    for (const o of obstacles) assert.ok(!overlaps(p.box, o), `label ${i} covers a marker ${JSON.stringify(o)}`)
  })
}

describe('label layout', () => {
  test('a label with its preferred place free keeps it, without a leader', () => {
    const preferred = { x0: 110, y0: 92, x1: 140, y1: 108 }
    const [p] = layoutLabels([{ x: 100, y: 100, width: 30, height: 16, preferred, priority: 0 }], {
      width: 400,
      height: 400,
    })
    assert.deepEqual(p, { box: preferred, leader: null, fallback: false })
  })

  test('two labels on one point go to two places, neither covering the marker there', () => {
    const obstacles = [ring(200, 200)]
    const specs: LabelSpec[] = [
      { x: 200, y: 200, width: 24, height: 16, priority: 0 },
      { x: 200, y: 200, width: 48, height: 16, priority: 1 },
    ]
    const placed = layoutLabels(specs, { width: 400, height: 400, obstacles })
    assertClean(placed, obstacles, 400, 400)
    assert.notDeepEqual(placed[0]!.box, placed[1]!.box)
  })

  test('a label at the frame’s edge is moved in, whole', () => {
    for (const [x, y] of [
      [0, 0],
      [400, 0],
      [0, 300],
      [400, 300],
      [398, 150],
    ] as const) {
      const obstacles = [ring(x, y)]
      const placed = layoutLabels(
        [{ x, y, width: 130, height: 18, preferred: { x0: x + 6, y0: y - 9, x1: x + 136, y1: y + 9 }, priority: 0 }],
        { width: 400, height: 300, obstacles },
      )
      assertClean(placed, obstacles, 400, 300)
    }
  })

  test('a place away from its anchor gets a leader from the anchor to the box', () => {
    // Eight labels on one marker: the first ring holds at most eight boxes of this size, with the marker's ring in the way.
    const obstacles = [ring(200, 200)]
    const specs = Array.from(
      { length: 12 },
      (_, i): LabelSpec => ({ x: 200, y: 200, width: 40, height: 16, priority: i }),
    )
    const placed = layoutLabels(specs, { width: 400, height: 400, obstacles })
    assertClean(placed, obstacles, 400, 400)
    const led = placed.filter((p) => p.leader)
    assert.ok(led.length > 0, 'some label away from the point')
    for (const p of led) {
      assert.deepEqual([p.leader!.x0, p.leader!.y0], [200, 200])
      const { x1, y1 } = p.leader!
      assert.ok(x1 >= p.box.x0 && x1 <= p.box.x1 && y1 >= p.box.y0 && y1 <= p.box.y1, 'the leader ends on its box')
    }
  })

  test('priority decides who keeps the contested place', () => {
    const preferred = { x0: 110, y0: 92, x1: 140, y1: 108 }
    const placed = layoutLabels(
      [
        { x: 100, y: 100, width: 30, height: 16, preferred, priority: 2 },
        { x: 100, y: 100, width: 30, height: 16, preferred, priority: 1 },
      ],
      { width: 400, height: 400 },
    )
    assert.deepEqual(placed[1]!.box, preferred)
    assert.notDeepEqual(placed[0]!.box, preferred)
  })

  test('random sets of up to 40 markers with their numbers and values in a roomy frame: no overlap, none outside, none covering a marker', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 800 }),
        fc.integer({ min: 400, max: 900 }),
        fc.array(
          fc.record({
            fx: fc.double({ min: 0, max: 1, noNaN: true }),
            fy: fc.double({ min: 0, max: 1, noNaN: true }),
            digits: fc.integer({ min: 1, max: 2 }),
            value: fc.boolean(),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (width, height, points) => {
          const obstacles = points.map((p) => ring(p.fx * width, p.fy * height))
          const specs: LabelSpec[] = points.flatMap((p) => {
            const x = p.fx * width
            const y = p.fy * height
            const tag: LabelSpec = { x, y, width: 9 * p.digits + 6, height: 18, priority: 0 }
            return p.value ? [tag, { x: x + 40, y, width: 46, height: 18, priority: 1 }] : [tag]
          })
          assertClean(layoutLabels(specs, { width, height, obstacles }), obstacles, width, height)
        },
      ),
      { numRuns: 150 },
    )
  })

  test('the same input gives the same layout', () => {
    const specs = Array.from(
      { length: 30 },
      (_, i): LabelSpec => ({
        x: (i * 37) % 300,
        y: (i * 91) % 500,
        width: 20 + (i % 3) * 10,
        height: 16,
        priority: i % 3,
      }),
    )
    const options = { width: 300, height: 500, obstacles: specs.map((s) => ring(s.x, s.y)) }
    assert.deepEqual(layoutLabels(specs, options), layoutLabels(specs, options))
  })

  test('only a frame with no room left falls back: the label is kept, inside as far as it fits, and reported', () => {
    // 100 × 40: room for eight 24 × 18 boxes at most (four across, two down); twelve asked for.
    const specs = Array.from({ length: 12 }, (): LabelSpec => ({ x: 50, y: 20, width: 24, height: 18, priority: 0 }))
    const placed = layoutLabels(specs, { width: 100, height: 40 })
    const fell = placed.filter((p) => p.fallback)
    assert.ok(fell.length >= 4, `${fell.length} fell back`)
    for (const p of placed) assert.ok(inside(p.box, 100, 40))
    for (const [i, p] of placed.entries())
      if (!p.fallback) for (const q of placed.slice(0, i)) assert.ok(!overlaps(p.box, q.box))
    // A box larger than the frame cannot fit: reported, never dropped.
    const [big] = layoutLabels([{ x: 10, y: 10, width: 200, height: 18, priority: 0 }], { width: 100, height: 40 })
    assert.equal(big!.fallback, true)
  })
})
