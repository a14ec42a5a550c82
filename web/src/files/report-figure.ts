/**
 * A view's photo with its overlay (markers, reference line, scale and metric figures,
 * drawn by render/overlay.ts at the printed report's scale) as one JPEG, for the PDF
 * report: the photo is drawn on a canvas, then the overlay, its look copied from the
 * app's stylesheet onto each element so the SVG draws on its own. The browser's side
 * of report-pdf.ts (its `FigureMaker`); nothing leaves the page.
 */
import type { View } from '#core/markers.js'
import { s } from '../render/dom.js'
import { drawOverlay } from '../render/overlay.js'
import { sceneOf } from '../render/scene.js'
import type { AppState } from '../state/state.js'
import { REPORT_SIZE } from './report.js'

export interface ReportFigure {
  /** JPEG bytes of the photo with its overlay. */
  readonly jpeg: Uint8Array
  /** Its size in px. */
  readonly width: number
  readonly height: number
}

/** Makes a view's figure `longSide` px on its long side; null when the view has no photo. */
export type FigureMaker = (state: AppState, view: View, longSide: number) => Promise<ReportFigure | null>

/** The properties of the stylesheet the overlay's look depends on (overlay.css, report.css). */
const STYLED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'paint-order',
  'opacity',
  'filter',
  'font-family',
  'font-size',
  'font-weight',
  'display',
  'visibility',
] as const

const JPEG_QUALITY = 0.9

async function decoded(url: string): Promise<HTMLImageElement> {
  const img = new Image()
  img.src = url
  await img.decode()
  return img
}

/** The overlay of a view as a standalone SVG document (no photo in it), `width` × `height` px. */
function overlaySvgText(state: AppState, view: View, width: number, height: number): string {
  const photo = state.views[view].doc.photo!
  const unit = REPORT_SIZE / Math.max(photo.width, photo.height)
  const w = photo.width * unit
  const h = photo.height * unit
  const svg = s('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `0 0 ${w} ${h}`,
    width,
    height,
    class: 'report-photo',
  })
  drawOverlay(svg, sceneOf(state, view, false), { s: unit, tx: 0, ty: 0 }, { interactive: false, width: w, height: h })
  // The photo is drawn on the canvas below the overlay (an SVG drawn as an image loads nothing from outside itself).
  svg.querySelector(':scope > image.photo')?.remove()
  // Laid out in the page (out of sight) to read its style, then copied onto each element.
  const host = document.createElement('div')
  host.style.cssText = 'position:fixed;left:-100000px;top:0;width:10px;height:10px;overflow:hidden'
  host.setAttribute('aria-hidden', 'true')
  host.append(svg)
  document.body.append(host)
  try {
    // Every style read before any class is removed (a rule such as `.marker .ring` needs its parent's).
    const elements = [svg, ...svg.querySelectorAll('*')]
    const styles = elements.map((el) => {
      const computed = getComputedStyle(el)
      return STYLED.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';')
    })
    elements.forEach((el, i) => {
      el.setAttribute('style', styles[i]!)
      el.removeAttribute('class')
    })
    return new XMLSerializer().serializeToString(svg)
  } finally {
    host.remove()
  }
}

/** The browser's FigureMaker: the photo and its overlay on a canvas, as JPEG. */
export const canvasFigure: FigureMaker = async (state, view, longSide) => {
  const photo = state.views[view].doc.photo
  if (!photo) return null
  const k = longSide / Math.max(photo.width, photo.height)
  const width = Math.max(1, Math.round(photo.width * k))
  const height = Math.max(1, Math.round(photo.height * k))
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas') // i18n-exempt: report-pdf.ts words a figure's failure
  context.fillStyle = '#fff'
  context.fillRect(0, 0, width, height)
  // The photo over the whole frame: a stored photo scaled down keeps its markers' frame (docs/record.md).
  if (photo.url) context.drawImage(await decoded(photo.url), 0, 0, width, height)
  const svgUrl = URL.createObjectURL(new Blob([overlaySvgText(state, view, width, height)], { type: 'image/svg+xml' }))
  try {
    context.drawImage(await decoded(svgUrl), 0, 0, width, height)
  } finally {
    URL.revokeObjectURL(svgUrl)
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY))
  if (!blob) throw new Error('no JPEG from the canvas') // i18n-exempt: report-pdf.ts words a figure's failure
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width, height }
}
