/**
 * Draws the photo, the calibration, the markers and each metric's lines and angles
 * into an SVG in screen space (so strokes and labels keep their size at any zoom).
 * Used by the interactive stage and, with a fixed transform, by the printed report
 * (not interactive: its labels are then laid out for paper by print-labels.ts).
 */
import { deg, fullTurn, wrapDegrees } from '#core/geometry/angles.js'
import { formatNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { formatValue } from '../metrics/metric-info.js'
import { type Doc, type Pt, positionOf, statusOf } from '../state/model.js'
import { s } from './dom.js'
import { GRAB_RADIUS_PX } from './hit.js'
import { layoutPrintLabels } from './print-labels.js'
import type { Figure, Scene, Transform } from './scene.js'
import { placeTags, type ScreenBox, type TagPlace } from './tag-layout.js'
import { breakLines, type TextWidth } from './text-lines.js'

export type { Figure, Scene, Transform }

type V = readonly [number, number]

const rad = (d: number) => (d * Math.PI) / 180
/** Angle of a screen vector (y down), degrees; increasing is clockwise on screen. */
const angleOf = (v: V) => deg(Math.atan2(v[1], v[0]))
/** Into [0, 360). */
const mod360 = (a: number) => fullTurn(wrapDegrees(a))
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1]]
const len = (v: V) => Math.hypot(v[0], v[1])
const along = (p: V, angle: number, r: number): V => [p[0] + r * Math.cos(rad(angle)), p[1] + r * Math.sin(rad(angle))]

function arcPath(c: V, r: number, from: number, sweep: number): string {
  const a = along(c, from, r)
  const b = along(c, from + sweep, r)
  const large = Math.abs(sweep) > 180 ? 1 : 0
  const dir = sweep > 0 ? 1 : 0
  return `M${a[0]},${a[1]} A${r},${r} 0 ${large} ${dir} ${b[0]},${b[1]}`
}

/** Text at p; `anchor` says which side of p it extends to. */
function label(
  p: V,
  text: string,
  cls: string,
  color?: string,
  anchor: 'start' | 'middle' | 'end' = 'middle',
): SVGTextElement {
  return s(
    'text',
    { x: p[0], y: p[1], class: cls, fill: color, 'text-anchor': anchor, 'dominant-baseline': 'middle' },
    text,
  )
}

/** The anchor that makes a label extend away from its point in direction `angle`. */
function anchorFor(angle: number): 'start' | 'middle' | 'end' {
  const c = Math.cos(rad(angle))
  return c > 0.4 ? 'start' : c < -0.4 ? 'end' : 'middle'
}

/** One metric's drawing in screen space; null when a marker it needs is missing. */
function figureOf(fig: Figure, doc: Doc, at: (p: Pt) => V, tf: Transform): SVGGElement | null {
  const { info, value, color } = fig
  const g = s('g', { class: 'figure', 'data-metric': info.name, stroke: color, color })
  const P = (name: string): V | null => {
    const p = doc.markers[name]
    return p ? at(p) : null
  }
  const line = (a: V, b: V, cls = 'fig-line') =>
    g.append(s('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls }))
  const text = formatValue(info, value)
  const R = 34

  /**
   * The arc from direction `from` turning `sweep` degrees at c. The value is written
   * in direction `at` from c (default: the middle of the arc).
   */
  const angle = (c: V, from: number, sweep: number, at?: number) => {
    g.append(s('path', { d: arcPath(c, R, from, sweep), class: 'fig-arc' }))
    const dir = at ?? from + sweep / 2
    const anchor = anchorFor(dir)
    g.append(
      label(along(c, dir, at === undefined ? R + 14 : anchor === 'middle' ? 22 : 14), text, 'fig-label', color, anchor),
    )
  }

  const shape = info.shape
  switch (shape.kind) {
    case 'offset': {
      const p = doc.markers[shape.marker]
      if (!p || doc.lrvX === null) return null
      const a = at(p)
      const b = at([doc.lrvX, p[1]])
      line(a, b, 'fig-line fig-dim')
      g.append(s('line', { x1: b[0], y1: b[1] - 6, x2: b[0], y2: b[1] + 6, class: 'fig-line' }))
      // Beyond the marker, on the side away from the line (left of both when they are close).
      if (Math.abs(a[0] - b[0]) < 24)
        g.append(label([Math.min(a[0], b[0]) - 14, a[1]], text, 'fig-label', color, 'end'))
      else
        g.append(
          label([a[0] + (a[0] < b[0] ? -14 : 14), a[1]], text, 'fig-label', color, a[0] < b[0] ? 'end' : 'start'),
        )
      return g
    }
    case 'line': {
      const a = P(shape.a)
      const b = P(shape.b)
      if (!a || !b) return null
      line(a, b)
      const d = sub(b, a)
      if (len(d) === 0) return g
      // The reference (image horizontal or vertical) whose angle to the line is the value.
      const refs: V[] = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]
      const θ = angleOf(d)
      let best = refs[0]!
      let bestErr = Infinity
      for (const r of refs) {
        const err = Math.abs(Math.abs(wrapDegrees(θ - angleOf(r))) - Math.abs(value))
        if (err < bestErr) {
          best = r
          bestErr = err
        }
      }
      const refEnd: V = [a[0] + best[0] * (R + 26), a[1] + best[1] * (R + 26)]
      line(a, refEnd, 'fig-ref')
      // The value goes on the side of `a` away from the reference: off the body for the level lines.
      angle(a, angleOf(best), wrapDegrees(θ - angleOf(best)), angleOf(best) + 180)
      return g
    }
    case 'chain': {
      const a = P(shape.a)
      const b = P(shape.b)
      const c = P(shape.c)
      if (!a || !b || !c) return null
      line(a, b)
      line(b, c)
      const ab = sub(b, a)
      const bc = sub(c, b)
      if (len(ab) === 0 || len(bc) === 0) return g
      const ext = angleOf(ab)
      line(b, along(b, ext, Math.max(R + 26, Math.min(len(bc), 120))), 'fig-ref')
      angle(b, ext, wrapDegrees(angleOf(bc) - ext))
      return g
    }
    case 'vertex': {
      const v = P(shape.v)
      const a = P(shape.a)
      const b = P(shape.b)
      if (!v || !a || !b) return null
      line(v, a)
      line(v, b)
      const va = sub(a, v)
      const vb = sub(b, v)
      if (len(va) === 0 || len(vb) === 0) return g
      // The value is a full turn in [0, 360): sweep whichever way gives it.
      const inc = mod360(angleOf(vb) - angleOf(va))
      const dec = mod360(angleOf(va) - angleOf(vb))
      angle(v, angleOf(va), Math.abs(inc - value) <= Math.abs(dec - value) ? inc : -dec)
      return g
    }
    case 'lines': {
      const a = P(shape.a)
      const b = P(shape.b)
      const c = P(shape.c)
      const d = P(shape.d)
      if (!a || !b || !c || !d) return null
      line(a, b)
      line(c, d)
      const ab = sub(b, a)
      const cd = sub(d, c)
      if (len(ab) === 0 || len(cd) === 0) return g
      // The first line's direction carried to the start of the second, and the turn between them there.
      const ref = angleOf(ab)
      line(c, along(c, ref, Math.max(R + 26, Math.min(len(cd), 120))), 'fig-ref')
      angle(c, ref, wrapDegrees(angleOf(cd) - ref))
      return g
    }
    case 'segments': {
      for (const [m, n] of shape.segments) {
        const a = P(m)
        const b = P(n)
        if (a && b) line(a, b)
      }
      void tf
      return g
    }
  }
}

/**
 * Moves value labels up or down until none overlaps an earlier one, and returns where
 * they are. Sizes are estimated from the text (the report's SVG is not laid out when this runs).
 */
function spreadLabels(labels: readonly SVGTextElement[]): ScreenBox[] {
  const H = 16
  const placed: ScreenBox[] = []
  for (const el of labels) {
    const x = Number(el.getAttribute('x'))
    const y = Number(el.getAttribute('y'))
    const w = (el.textContent ?? '').length * 8
    const anchor = el.getAttribute('text-anchor')
    const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2
    const box = (dy: number) => ({ x0, x1: x0 + w, y0: y + dy - H / 2, y1: y + dy + H / 2 })
    const free = (b: ReturnType<typeof box>) =>
      placed.every((p) => b.x1 <= p.x0 || b.x0 >= p.x1 || b.y1 <= p.y0 || b.y0 >= p.y1)
    let dy = 0
    for (let k = 1; k <= 12 && !free(box(dy)); k++) dy = (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * (H + 1)
    if (dy !== 0) el.setAttribute('y', String(y + dy))
    placed.push(box(dy))
  }
  return placed
}

/** Size of the "photo not loaded" sentence, px (stage.css, .photo-missing-text); its lines are this far apart and as far from the edges. */
const MISSING_TEXT_PX = 14
const MISSING_LINE_PX = 18
const MISSING_MARGIN_PX = 12

/** Average width of a character, in em, where no canvas can measure: wide enough for this app's sentences. */
const FALLBACK_EM_PER_CHAR = 0.62

/** Measures text in `font` (a CSS font shorthand) with a canvas; without one, estimates it from its characters. */
function textWidthMeasure(font: string, fontSizePx: number): TextWidth {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) return (text) => text.length * fontSizePx * FALLBACK_EM_PER_CHAR
  context.font = font
  return (text) => context.measureText(text).width
}

/**
 * The "photo not loaded" sentence, at the top of the part of the photo's place that is on
 * the drawing, broken into lines that fit its width (SVG text does not wrap: a long
 * sentence, Spanish's above all, was cut at a phone's and a tablet's width).
 */
function photoMissingText(
  svg: SVGSVGElement,
  text: string,
  place: { readonly x0: number; readonly x1: number; readonly y0: number; readonly width: number },
): SVGTextElement {
  const left = Math.max(place.x0, 0) + MISSING_MARGIN_PX
  const right = Math.min(place.x1, place.width) - MISSING_MARGIN_PX
  // A photo's place mostly off the drawing: the sentence over the whole drawing's width.
  const [from, to] =
    right - left >= 8 * MISSING_TEXT_PX ? [left, right] : [MISSING_MARGIN_PX, place.width - MISSING_MARGIN_PX]
  const family = svg.isConnected ? getComputedStyle(svg).fontFamily : 'system-ui, sans-serif'
  const lines = breakLines(text, to - from, textWidthMeasure(`${MISSING_TEXT_PX}px ${family}`, MISSING_TEXT_PX))
  const x = (from + to) / 2
  const el = s('text', { x, y: Math.max(place.y0, 0) + 28, class: 'photo-missing-text', 'text-anchor': 'middle' })
  for (const [i, line] of lines.entries()) el.append(s('tspan', { x, dy: i === 0 ? 0 : MISSING_LINE_PX }, line))
  return el
}

/** A marker or scale point as drawn: its id, classes, screen point, number or letter and tooltip. */
interface MarkerShown {
  readonly id: string
  readonly cls: string
  readonly x: number
  readonly y: number
  readonly text: string
  readonly title: string
}

/** A marker's element, made once per id: its hit area (on the stage), ring, cross, tag and tooltip. */
function markerElement(id: string, interactive: boolean): SVGGElement {
  const g = s('g', { 'data-target': id })
  if (interactive) g.append(s('circle', { r: GRAB_RADIUS_PX, class: 'hit' }))
  g.append(
    s('circle', { r: 7, class: 'ring' }),
    s('path', { d: 'M-4,0H4M0,-4V4', class: 'cross' }),
    s('text', { class: 'marker-tag', 'dominant-baseline': 'central' }),
    s('title', {}),
  )
  return g
}

/** Sets an attribute only when it changes (an unchanged marker is left untouched). */
function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value)
}

/** Brings a marker's element up to date: classes, place, its tag's place and text, its tooltip. */
function updateMarker(g: SVGGElement, m: MarkerShown, place: TagPlace): void {
  setAttr(g, 'class', m.cls)
  setAttr(g, 'transform', `translate(${m.x},${m.y})`)
  const tag = g.querySelector('text.marker-tag')!
  setAttr(tag, 'x', String(place.dx))
  setAttr(tag, 'y', String(place.dy))
  setAttr(tag, 'text-anchor', place.anchor)
  if (tag.textContent !== m.text) tag.textContent = m.text
  const title = g.querySelector('title')!
  if (title.textContent !== m.title) title.textContent = m.title
}

export interface DrawOptions {
  /** Hit areas and handles for pointer interaction. */
  readonly interactive: boolean
  /** Stage width and height in CSS px (the reference line spans the photo's height). */
  readonly width: number
  readonly height: number
}

/**
 * Draws the scene under transform tf into `svg`. Printed, its content is replaced; on the stage
 * (interactive) the markers' group and each marker's element are kept and updated in place.
 */
export function drawOverlay(svg: SVGSVGElement, scene: Scene, tf: Transform, opts: DrawOptions): void {
  const { doc } = scene
  const photo = doc.photo
  const at = (p: Pt): V => [p[0] * tf.s + tf.tx, p[1] * tf.s + tf.ty]
  const parts: SVGElement[] = []

  // The photo element is kept across redraws (re-creating it would decode the picture again).
  let image = svg.querySelector<SVGImageElement>(':scope > image.photo')
  if (photo?.url) {
    if (!image) image = s('image', { class: 'photo', preserveAspectRatio: 'none' })
    if (image.getAttribute('href') !== photo.url) image.setAttribute('href', photo.url)
    image.setAttribute('x', String(tf.tx))
    image.setAttribute('y', String(tf.ty))
    image.setAttribute('width', String(photo.width * tf.s))
    image.setAttribute('height', String(photo.height * tf.s))
    image.classList.toggle('pixelated', tf.s >= 3)
  } else {
    image = null
  }
  if (image) parts.push(image)
  if (photo) {
    if (!photo.url) {
      parts.push(
        s('rect', {
          x: tf.tx,
          y: tf.ty,
          width: photo.width * tf.s,
          height: photo.height * tf.s,
          class: 'photo-missing',
        }),
      )
      parts.push(
        photoMissingText(svg, t('overlay.photoMissing', { name: photo.name || t('overlay.photoMissing.it') }), {
          x0: tf.tx,
          x1: tf.tx + photo.width * tf.s,
          y0: tf.ty,
          width: opts.width,
        }),
      )
    }
  }

  // Metric drawings, under the markers.
  const figures = s('g', { class: `figures${scene.stale ? ' stale' : ''}${scene.highlight ? ' has-highlight' : ''}` })
  for (const fig of scene.figures) {
    const g = figureOf(fig, doc, at, tf)
    if (!g) continue
    if (fig.info.name === scene.highlight) g.classList.add('highlight')
    figures.append(g)
  }
  const values = spreadLabels([...figures.querySelectorAll<SVGTextElement>('text.fig-label')])
  parts.push(figures)

  // Reference line across the photo's height.
  if (doc.lrvX !== null && photo) {
    const x = doc.lrvX * tf.s + tf.tx
    const top = tf.ty
    const bottom = tf.ty + photo.height * tf.s
    const g = s('g', {
      class: `lrv${scene.active === 'lrv' ? ' active' : ''}${scene.flagged.has('lrv') ? ' flagged' : ''}`,
      'data-target': 'lrv',
    })
    if (opts.interactive) g.append(s('line', { x1: x, y1: top, x2: x, y2: bottom, class: 'hit-line' }))
    g.append(s('line', { x1: x, y1: top, x2: x, y2: bottom, class: 'lrv-line' }))
    const labelY = Math.max(top, 0) + 16
    g.append(s('text', { x: x + 6, y: labelY, class: 'lrv-label' }, t('overlay.lrv')))
    g.append(s('title', {}, t('overlay.lrv.title', { x: doc.lrvX })))
    parts.push(g)
  }

  // Scale segment.
  const [sa, sb] = doc.scale
  if (sa && sb) {
    const a = at(sa)
    const b = at(sb)
    const px = Math.hypot(sb[0] - sa[0], sb[1] - sa[1])
    const g = s('g', { class: 'scale' })
    g.append(s('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'scale-line' }))
    const pxText = formatNumber(px, 1, currentLocale())
    const text =
      doc.gridCm !== null
        ? t('overlay.scale.known', { cm: doc.gridCm, px: pxText })
        : t('overlay.scale.unknown', { px: pxText })
    // Beside the middle of the segment, on the side away from the point tags, unless that side is off the
    // drawing (a scale along the photo's bottom edge: the printed label was cut, "= 1428,0 px"); and
    // moved in from the left and right edges by about half its width (14 px type, ~0.55 em a character).
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1
    const n: V = [-(b[1] - a[1]) / d, (b[0] - a[0]) / d]
    const preferred = n[1] >= 0 ? 1 : -1
    const at16 = (side: number): V => [(a[0] + b[0]) / 2 + n[0] * 16 * side, (a[1] + b[1]) / 2 + n[1] * 16 * side]
    const inside = (p: V) => p[1] >= 10 && p[1] <= opts.height - 10
    const [mx, my] = inside(at16(preferred)) ? at16(preferred) : at16(-preferred)
    const half = Math.min(opts.width / 2, text.length * 3.9 + 4)
    g.append(label([Math.min(Math.max(mx, half), opts.width - half), my], text, 'scale-label'))
    parts.push(g)
  }

  // Markers and scale points, numbered in guided order; each number where it covers no other (tag-layout.ts).
  const shown: MarkerShown[] = []
  let n = 0
  for (const target of scene.targets) {
    if (target.kind === 'marker') n++
    if (target.kind === 'lrv') continue
    const p = positionOf(doc, target.id)
    if (!p) continue
    const [x, y] = at(p)
    const cls = [
      'marker',
      target.kind === 'scale' ? 'scale-point' : '',
      scene.active === target.id ? 'active' : '',
      scene.flagged.has(target.id) ? 'flagged' : '',
      target.required ? '' : 'optional',
      statusOf(doc, target.id) === 'suggested' ? 'suggested' : '',
    ]
    shown.push({
      id: target.id,
      cls: cls.filter(Boolean).join(' '),
      x,
      y,
      text: target.id === 'scale-a' ? 'A' : target.id === 'scale-b' ? 'B' : String(n),
      title: t('overlay.marker.title', { label: target.label, x: p[0], y: p[1] }),
    })
  }
  const places = placeTags(shown, values)
  // On the stage, each marker keeps its element, updated in place (keyed by its id): a redraw never replaces
  // the element under a pointer that is pressing it, nor one a test or the browser holds on to.
  const kept = opts.interactive ? svg.querySelector<SVGGElement>(':scope > g.markers') : null
  const markers = kept ?? s('g', { class: 'markers' })
  const byId = new Map<string, SVGGElement>()
  for (const el of markers.querySelectorAll<SVGGElement>(':scope > g.marker')) byId.set(el.dataset.target ?? '', el)
  let cursor: Element | null = markers.firstElementChild
  shown.forEach((m, i) => {
    const el = byId.get(m.id) ?? markerElement(m.id, opts.interactive)
    byId.delete(m.id)
    updateMarker(el, m, places[i]!)
    if (el === cursor) cursor = cursor.nextElementSibling
    else markers.insertBefore(el, cursor)
  })
  for (const gone of byId.values()) gone.remove()
  if (!opts.interactive) {
    parts.push(markers)
    svg.replaceChildren(...parts)
  } else {
    // The other parts are drawn anew, in order, under the markers' group, which stays where it is.
    let next: ChildNode | null = svg.firstChild
    for (const part of parts) {
      if (part === next) next = next.nextSibling
      else svg.insertBefore(part, next)
    }
    for (let extra = next; extra && extra !== markers; ) {
      const after: ChildNode | null = extra.nextSibling
      extra.remove()
      extra = after
    }
    if (markers.parentNode !== svg) svg.append(markers)
    while (markers.nextSibling) markers.nextSibling.remove()
  }
  // Printed (the report and the PDFs' figures): every label laid out again so none overlaps, covers a marker or is cut.
  if (!opts.interactive) layoutPrintLabels(svg, opts.width, opts.height)
}
