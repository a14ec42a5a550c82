/**
 * Messages of the evidence behind a verdict (compare/evidence.ts) and of the clinic's
 * own repeatability study (record/study.ts and its panel), in every language. Merged
 * into the app's catalogues (en.ts, es.ts); the `satisfies` clause makes a key missing
 * in one language a compile error. Placeholders are {name}.
 */
export const REPEATABILITY_EN = {
  'compare.column.limit': 'A real change exceeds',
  'compare.column.evidence': 'Judged by',
  'evidence.clinic': "This clinic's study ({pairs} pairs)",
  'evidence.published': 'Published MDC95 ({cite})',
  'evidence.placement': 'Placement error only: a lower bound (no repeatability data for this measure)',
  'compare.evidenceNote':
    'Each change is judged by the best evidence there is: the MDC95 of this clinic’s own repeatability study when it has at least {min} pairs of the measure, else a published MDC95 of a measure defined as ours, else the marker placement error alone, which is only a lower bound. A change must exceed the larger of that MDC and the placement limit.',
  'csv.column.limit': 'change_limit',
  'csv.column.evidence': 'judged_by',
  'csv.column.evidencePairs': 'study_pairs',
  'csv.column.evidenceSource': 'evidence_source',
  'csv.evidence.clinic': 'clinic study',
  'csv.evidence.published': 'published MDC95',
  'csv.evidence.placement': 'placement error only (lower bound)',
  'trend.evidence':
    'Red rings mark a change from the previous visit beyond the limit of the best evidence for the measure (clinic study, published MDC, or placement error only).',
} as const

export type RepeatabilityKey = keyof typeof REPEATABILITY_EN

export const REPEATABILITY_ES = {
  'compare.column.limit': 'Un cambio real supera',
  'compare.column.evidence': 'Juzgado con',
  'evidence.clinic': 'Estudio de esta consulta ({pairs} pares)',
  'evidence.published': 'MDC95 publicado ({cite})',
  'evidence.placement':
    'Solo el error de colocación: un límite inferior (no hay datos de repetibilidad de esta medida)',
  'compare.evidenceNote':
    'Cada cambio se juzga con la mejor evidencia disponible: el MDC95 del estudio de repetibilidad de esta consulta cuando tiene al menos {min} pares de la medida; si no, un MDC95 publicado de una medida definida como la nuestra; si no, solo el error de colocación de los marcadores, que es únicamente un límite inferior. Un cambio debe superar el mayor entre ese MDC y el límite de colocación.',
  'csv.column.limit': 'limite_cambio',
  'csv.column.evidence': 'juzgado_con',
  'csv.column.evidencePairs': 'pares_estudio',
  'csv.column.evidenceSource': 'fuente_evidencia',
  'csv.evidence.clinic': 'estudio de la consulta',
  'csv.evidence.published': 'MDC95 publicado',
  'csv.evidence.placement': 'solo error de colocación (límite inferior)',
  'trend.evidence':
    'Los anillos rojos marcan un cambio respecto a la visita anterior que supera el límite de la mejor evidencia de la medida (estudio de la consulta, MDC publicado o solo el error de colocación).',
} as const satisfies Record<RepeatabilityKey, string>
