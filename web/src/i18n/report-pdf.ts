/**
 * Messages of the PDF reports made in the browser (files/report-pdf.ts): their buttons,
 * the running page number, the clinic's report settings, the patient summary's plain
 * words, and what the app says when a file is saved or cannot be made. The clinical
 * report's other words are those of the printed report (en.ts, es.ts, clinical.ts).
 * Merged into en.ts and es.ts like files.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 */
import type { Message } from './types.js'

export const REPORT_PDF_EN = {
  'toolbar.savePdf': 'Save PDF',
  'toolbar.savePdf.title': 'Save the report as a PDF file (made on this device; nothing is sent)',
  'pdf.page': 'Page {page} of {pages}',
  'pdf.column.metric': 'Metric',
  'pdf.saved': 'Report saved as {name}.',
  'pdf.failed': 'The PDF could not be made ({reason}). Nothing was saved; "Print report" still works.',
  'pdf.unexpected': 'something failed in this browser',
  'pdf.photoFailed': 'the photo of the {view} view could not be drawn',
  'pdf.notLoaded': 'the part of the app that makes PDFs could not be loaded; is the service still reachable?',
  'toolbar.saveSummaryPdf': 'Patient summary PDF',
  'toolbar.saveSummaryPdf.title':
    'Save a summary for the patient as a PDF file: plain words, the photos, the changes, your notes (made on this device)',
  'pdf.clinician': 'Clinician: {name}',
  'pdf.notes': "Clinician's notes and interpretation",
  'pdf.notes.continued': '{heading} (continued)',
  'pdf.evidence.source': 'Published MDC95 ({cite}): {source}',
  'summary.title': 'Your posture assessment',
  'summary.intro':
    'What was measured on your photos, in plain words: one sentence per measure, its numbers beside it. “Your right” and “your left” are your own sides, not the photo’s. Your clinician will explain what it means for you.',
  'summary.changes': 'Changes since the visit compared',
  'summary.changes.count': {
    none: 'No measure changed by more than the measurement error.',
    one: '{count} measure changed by more than the measurement error.',
    other: '{count} measures changed by more than the measurement error.',
  },
  'summary.changes.evidence':
    'A change is real when it is larger than how much the same measure can differ when it is taken again; each finding above says whether its change is real.',
  'summary.judged.clinic': 'Changes were compared with how much this clinic’s own repeated measurements differ.',
  'summary.judged.published': 'Changes were compared with how much repeated measurements differ in a published study.',
  'summary.judged.placement':
    'Changes were compared only with the error of placing the markers; how posture varies from day to day is not included, so it may still be ordinary variation.',
  'settings.report.title': 'Reports',
  'settings.report.clinic': 'Clinic name',
  'settings.report.clinician': 'Clinician',
  'settings.report.logo': 'Logo (PNG or JPEG, up to {kb} KB)',
  'settings.report.logo.remove': 'Remove logo',
  'settings.report.save': 'Save report settings',
  'settings.report.saved': 'Report settings saved in this browser.',
  'settings.report.help':
    'Printed at the top of every report and patient summary; kept in this browser with the patient record.',
  'settings.report.tooLong': 'The {field} must be one line of at most {max} characters.',
  'settings.report.logoNotImage': '{name} is not a PNG or JPEG image; choose the logo as a PNG or JPEG file.',
} as const

export type ReportPdfKey = keyof typeof REPORT_PDF_EN

export const REPORT_PDF_ES = {
  'toolbar.savePdf': 'Guardar PDF',
  'toolbar.savePdf.title': 'Guardar el informe como archivo PDF (creado en este dispositivo; no se envía nada)',
  'pdf.page': 'Página {page} de {pages}',
  'pdf.column.metric': 'Medida',
  'pdf.saved': 'Informe guardado como {name}.',
  'pdf.failed': 'No se pudo crear el PDF ({reason}). No se guardó nada; «Imprimir informe» sigue funcionando.',
  'pdf.unexpected': 'algo falló en este navegador',
  'pdf.photoFailed': 'no se pudo dibujar la foto de la vista {view}',
  'pdf.notLoaded': 'no se pudo cargar la parte de la aplicación que crea los PDF; ¿sigue accesible el servicio?',
  'toolbar.saveSummaryPdf': 'Resumen para el paciente (PDF)',
  'toolbar.saveSummaryPdf.title':
    'Guardar un resumen para el paciente en PDF: palabras sencillas, las fotos, los cambios y sus notas (creado en este dispositivo)',
  'pdf.clinician': 'Profesional: {name}',
  'pdf.notes': 'Notas e interpretación del profesional',
  'pdf.notes.continued': '{heading} (continuación)',
  'pdf.evidence.source': 'MDC95 publicado ({cite}): {source}',
  'summary.title': 'Su valoración postural',
  'summary.intro':
    'Lo que se midió en sus fotos, en palabras sencillas: una frase por medida, con sus números al lado. «Su derecha» y «su izquierda» son sus propios lados, no los de la foto. Su profesional le explicará qué significa para usted.',
  'summary.changes': 'Cambios desde la visita comparada',
  'summary.changes.count': {
    none: 'Ninguna medida cambió más que el error de medida.',
    one: '{count} medida cambió más que el error de medida.',
    other: '{count} medidas cambiaron más que el error de medida.',
  },
  'summary.changes.evidence':
    'Un cambio es real cuando es mayor que lo que puede variar la misma medida al tomarla de nuevo; cada hallazgo de arriba dice si su cambio es real.',
  'summary.judged.clinic': 'Los cambios se compararon con lo que varían las mediciones repetidas de esta consulta.',
  'summary.judged.published':
    'Los cambios se compararon con lo que varían las mediciones repetidas en un estudio publicado.',
  'summary.judged.placement':
    'Los cambios se compararon solo con el error de colocar los marcadores; no se incluye cómo varía la postura de un día a otro, así que puede ser todavía una variación normal.',
  'settings.report.title': 'Informes',
  'settings.report.clinic': 'Nombre del centro',
  'settings.report.clinician': 'Profesional',
  'settings.report.logo': 'Logotipo (PNG o JPEG, hasta {kb} KB)',
  'settings.report.logo.remove': 'Quitar el logotipo',
  'settings.report.save': 'Guardar los ajustes de los informes',
  'settings.report.saved': 'Ajustes de los informes guardados en este navegador.',
  'settings.report.help':
    'Se imprimen arriba en cada informe y resumen para el paciente; se guardan en este navegador con el registro de pacientes.',
  'settings.report.tooLong': 'El campo «{field}» debe ser una sola línea de {max} caracteres como máximo.',
  'settings.report.logoNotImage': '{name} no es una imagen PNG o JPEG; elija el logotipo en un archivo PNG o JPEG.',
} as const satisfies Record<ReportPdfKey, Message>
