/**
 * Every layout decision of the PDF report in one place: paper sizes, margins, fonts
 * and line heights, the photo's column, and the pagination (which views share a page
 * and how tall each photo is drawn). Points (1/72 inch) throughout. Pure: no DOM.
 */

export type Paper = 'a4' | 'letter'

/** Page width and height, pt. */
export const PAPER_SIZE: Readonly<Record<Paper, { readonly width: number; readonly height: number }>> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
}

/**
 * Regions whose paper is US Letter (the rest of the world uses A4): the first browser
 * language with a region decides ("en-US" and "es-MX" Letter; "es-ES", "en-GB" and a
 * bare "es" or "en" A4).
 */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'CL', 'CO', 'VE', 'PH', 'PR', 'GT', 'CR', 'SV', 'DO', 'PA'])

export function paperFor(languages: readonly string[]): Paper {
  for (const tag of languages) {
    let region: string | undefined
    try {
      region = new Intl.Locale(tag).region
    } catch {
      continue
    }
    if (region) return LETTER_REGIONS.has(region.toUpperCase()) ? 'letter' : 'a4'
  }
  return 'a4'
}

export const LAYOUT = {
  /** Left and right margins. */
  marginX: 40,
  /** From the page's top and bottom edges to the body. */
  marginTop: 50,
  marginBottom: 46,
  /** Baselines of the running header and footer, from the top and the bottom edges. */
  headerBaseline: 30,
  footerBaseline: 26,
  runningSize: 8.5,
  titleSize: 16,
  titleLine: 20,
  /** The patient line under the title. */
  patientSize: 10.5,
  patientLine: 14,
  bodySize: 8.5,
  bodyLine: 10.5,
  headingSize: 12,
  headingLine: 16,
  /** Space after the title block and after each view. */
  blockGap: 12,
  /** Space between a view's facts and its photo and table. */
  factsGap: 5,
  /** The photo's column: this share of the body's width; the table takes the rest after the gutter. */
  photoShare: 0.47,
  gutter: 14,
  /** The table: font, a line of a cell, padding above and below a row, the value column's width. */
  tableSize: 8,
  tableLine: 9.6,
  rowPadding: 2.4,
  valueColumn: 98,
  /** The patient summary's numbers beside each sentence: a narrower column in a smaller font (the sentence comes first). */
  numbersColumn: 72,
  numbersSize: 7,
  /** The smallest photo height a view is given before it moves to a page of its own. */
  minPhoto: 190,
  /** The smallest height of a photo alone on its page before a text block (comparison, notes) moves to the next page. */
  minPhotoAlone: 360,
  /** The most views on a page. */
  maxViewsPerPage: 2,
  /** The clinic's logo on the first page: at most this tall and wide. */
  logoHeight: 44,
  logoWidth: 150,
  /** The patient summary's grid over each photo: this many squares across. */
  gridSquares: 6,
  /** The photo with its overlay is drawn as a JPEG of this many px on its long side. */
  figurePx: 1600,
} as const

/** The body's box on a page of `paper`. */
export function bodyOf(paper: Paper): { x: number; y: number; width: number; height: number } {
  const { width, height } = PAPER_SIZE[paper]
  return {
    x: LAYOUT.marginX,
    y: LAYOUT.marginTop,
    width: width - 2 * LAYOUT.marginX,
    height: height - LAYOUT.marginTop - LAYOUT.marginBottom,
  }
}

/** What the pagination knows of a view's block. */
export interface BlockSize {
  /** The heights that do not depend on the photo: heading, facts, notes, gaps (a block without a photo: all of it). */
  readonly fixed: number
  /** The table's height (0 without one). */
  readonly table: number
  /** The tallest the photo can be drawn at the column's width (0 without a photo). */
  readonly photoMax: number
  /** A block of text after the views (a comparison, the notes): not counted among a page's views. */
  readonly text?: boolean
}

export interface Pagination {
  /** The blocks on each page, by index, in order. */
  readonly pages: readonly (readonly number[])[]
  /** The height each block's photo is drawn at (0 without a photo). */
  readonly photoHeights: readonly number[]
}

/** The height a block takes with its photo `photo` tall (photo and table stand side by side). */
export function blockHeight(block: BlockSize, photo: number): number {
  return block.fixed + Math.max(block.table, photo)
}

/**
 * The largest common photo height p for the blocks on one page (each photo at
 * min(p, its photoMax)) such that they fit in `available`; 0 when none does.
 */
export function photoHeightFor(blocks: readonly BlockSize[], available: number): number {
  const need = (p: number) => blocks.reduce((sum, b) => sum + blockHeight(b, Math.min(p, b.photoMax)), 0)
  const top = Math.max(0, ...blocks.map((b) => b.photoMax))
  if (need(top) <= available) return top
  let low = 0
  let high = top
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2
    if (need(mid) <= available) low = mid
    else high = mid
  }
  return need(low) <= available ? low : 0
}

/**
 * Which blocks share a page, in order: a block joins the page before while at most
 * maxPerPage views share it (text blocks not counted) and each of their photos can still be at least minPhoto tall
 * (or as tall as it can be, when less); the first page also holds the title block
 * (`firstReserve` of its height). Then every photo on a page is drawn as large as the
 * page allows, with its aspect kept. A block too tall for a page alone gets a page of its own.
 */
export function paginate(
  blocks: readonly BlockSize[],
  options: {
    readonly bodyHeight: number
    readonly firstReserve: number
    readonly maxPerPage: number
    readonly minPhoto: number
    /** The least height of a photo alone on its page (minPhoto when absent). */
    readonly minPhotoAlone?: number
  },
): Pagination {
  const pages: number[][] = []
  let page: number[] = []
  const available = (pageIndex: number) => options.bodyHeight - (pageIndex === 0 ? options.firstReserve : 0)
  // The most views on a page; text blocks (a comparison, the notes) join any page they fit on.
  const views = (members: readonly number[]) => members.filter((i) => !blocks[i]!.text).length
  const photos = (members: readonly number[]) => members.filter((i) => blocks[i]!.photoMax > 0).length
  // A photo alone on its page keeps at least minPhotoAlone (a page of text blocks does not shrink it further).
  const fits = (members: readonly number[], pageIndex: number) => {
    const least = photos(members) > 1 ? options.minPhoto : (options.minPhotoAlone ?? options.minPhoto)
    return (
      members.reduce((sum, i) => {
        const b = blocks[i]!
        return sum + blockHeight(b, Math.min(least, b.photoMax))
      }, 0) <= available(pageIndex)
    )
  }
  blocks.forEach((_, i) => {
    const candidate = [...page, i]
    if (page.length === 0 || (views(candidate) <= options.maxPerPage && fits(candidate, pages.length))) page = candidate
    else {
      pages.push(page)
      page = [i]
    }
  })
  if (page.length > 0) pages.push(page)
  const photoHeights = blocks.map(() => 0)
  pages.forEach((members, pageIndex) => {
    const p = photoHeightFor(
      members.map((i) => blocks[i]!),
      available(pageIndex),
    )
    for (const i of members) photoHeights[i] = Math.min(p, blocks[i]!.photoMax)
  })
  return { pages, photoHeights }
}

/** A photo of width × height drawn `drawnHeight` tall at most, inside `columnWidth`: its drawn size, aspect kept. */
export function photoBox(
  photo: { readonly width: number; readonly height: number },
  columnWidth: number,
  drawnHeight: number,
): { width: number; height: number } {
  const k = Math.min(columnWidth / photo.width, drawnHeight / photo.height)
  return { width: photo.width * k, height: photo.height * k }
}
