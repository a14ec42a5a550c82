/**
 * The labels of a printed photo's overlay (the printed report and the PDF reports' figures,
 * drawn by overlay.ts with `interactive: false`) laid out again by label-layout.ts: the
 * markers' numbers first, then the metrics' values, then the reference line's and the
 * scale's labels, each where it overlaps no other label, covers no marker and lies wholly
 * inside the photo; one moved away from its point gets a thin leader line back to it.
 * Sizes are estimated from the text at the print size (PRINT_FONT_PX, as report.css sets it;
 * the browser test test/web/report-figure.test.ts holds each drawn text inside its box).
 * Each label carries its box as `data-label-box` ("x0 y0 x1 y1", the frame's units) and
 * `data-label-fallback` when no free place existed. The screen's overlay is not touched.
 */
import { s } from './dom.js'
import { type Box, type LabelSpec, layoutLabels } from './label-layout.js'

/**
 * The print size of every label on a printed photo, in the figure's units (its long side is
 * REPORT_SIZE, 640): 2.8% of the photo's long side. The PDFs print a photo 190 to 400 pt tall
 * (docs/record.md), so the labels are 5.3 to 11 pt on paper; the three-view clinical report's
 * are about 6 pt on page 1 (photos 221 pt tall) and 11 pt on page 2.
 */
export const PRINT_FONT_PX = 18

/** Estimated advance of a character, in em: DejaVu Sans (Chromium's sans-serif on Linux) is the widest met; bold wider. */
const EM_BOLD = 0.72
const EM_REGULAR = 0.64
/** A line of text is this many em tall (the font's ascent and descent), plus the halo's stroke on each side. */
const LINE_EM = 1.3
const HALO_PX = 2
/** Half the size of a marker's ring with its stroke (overlay.ts draws r = 7). */
const RING_PX = 9

type Anchor = 'start' | 'middle' | 'end'

interface Item {
  readonly el: SVGTextElement
  /** The marker's translation, for a marker's number (its text is placed relative to it). */
  readonly origin: readonly [number, number]
  readonly spec: LabelSpec
}

/** Translation (x, y) of a `translate(x,y)` transform. */
function translation(el: Element): [number, number] {
  const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(el.getAttribute('transform') ?? '')
  return m ? [Number(m[1]), Number(m[2])] : [0, 0]
}

/** The estimated box of `text` written at (x, y) with `anchor`, vertically centred there. */
function boxAt(x: number, y: number, anchor: Anchor, width: number, height: number): Box {
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2
  return { x0, y0: y - height / 2, x1: x0 + width, y1: y + height / 2 }
}

function itemOf(el: SVGTextElement, priority: number, bold: boolean, origin: readonly [number, number]): Item {
  const text = el.textContent ?? ''
  const width = text.length * PRINT_FONT_PX * (bold ? EM_BOLD : EM_REGULAR) + 2 * HALO_PX
  const height = PRINT_FONT_PX * LINE_EM + 2 * HALO_PX
  const x = Number(el.getAttribute('x')) + origin[0]
  const y = Number(el.getAttribute('y')) + origin[1]
  const anchor = (el.getAttribute('text-anchor') ?? 'start') as Anchor
  // A marker's number is about its marker; the other labels about the point they were written at.
  const [ax, ay] = priority === 0 ? origin : [x, y]
  const preferred = boxAt(x, y, anchor, width, height)
  return { el, origin, spec: { x: ax, y: ay, width, height, preferred, priority } }
}

/** Lays out the labels of the overlay drawn in `svg` (a `width` × `height` frame) and adds their leaders. */
export function layoutPrintLabels(svg: SVGSVGElement, width: number, height: number): void {
  const markers = [...svg.querySelectorAll<SVGGElement>('g.markers > g.marker')]
  const obstacles = markers.map((g) => {
    const [x, y] = translation(g)
    return { x0: x - RING_PX, y0: y - RING_PX, x1: x + RING_PX, y1: y + RING_PX }
  })
  const items: Item[] = [
    ...markers.flatMap((g) => {
      const tag = g.querySelector<SVGTextElement>(':scope > text.marker-tag')
      return tag ? [itemOf(tag, 0, true, translation(g))] : []
    }),
    ...[...svg.querySelectorAll<SVGTextElement>('text.fig-label')].map((el) => itemOf(el, 1, true, [0, 0])),
    ...[...svg.querySelectorAll<SVGTextElement>('text.lrv-label, text.scale-label')].map((el) =>
      itemOf(el, 2, false, [0, 0]),
    ),
  ]
  const placed = layoutLabels(
    items.map((i) => i.spec),
    { width, height, obstacles },
  )
  const leaders = s('g', { class: 'label-leaders' })
  items.forEach(({ el, origin }, i) => {
    const { box, leader, fallback } = placed[i]!
    el.setAttribute('x', String((box.x0 + box.x1) / 2 - origin[0]))
    el.setAttribute('y', String((box.y0 + box.y1) / 2 - origin[1]))
    el.setAttribute('text-anchor', 'middle')
    el.setAttribute('dominant-baseline', 'central')
    el.setAttribute('data-label-box', [box.x0, box.y0, box.x1, box.y1].map((v) => v.toFixed(2)).join(' '))
    if (fallback) el.setAttribute('data-label-fallback', '')
    if (leader)
      leaders.append(
        s('line', {
          x1: leader.x0,
          y1: leader.y0,
          x2: leader.x1,
          y2: leader.y1,
          stroke: el.getAttribute('fill') ?? '#000',
          'stroke-width': 1,
          'stroke-opacity': 0.8,
        }),
      )
  })
  // Under the markers and the labels, over the photo and the figures' lines.
  svg.querySelector(':scope > g.markers')?.before(leaders)
}
