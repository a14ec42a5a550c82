/**
 * Messages of the PDF report made in the browser (files/report-pdf.ts): its button,
 * the running page number, and what the app says when the file is saved or cannot be
 * made. The report's own words are those of the printed report (en.ts, es.ts, clinical.ts).
 * Merged into en.ts and es.ts like files.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 */
export const REPORT_PDF_EN = {
  'toolbar.savePdf': 'Save PDF',
  'toolbar.savePdf.title': 'Save the report as a PDF file (made on this device; nothing is sent)',
  'pdf.page': 'Page {page} of {pages}',
  'pdf.column.metric': 'Metric',
  'pdf.saved': 'Report saved as {name}.',
  'pdf.failed': 'The PDF could not be made ({reason}). Nothing was saved; "Print report" still works.',
  'pdf.photoFailed': 'the photo of the {view} view could not be drawn',
  'pdf.notLoaded': 'the part of the app that makes PDFs could not be loaded; is the service still reachable?',
} as const

export type ReportPdfKey = keyof typeof REPORT_PDF_EN

export const REPORT_PDF_ES = {
  'toolbar.savePdf': 'Guardar PDF',
  'toolbar.savePdf.title': 'Guardar el informe como archivo PDF (creado en este dispositivo; no se envía nada)',
  'pdf.page': 'Página {page} de {pages}',
  'pdf.column.metric': 'Medida',
  'pdf.saved': 'Informe guardado como {name}.',
  'pdf.failed': 'No se pudo crear el PDF ({reason}). No se guardó nada; «Imprimir informe» sigue funcionando.',
  'pdf.photoFailed': 'no se pudo dibujar la foto de la vista {view}',
  'pdf.notLoaded': 'no se pudo cargar la parte de la aplicación que crea los PDF; ¿sigue accesible el servicio?',
} as const satisfies Record<ReportPdfKey, string>
