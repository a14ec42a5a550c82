/**
 * A report that could not be made, its message worded for the clinician (report-pdf.ts
 * throws it). A module of its own so that the FHIR export can tell it from an engine's
 * error without loading jsPDF (report-pdf.ts is loaded on first use).
 */
export class ReportPdfError extends Error {}
