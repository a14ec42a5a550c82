/**
 * A PDF's words with their boxes, per page (poppler's pdftotext -bbox), and the check
 * the report tests make of every page: each word at least `edge` pt from the paper's
 * edge, no two words' boxes overlapping by more than `overlap` pt in both directions.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'

export interface Word {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
  readonly text: string
}

export interface PdfPage {
  readonly width: number
  readonly height: number
  readonly words: Word[]
}

/** Each page's size and words with their boxes (pdftotext -bbox). */
export function pagesOf(path: string): PdfPage[] {
  const html = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' })
  return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((p) => ({
    width: Number(p[1]),
    height: Number(p[2]),
    words: [
      ...p[3]!.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</g),
    ].map((w) => ({ x0: Number(w[1]), y0: Number(w[2]), x1: Number(w[3]), y1: Number(w[4]), text: w[5]! })),
  }))
}

/** Fails when a word of `page` is within `edge` pt of the paper's edge or overlaps another by more than `overlap` pt. */
export function assertLegible(page: PdfPage, where: string, edge: number, overlap: number): void {
  for (const w of page.words)
    assert.ok(
      w.x0 >= edge && w.y0 >= edge && w.x1 <= page.width - edge && w.y1 <= page.height - edge,
      `${where}: "${w.text}" at ${w.x0},${w.y0}-${w.x1},${w.y1} is at the paper's edge`,
    )
  for (let a = 0; a < page.words.length; a++)
    for (let b = a + 1; b < page.words.length; b++) {
      const u = page.words[a]!
      const v = page.words[b]!
      const dx = Math.min(u.x1, v.x1) - Math.max(u.x0, v.x0)
      const dy = Math.min(u.y1, v.y1) - Math.max(u.y0, v.y0)
      assert.ok(!(dx > overlap && dy > overlap), `${where}: "${u.text}" overlaps "${v.text}"`)
    }
}
