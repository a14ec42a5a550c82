/** The PDF report's layout (web/src/files/report-pdf-layout.ts): the paper by the browser's languages, the pagination and the photo's size. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type BlockSize,
  blockHeight,
  bodyOf,
  LAYOUT,
  PAPER_SIZE,
  paginate,
  paperFor,
  photoBox,
  photoHeightFor,
} from '../../../../web/src/files/report-pdf-layout.js'

describe('paperFor', () => {
  test('Letter for the US and the other Letter regions; A4 elsewhere and without a region', () => {
    assert.equal(paperFor(['en-US', 'en']), 'letter')
    assert.equal(paperFor(['es-US']), 'letter')
    assert.equal(paperFor(['es-MX', 'es']), 'letter')
    assert.equal(paperFor(['es-ES', 'en-US']), 'a4', 'the first language with a region decides')
    assert.equal(paperFor(['en-GB']), 'a4')
    assert.equal(paperFor(['es', 'en-US']), 'letter', 'a bare language has no region: the next one decides')
    assert.equal(paperFor(['es']), 'a4')
    assert.equal(paperFor([]), 'a4')
    assert.equal(paperFor(['not a tag!', 'en-CA']), 'letter')
  })

  test('page sizes in pt', () => {
    assert.deepEqual(PAPER_SIZE.letter, { width: 612, height: 792 })
    assert.ok(Math.abs(PAPER_SIZE.a4.width - (210 / 25.4) * 72) < 0.01)
    assert.ok(Math.abs(PAPER_SIZE.a4.height - (297 / 25.4) * 72) < 0.01)
  })
})

/** A view block like the report's: about 80 pt of text, a 13-row table, a portrait photo at the column's width. */
const VIEW: BlockSize = { fixed: 80, table: 200, photoMax: 420 }
const OPTIONS = { bodyHeight: bodyOf('letter').height, firstReserve: 90, maxPerPage: 2, minPhoto: LAYOUT.minPhoto }

describe('paginate', () => {
  test('one view: one page, its photo as tall as the column allows when the page has room', () => {
    const p = paginate([VIEW], OPTIONS)
    assert.deepEqual(p.pages, [[0]])
    assert.equal(p.photoHeights[0], 420)
  })

  test('three views on A4 and Letter: two pages, two views on one, each page filled no further than its body', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const options = { ...OPTIONS, bodyHeight: bodyOf(paper).height }
      const p = paginate([VIEW, VIEW, VIEW], options)
      assert.equal(p.pages.length, 2, paper)
      assert.deepEqual(p.pages.flat(), [0, 1, 2], 'in order, each once')
      p.pages.forEach((members, i) => {
        const used = members.reduce((sum, m) => sum + blockHeight(VIEW, p.photoHeights[m]!), 0)
        const available = options.bodyHeight - (i === 0 ? options.firstReserve : 0)
        assert.ok(used <= available + 1e-6, `${paper} page ${i + 1}: ${used} of ${available}`)
        for (const m of members) assert.ok(p.photoHeights[m]! >= LAYOUT.minPhoto, `photo ${m}: ${p.photoHeights[m]}`)
      })
    }
  })

  test('never more views on a page than maxPerPage; a block too tall alone gets a page of its own', () => {
    const small: BlockSize = { fixed: 20, table: 20, photoMax: 0 }
    const p = paginate([small, small, small, small, small], { ...OPTIONS, maxPerPage: 2 })
    assert.deepEqual(p.pages, [[0, 1], [2, 3], [4]])
    const huge: BlockSize = { fixed: 100, table: 2000, photoMax: 300 }
    const q = paginate([VIEW, huge, VIEW], OPTIONS)
    assert.deepEqual(q.pages, [[0], [1], [2]])
    assert.equal(q.photoHeights[1], 0, 'no room left for its photo')
  })

  test('views without a photo: their photo height is 0', () => {
    const p = paginate([{ fixed: 60, table: 100, photoMax: 0 }, VIEW], OPTIONS)
    assert.equal(p.photoHeights[0], 0)
    assert.ok(p.photoHeights[1]! > 0)
  })
})

describe('photoHeightFor and photoBox', () => {
  test('the largest common photo height that fits', () => {
    const h = photoHeightFor([VIEW, VIEW], 600)
    assert.ok(Math.abs(2 * blockHeight(VIEW, h) - 600) < 0.01, String(h))
    assert.equal(photoHeightFor([VIEW], 10_000), VIEW.photoMax)
    assert.equal(photoHeightFor([VIEW], 100), 0, 'not even the text fits')
  })

  test('aspect kept, inside the column and the height', () => {
    assert.deepEqual(photoBox({ width: 600, height: 1000 }, 240, 300), { width: 180, height: 300 })
    assert.deepEqual(photoBox({ width: 1600, height: 1200 }, 240, 300), { width: 240, height: 180 })
  })

  test('a block without a photo joins a page of one photo only while that photo keeps minPhotoAlone; of two, minPhoto', () => {
    const view: BlockSize = { fixed: 60, table: 150, photoMax: 600 }
    const text: BlockSize = { fixed: 240, table: 0, photoMax: 0, text: true }
    const options = { ...OPTIONS, minPhotoAlone: 360 }
    const body = options.bodyHeight - options.firstReserve
    // Room for the text block beside the photo at 300 pt, not at 360: the text goes to page 2.
    assert.ok(body - 60 - 240 >= 300 && body - 60 - 240 < 360, `${body}`)
    const alone = paginate([view, text], options)
    assert.deepEqual(alone.pages, [[0], [1]])
    assert.ok(alone.photoHeights[0]! >= 360)
    // Without minPhotoAlone the photo shrinks to let the block in.
    assert.deepEqual(paginate([view, text], OPTIONS).pages, [[0, 1]])
  })
})
