/** Marker numbers beside their markers (web/src/tag-layout.ts): up-right when free, elsewhere when two markers sit side by side. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { placeTags, type TagPlace } from '../../../../web/src/render/tag-layout.js'

describe('marker tags', () => {
  test('a lone marker keeps its number up and to the right', () => {
    assert.deepEqual(placeTags([{ x: 100, y: 100, text: '1' }]), [{ dx: 10, dy: -10, anchor: 'start' }])
  })
  test('two markers 12 px apart: each number where it covers neither the other number nor a ring', () => {
    const [a, b] = placeTags([
      { x: 100, y: 100, text: '14' },
      { x: 112, y: 101, text: '15' },
    ])
    // The boxes as estimated (8 px a digit, 16 px high) do not meet.
    const box = (x: number, y: number, p: TagPlace) => {
      const w = 16
      const x0 = p.anchor === 'start' ? x + p.dx : p.anchor === 'end' ? x + p.dx - w : x + p.dx - w / 2
      return { x0, x1: x0 + w, y0: y + p.dy - 8, y1: y + p.dy + 8 }
    }
    const A = box(100, 100, a!)
    const B = box(112, 101, b!)
    const apart = (P: typeof A, Q: typeof A) => P.x1 <= Q.x0 || Q.x1 <= P.x0 || P.y1 <= Q.y0 || Q.y1 <= P.y0
    const ring = (x: number, y: number) => ({ x0: x - 9, x1: x + 9, y0: y - 9, y1: y + 9 })
    assert.ok(apart(A, B), JSON.stringify({ A, B }))
    for (const r of [ring(100, 100), ring(112, 101)]) assert.ok(apart(A, r) && apart(B, r), JSON.stringify({ A, B, r }))
  })
  test('a crowd with no free place still gets a place for every tag', () => {
    const crowd = Array.from({ length: 30 }, (_, i) => ({
      x: 100 + (i % 5) * 3,
      y: 100 + Math.floor(i / 5) * 3,
      text: String(i + 1),
    }))
    assert.equal(placeTags(crowd).length, 30)
  })
})
