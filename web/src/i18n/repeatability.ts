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
  'study.marked': 'The two visits are now a repeat pair of the repeatability study.',
  'study.refused.same': 'Choose two different visits: a visit cannot be its own repeat.',
  'study.refused.missing': 'One of the two visits is no longer in the record: choose the visits again.',
  'study.refused.view':
    'Both visits need markers of the view chosen: mark that view in both visits first, or choose another view.',
  'study.refused.known': 'These two visits are already a repeat pair of this view.',
  'study.remove.title': 'Remove this repeat pair?',
  'study.remove.text':
    'The pair leaves the repeatability study and its figures change; the two visits stay in the record.',
  'study.remove.action': 'Remove the pair',
  'study.removed': 'The repeat pair was removed from the study.',
  'study.pairsImported': 'Repeat pairs of the repeatability study added: {count}.',
  'record.import.done.pairsOnly': '{name}: every patient and visit was already in the record.',
  'fileCheck.unknownVisit': 'names no visit of this backup',
  'fileCheck.sameVisit': 'names the same visit as the first of the pair',
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
  'study.marked': 'Las dos visitas forman ahora un par repetido del estudio de repetibilidad.',
  'study.refused.same': 'Elija dos visitas distintas: una visita no puede ser su propia repetición.',
  'study.refused.missing': 'Una de las dos visitas ya no está en el registro: vuelva a elegir las visitas.',
  'study.refused.view':
    'Las dos visitas necesitan marcadores de la vista elegida: marque primero esa vista en ambas o elija otra vista.',
  'study.refused.known': 'Estas dos visitas ya forman un par repetido de esta vista.',
  'study.remove.title': '¿Quitar este par repetido?',
  'study.remove.text':
    'El par sale del estudio de repetibilidad y sus cifras cambian; las dos visitas siguen en el registro.',
  'study.remove.action': 'Quitar el par',
  'study.removed': 'El par repetido se ha quitado del estudio.',
  'study.pairsImported': 'Pares repetidos del estudio de repetibilidad añadidos: {count}.',
  'record.import.done.pairsOnly': '{name}: todos los pacientes y visitas ya estaban en el registro.',
  'fileCheck.unknownVisit': 'no corresponde a ninguna visita de esta copia',
  'fileCheck.sameVisit': 'es la misma visita que la primera del par',
  'trend.evidence':
    'Los anillos rojos marcan un cambio respecto a la visita anterior que supera el límite de la mejor evidencia de la medida (estudio de la consulta, MDC publicado o solo el error de colocación).',
} as const satisfies Record<RepeatabilityKey, string>
