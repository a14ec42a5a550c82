/**
 * The facts of a view that the report prints above its photo and table, in the current
 * language: the photo's name and size (unless the capture conditions give them), how it
 * was taken and scaled, the lateral side, the popliteal points, fc and the reference
 * line. One list for the printed report (report.ts) and the PDF (report-pdf-content.ts).
 * Pure: no DOM.
 */
import { formatSignificant } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { conditionsText } from '../state/capture-conditions.js'
import { type Doc, fcOf, type View } from '../state/model.js'

export function viewFacts(view: View, doc: Doc): string[] {
  const photo = doc.photo
  const capture = doc.capture
  const fc = fcOf(doc)
  const locale = currentLocale()
  // A camera still's generated name says nothing its capture conditions do not (they give its size).
  const named = capture?.width !== photo?.width || capture?.height !== photo?.height
  return [
    photo?.name && named ? t('report.photo', { name: photo.name, width: photo.width, height: photo.height }) : '',
    // How the photo was taken (camera, resolution, roll and pitch; or from a file) and the scale method.
    conditionsText(doc),
    view === 'lateral' ? t('report.side', { side: t(`side.short.${doc.side}`) }) : '',
    view === 'posterior' ? t(doc.estimatePopliteal ? 'report.popliteal.estimated' : 'report.popliteal.marked') : '',
    fc !== null
      ? doc.gridCm !== null
        ? t('report.fcReference', { fc: formatSignificant(fc, 4, locale), cm: doc.gridCm })
        : t('report.fc', { fc: formatSignificant(fc, 4, locale) })
      : '',
    doc.lrvX !== null ? t('report.lrv', { x: doc.lrvX }) : '',
  ].filter(Boolean)
}
