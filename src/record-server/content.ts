/**
 * A visit's content admitted as the app admits an assessment file: the app's own
 * TypeBox schema (core/files/record-file-schema.ts AssessmentFileSchema), its size
 * bound (FILE_LIMITS.maxBytes.assessment), and real calendar dates. The problems come
 * back as data (field path and the rule broken) for the client to show in the
 * clinician's language; the server keeps the JSON text it checked.
 */
import { Check, Errors } from 'typebox/value'
import { AssessmentFileSchema, FILE_LIMITS } from '#core/files/record-file-schema.js'

export interface ContentProblem {
  /** JSON pointer into the content ('' for the whole). */
  readonly path: string
  /** The rule: a JSON Schema keyword ('type', 'maximum', 'additionalProperties', ...), 'too_large' or 'calendar_date'. */
  readonly rule: string
}

export type ContentReading =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly problems: ContentProblem[] }

const MAX_PROBLEMS = 20

function calendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
}

/** Whether a YYYY-MM-DD (or ISO time) of the right form is a day of the calendar; '' is no date, and fine. */
export function isCalendarDate(text: string): boolean {
  return text === '' || calendarDate(text)
}

export function readContent(content: unknown): ContentReading {
  const text = JSON.stringify(content) ?? ''
  if (Buffer.byteLength(text) > FILE_LIMITS.maxBytes.assessment)
    return { ok: false, problems: [{ path: '', rule: 'too_large' }] }
  if (!Check(AssessmentFileSchema, content)) {
    const problems: ContentProblem[] = []
    for (const error of Errors(AssessmentFileSchema, content) as unknown as {
      instancePath: string
      keyword: string
    }[]) {
      if (problems.length >= MAX_PROBLEMS) break
      problems.push({ path: error.instancePath, rule: error.keyword })
    }
    return { ok: false, problems: problems.length ? problems : [{ path: '', rule: 'schema' }] }
  }
  const problems: ContentProblem[] = []
  if (!calendarDate(content.saved_at)) problems.push({ path: '/saved_at', rule: 'calendar_date' })
  if (content.assessment_date !== undefined && !calendarDate(content.assessment_date))
    problems.push({ path: '/assessment_date', rule: 'calendar_date' })
  return problems.length ? { ok: false, problems } : { ok: true, text }
}
