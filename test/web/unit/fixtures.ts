/** Documents and states built from the browser tests' figures (markers at known pixels), for the unit tests. */
import { type Doc, EMPTY_DOC, type View } from '../../../web/src/state/model.js'
import { FIGURES } from '../fixtures/figure.js'

/** The view's figure fully marked and calibrated, as the app's document. */
export function markedDoc(view: View, photoUrl: string | null = 'data:image/png;base64,'): Doc {
  const spec = FIGURES[view]
  return {
    ...EMPTY_DOC,
    photo: { name: `${view}.png`, width: spec.width, height: spec.height, url: photoUrl },
    markers: { ...spec.markers },
    scale: [spec.scale[0], spec.scale[1]],
    gridCm: spec.scaleCm,
    lrvX: spec.lrvX,
    side: spec.side ?? 'right',
  }
}

export { FIGURES }

/** A PNG's first bytes (signature and IHDR of a 600 x 1000 image), base64: a photo a backup's schema admits. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAlgAAAPoCAIAAAAAAAAA'
