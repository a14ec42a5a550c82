/**
 * Where the notice rests (web/src/render/notice-layout.ts): at its own place when that is
 * clear, else at the nearest clear height above it, never over the prompt, the photo area
 * or the bar; null when the screen has no clear height for it.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type Band, NOTICE_GAP_PX, noticeTop } from '../../../../web/src/render/notice-layout.js'

const overlaps = (top: number, height: number, b: Band) => top < b.bottom && b.top < top + height

describe('noticeTop', () => {
  test('its own place when nothing is under it', () => {
    assert.equal(noticeTop(40, 700, [{ top: 8, bottom: 120 }]), 700)
    assert.equal(noticeTop(40, 700, []), 700)
  })

  test('a phone: prompt, photo area, room under it; a notice taller than the room has no clear height', () => {
    const prompt = { top: 8, bottom: 120 }
    const photo = { top: 128, bottom: 620 }
    // The room under the photo is 56 px: a one-line notice fits, a two-line one does not, and the prompt is no place for it.
    assert.equal(noticeTop(40, 636, [prompt, photo]), 636)
    assert.equal(noticeTop(60, 616, [prompt, photo]), null)
  })

  test('over the cards beside the photo it stays; under a band it moves up to the nearest clear height', () => {
    const bar = { top: 0, bottom: 60 }
    const prompt = { top: 72, bottom: 150 }
    const photo = { top: 158, bottom: 500 }
    // A page scrolled so that the photo area comes under the notice's place (its bottom at 840).
    const below = { top: 600, bottom: 900 }
    const top = noticeTop(50, 790, [bar, prompt, photo, below])
    assert.equal(top, 600 - NOTICE_GAP_PX - 50)
  })

  test('whatever the bands, a top it gives overlaps none of them and is not below its own place', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    for (let i = 0; i < 500; i++) {
      const bands: Band[] = []
      for (let k = 0; k < 1 + Math.floor(random() * 4); k++) {
        const t = random() * 800
        bands.push({ top: t, bottom: t + 10 + random() * 300 })
      }
      const height = 30 + random() * 80
      const own = 300 + random() * 500
      const top = noticeTop(height, own, bands)
      if (top === null) continue
      assert.ok(top <= own && top >= NOTICE_GAP_PX, `${top} within [${NOTICE_GAP_PX}, ${own}]`)
      for (const b of bands) assert.ok(!overlaps(top, height, b), `${top}+${height} over ${JSON.stringify(b)}`)
    }
  })
})
