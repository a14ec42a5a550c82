/**
 * The one schema of the files the app reads from outside: the assessment file
 * (state/assessment-file.ts) and the record's backup (record/backup.ts), in TypeBox,
 * the schema tool of the service's API. Reading a file (readFile) checks, in order:
 * its size (FILE_LIMITS.maxBytes, per kind); how deep it nests, by a scan of the text
 * before JSON.parse builds anything (FILE_LIMITS.maxDepth), so that no nesting can
 * exhaust the stack; its format and version; then the schema: every field's type,
 * every number finite and within physical bounds, every text within its length and
 * form, every list within its count, and no field the schema does not name (so
 * `__proto__`, `constructor` and anything unknown are refused, never stored); then
 * what a schema cannot say: megapixels, coordinates within a margin of their photo,
 * dates of the calendar, visits of patients in the file, photo bytes that are a
 * JPEG, PNG or WebP (raster.ts). What it admits is returned typed; anything else is
 * a list of problems, each naming the field and why, in the user's language. It
 * never throws.
 *
 * Pure: no DOM. TypeBox checks without generating code here (Value.Check and
 * Value.Errors walk the schema), so the page's CSP needs no 'unsafe-eval'.
 */
import type { TSchema } from 'typebox'
import { Settings } from 'typebox/system'
import { Check, Errors } from 'typebox/value'
import {
  type AssessmentFileData,
  AssessmentFileSchema,
  type BackupFileData,
  BackupFileSchema,
  type BackupPhotoData,
  BackupPhotoSchema,
  type CaptureData,
  CaptureSchema,
  FILE_FORMATS,
  FILE_LIMITS,
  type FileKind,
  type SavedViewData,
  SavedViewSchema,
} from '#core/files/record-file-schema.js'
import { t } from '../i18n/index.js'
import { errorDetails } from '../state/error-details.js'
import { type RasterLimits, rasterProblemText, sniffRaster } from './raster.js'

/** The schema itself lives in core (core/files/record-file-schema.ts), shared with the record server. */
export {
  type AssessmentFileData,
  AssessmentFileSchema,
  type BackupFileData,
  BackupFileSchema,
  type BackupPhotoData,
  BackupPhotoSchema,
  type CaptureData,
  CaptureSchema,
  FILE_FORMATS,
  FILE_LIMITS,
  type FileKind,
  type SavedViewData,
  SavedViewSchema,
}

/** What each kind reads as. */
export interface FileData {
  assessment: AssessmentFileData
  backup: BackupFileData
}

const SCHEMAS: { readonly [K in FileKind]: TSchema } = { assessment: AssessmentFileSchema, backup: BackupFileSchema }

// ---------------------------------------------------------------------------------------------
// Reading.

/** One thing wrong with a file: where (a field path such as views.lateral.markers.tragus, '' for the whole file) and why, for people. */
export interface FileProblem {
  readonly path: string
  readonly text: string
  /** An engine's or a library's own text about it, for "Technical details": never inside `text`. */
  readonly details?: string
}

export type FileReading<K extends FileKind> =
  | { readonly ok: true; readonly value: FileData[K] }
  | { readonly ok: false; readonly problems: readonly FileProblem[] }

/** The most problems one reading lists (TypeBox stops collecting beyond this many too). */
export const MAX_PROBLEMS = 20
Settings.Set({ maxErrors: MAX_PROBLEMS * 2 })

/** How a text measures before it is parsed: its size in UTF-8 bytes, and whether it nests deeper than allowed. */
export interface JsonShape {
  readonly bytes: number
  /** The deepest nesting met, counted until it passes `maxDepth` (then the scan stops). */
  readonly depth: number
  readonly tooDeep: boolean
}

/**
 * Measures JSON text without parsing it: one pass over the characters counting the
 * nesting of objects and arrays outside strings, and the UTF-8 size. Iterative, so any
 * depth is counted without recursion; it stops as soon as `maxDepth` is passed. The
 * text need not be valid JSON (JSON.parse says so afterwards).
 */
export function measureJson(text: string, maxDepth: number = FILE_LIMITS.maxDepth): JsonShape {
  let depth = 0
  let deepest = 0
  let bytes = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      // A surrogate pair is one character of 4 bytes; a lone surrogate is written as 3 (U+FFFD).
      bytes += next >= 0xdc00 && next <= 0xdfff ? 4 : 3
      if (next >= 0xdc00 && next <= 0xdfff) i++
      continue
    } else bytes += 3
    if (inString) {
      if (c === 0x5c) {
        // A backslash escapes the next character (which is ASCII in valid JSON).
        i++
        bytes += i < text.length ? 1 : 0
      } else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth > deepest) deepest = depth
      if (depth > maxDepth) return { bytes, depth: deepest, tooDeep: true }
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return { bytes, depth: deepest, tooDeep: false }
}

/** Megabytes with one decimal, for people. */
const megabytes = (bytes: number) => Math.round(bytes / 1e5) / 10

/** A JSON pointer (/visits/3/assessment) as people read a field: visits[3].assessment. */
export function fieldPath(pointer: string): string {
  if (pointer === '') return ''
  let out = ''
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (/^\d+$/.test(segment)) out += `[${segment}]`
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) && segment.length <= 64) out += out ? `.${segment}` : segment
    else out += `[${JSON.stringify(segment.length > 40 ? `${segment.slice(0, 40)}…` : segment)}]`
  }
  return out
}

const joinPath = (pointer: string, key: string) => `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`

interface RawError {
  readonly keyword: string
  readonly schemaPath: string
  readonly instancePath: string
  readonly params: Readonly<Record<string, unknown>>
}

/** The schema node at a schemaPath ('#/properties/a/anyOf/1'), or undefined. */
function schemaAt(root: TSchema, schemaPath: string): Record<string, unknown> | undefined {
  let node: unknown = root
  for (const segment of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined
}

/** What a value must be, in words: by its JSON type or constant. */
function typeWords(error: RawError): string {
  if (error.keyword === 'const') return JSON.stringify(error.params.allowedValue)
  if (error.keyword === 'enum')
    return (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(t('fileCheck.or'))
  switch (error.params.type) {
    case 'number':
      return t('fileCheck.type.number')
    case 'integer':
      return t('fileCheck.type.integer')
    case 'string':
      return t('fileCheck.type.string')
    case 'boolean':
      return t('fileCheck.type.boolean')
    case 'array':
      return t('fileCheck.type.array')
    case 'object':
      return t('fileCheck.type.object')
    default:
      return 'null'
  }
}

const EXPECTS = ['code', 'line', 'nonBlank', 'lines', 'notes', 'date', 'time', 'id', 'base64', 'imageType'] as const

/** Why, in words, for one of TypeBox's errors. */
function why(root: TSchema, error: RawError): string {
  const p = error.params
  const limit = typeof p.limit === 'number' ? p.limit : 0
  switch (error.keyword) {
    case 'type':
    case 'const':
    case 'enum':
      return t('fileCheck.mustBe', { what: typeWords(error) })
    case 'minimum':
      return t('fileCheck.minimum', { limit })
    case 'maximum':
      return t('fileCheck.maximum', { limit })
    case 'exclusiveMinimum':
      return t('fileCheck.exclusiveMinimum', { limit })
    case 'exclusiveMaximum':
      return t('fileCheck.exclusiveMaximum', { limit })
    case 'minLength':
      return t('fileCheck.minLength', { count: limit })
    case 'maxLength':
      return t('fileCheck.maxLength', { count: limit })
    case 'minItems':
      return t('fileCheck.minItems', { count: limit })
    case 'maxItems':
      return t('fileCheck.maxItems', { count: limit })
    case 'maxProperties':
      return t('fileCheck.maxProperties', { count: limit })
    case 'pattern': {
      const expect = schemaAt(root, error.schemaPath)?.['x-expect']
      const known = EXPECTS.find((e) => e === expect)
      return known ? t(`fileCheck.pattern.${known}`) : t('fileCheck.pattern')
    }
    default:
      return t('fileCheck.invalid')
  }
}

const SHALLOW = new Set(['type', 'const', 'enum'])

/**
 * TypeBox's errors as problems for people. A union (a value or null, one of several
 * types) reports each alternative it tried: when one alternative got further (an
 * error deeper inside the value), that one's errors are meant; else the value is
 * none of them, said once ("must be null or an object"). An unknown field is named
 * by its own path; fields missing, by theirs.
 */
function problemsOf(root: TSchema, raw: readonly RawError[]): FileProblem[] {
  let errors: (RawError & { readonly alternatives?: readonly string[] })[] = [...raw]
  const unions = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length)
  for (const union of unions) {
    const prefix = `${union.schemaPath}/anyOf/`
    const branches = errors.filter((e) => e.schemaPath.startsWith(prefix))
    const shallow = branches.filter((e) => e.instancePath === union.instancePath && SHALLOW.has(e.keyword))
    const deep = branches.length > shallow.length
    const replacement = deep
      ? []
      : [{ ...union, keyword: 'alternatives', alternatives: [...new Set(shallow.map(typeWords))] }]
    errors = [...errors.filter((e) => e !== union && !shallow.includes(e)), ...replacement]
  }
  const problems: FileProblem[] = []
  for (const e of errors) {
    if (e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties')) continue // named by 'additionalProperties'
    if (e.keyword === 'additionalProperties') {
      for (const key of (e.params.additionalProperties as string[] | undefined) ?? [])
        problems.push({ path: fieldPath(joinPath(e.instancePath, key)), text: t('fileCheck.unknownField') })
    } else if (e.keyword === 'required') {
      for (const key of (e.params.requiredProperties as string[] | undefined) ?? [])
        problems.push({ path: fieldPath(joinPath(e.instancePath, key)), text: t('fileCheck.missing') })
    } else if (e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalItems'))
      problems.push({ path: fieldPath(e.instancePath), text: t('fileCheck.extraItem') })
    else if (e.alternatives)
      problems.push({
        path: fieldPath(e.instancePath),
        text: t('fileCheck.mustBe', { what: e.alternatives.join(t('fileCheck.or')) }),
      })
    else problems.push({ path: fieldPath(e.instancePath), text: why(root, e) })
  }
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = `${p.path}\n${p.text}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

// ---------------------------------------------------------------------------------------------
// What a schema cannot say.

/** Whether YYYY-MM-DD (already of that form) is a day of the calendar. */
function calendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
}

type Problems = FileProblem[]

function checkDate(problems: Problems, path: string, text: string | undefined): void {
  if (text && !calendarDate(text)) problems.push({ path, text: t('fileCheck.notCalendarDate') })
}

function checkView(problems: Problems, at: string, view: SavedViewData, limits: RasterLimits): void {
  const image = view.image
  for (const [name, size] of [
    ['image', image],
    ['capture', view.capture],
  ] as const) {
    if (size && size.width * size.height > limits.maxMegapixels * 1e6)
      problems.push({
        path: `${at}.${name}`,
        text: t('fileCheck.megapixels', {
          megapixels: Math.round((size.width * size.height) / 1e5) / 10,
          max: limits.maxMegapixels,
        }),
      })
  }
  const width = image?.width ?? limits.maxSide
  const height = image?.height ?? limits.maxSide
  const m = FILE_LIMITS.coordinateMargin
  const range = { minX: -m * width, maxX: (1 + m) * width, minY: -m * height, maxY: (1 + m) * height }
  const outside = (path: string, x: number, y: number | null) => {
    if (x < range.minX || x > range.maxX || (y !== null && (y < range.minY || y > range.maxY)))
      problems.push({ path, text: t('fileCheck.outsidePhoto', range) })
  }
  for (const [name, [x, y]] of Object.entries(view.markers ?? {})) outside(`${at}.markers.${name}`, x, y)
  view.calibration?.scale_points?.forEach((p, i) => {
    if (p) outside(`${at}.calibration.scale_points[${i}]`, p[0], p[1])
  })
  const lrvX = view.calibration?.lrv_x
  if (lrvX !== null && lrvX !== undefined) outside(`${at}.calibration.lrv_x`, lrvX, null)
  if (view.capture) checkDate(problems, `${at}.capture.taken_at`, view.capture.taken_at)
}

function checkAssessment(problems: Problems, at: string, file: AssessmentFileData): void {
  const prefix = at ? `${at}.` : ''
  checkDate(problems, `${prefix}saved_at`, file.saved_at)
  checkDate(problems, `${prefix}assessment_date`, file.assessment_date)
  for (const name of ['anterior', 'posterior', 'lateral'] as const) {
    const view = file.views[name]
    if (view) checkView(problems, `${prefix}views.${name}`, view, FILE_LIMITS.image)
  }
}

/** The first bytes of base64 data (enough for the magic numbers). */
function firstBytes(base64: string): Uint8Array {
  const head = atob(base64.slice(0, 24))
  return Uint8Array.from(head, (c) => c.charCodeAt(0))
}

function checkBackup(problems: Problems, file: BackupFileData): void {
  checkDate(problems, 'exported_at', file.exported_at)
  const patients = new Set<string>()
  file.patients.forEach((p, i) => {
    if (patients.has(p.id)) problems.push({ path: `patients[${i}].id`, text: t('fileCheck.duplicateId') })
    patients.add(p.id)
    checkDate(problems, `patients[${i}].created`, p.created)
  })
  const visits = new Set<string>()
  // A photo's key names one photo: the app writes a key twice only for the same photo (a visit and its copy).
  const photos = new Map<string, BackupPhotoData>()
  file.visits.forEach((v, i) => {
    const at = `visits[${i}]`
    if (visits.has(v.id)) problems.push({ path: `${at}.id`, text: t('fileCheck.duplicateId') })
    visits.add(v.id)
    if (!patients.has(v.patient_id)) problems.push({ path: `${at}.patient_id`, text: t('fileCheck.unknownPatient') })
    checkDate(problems, `${at}.date`, v.date)
    checkDate(problems, `${at}.created`, v.created)
    checkDate(problems, `${at}.updated`, v.updated)
    checkAssessment(problems, `${at}.assessment`, v.assessment)
    for (const name of ['anterior', 'posterior', 'lateral'] as const) {
      const photo = v.photos[name]
      if (!photo) continue
      const same = photos.get(photo.key)
      if (
        same &&
        (same.data !== photo.data ||
          same.type !== photo.type ||
          same.width !== photo.width ||
          same.height !== photo.height)
      )
        problems.push({ path: `${at}.photos.${name}.key`, text: t('fileCheck.duplicateId') })
      photos.set(photo.key, same ?? photo)
      if (photo.width * photo.height > FILE_LIMITS.storedPhoto.maxMegapixels * 1e6)
        problems.push({
          path: `${at}.photos.${name}`,
          text: t('fileCheck.megapixels', {
            megapixels: Math.round((photo.width * photo.height) / 1e5) / 10,
            max: FILE_LIMITS.storedPhoto.maxMegapixels,
          }),
        })
      const sniffed = sniffRaster(firstBytes(photo.data))
      if (!sniffed.ok)
        problems.push({
          path: `${at}.photos.${name}.data`,
          text: rasterProblemText({ kind: 'not-raster', looksLike: sniffed.looksLike }),
        })
    }
  })
  // The clinic's logo: the bytes of an image (its size and kind are checked when it is read: record/backup.ts).
  const logo = file.report_settings?.logo
  if (logo) {
    const sniffed = sniffRaster(firstBytes(logo.data))
    if (!sniffed.ok)
      problems.push({
        path: 'report_settings.logo.data',
        text: rasterProblemText({ kind: 'not-raster', looksLike: sniffed.looksLike }),
      })
  }
  // A repeat pair names two different visits of this backup; ids are unique.
  const pairs = new Set<string>()
  file.pairs?.forEach((p, i) => {
    const at = `pairs[${i}]`
    if (pairs.has(p.id)) problems.push({ path: `${at}.id`, text: t('fileCheck.duplicateId') })
    pairs.add(p.id)
    for (const end of ['first', 'second'] as const)
      if (!visits.has(p[end])) problems.push({ path: `${at}.${end}`, text: t('fileCheck.unknownVisit') })
    if (p.first === p.second) problems.push({ path: `${at}.second`, text: t('fileCheck.sameVisit') })
    checkDate(problems, `${at}.created`, p.created)
  })
}

// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

function refused<K extends FileKind>(problems: readonly FileProblem[]): FileReading<K> {
  return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) }
}

/**
 * The problem with a file of `bytes` (File.size), or null when it is within the size
 * limit of its kind: to check before reading the file at all.
 */
export function fileSizeProblem(kind: FileKind, bytes: number): FileProblem | null {
  const max = FILE_LIMITS.maxBytes[kind]
  if (bytes <= max) return null
  const params = { size: megabytes(bytes), max: megabytes(max) }
  return {
    path: '',
    text: kind === 'assessment' ? t('fileCheck.tooLarge.assessment', params) : t('fileCheck.tooLarge.backup', params),
  }
}

/**
 * The size, depth and JSON checks every file passes before its schema: the parsed
 * data, or the problems. `kind` bounds the size; 'either' takes a backup's bound and
 * leaves the kind to the file's "format" (readRecordFile).
 */
function parsed(kind: FileKind, text: string): { ok: true; data: unknown } | { ok: false; problems: FileProblem[] } {
  // UTF-8 takes at least a byte a character: a longer text is too large without counting.
  const long = fileSizeProblem(kind, text.length)
  if (long) return { ok: false, problems: [long] }
  const shape = measureJson(text)
  const large = fileSizeProblem(kind, shape.bytes)
  if (large) return { ok: false, problems: [large] }
  if (shape.tooDeep)
    return { ok: false, problems: [{ path: '', text: t('fileCheck.tooDeep', { max: FILE_LIMITS.maxDepth }) }] }
  try {
    return { ok: true, data: JSON.parse(text) }
  } catch {
    // Our own words: the engine's message ("Unterminated string in JSON at position 9") is English and says nothing useful.
    return { ok: false, problems: [{ path: '', text: t('fileCheck.notJson') }] }
  }
}

function readChecked<K extends FileKind>(kind: K, text: string): FileReading<K> {
  const json = parsed(kind, text)
  if (!json.ok) return refused(json.problems)
  return checked(kind, json.data, text.length)
}

/** A parsed file held to the schema of `kind` (and, for an assessment file, its size bound). */
function checked<K extends FileKind>(kind: K, data: unknown, length: number): FileReading<K> {
  const long = fileSizeProblem(kind, length)
  if (long) return refused([long])
  const { format, version } = FILE_FORMATS[kind]
  if (!isObject(data) || data.format !== format)
    return refused([
      {
        path: '',
        text:
          kind === 'assessment'
            ? t('fileCheck.foreign.assessment', { format })
            : t('fileCheck.foreign.backup', { format }),
      },
    ])
  if (data.version !== version)
    return refused([
      {
        path: 'version',
        text: t('fileCheck.version', { version: JSON.stringify(data.version) ?? '', expected: version }),
      },
    ])
  const schema = SCHEMAS[kind]
  if (!Check(schema, data)) {
    const problems = problemsOf(schema, Errors(schema, data) as unknown as RawError[])
    return refused(problems.length > 0 ? problems : [{ path: '', text: t('fileCheck.invalid') }])
  }
  const problems: Problems = []
  if (kind === 'assessment') checkAssessment(problems, '', data as AssessmentFileData)
  else checkBackup(problems, data as BackupFileData)
  return problems.length > 0 ? refused(problems) : { ok: true, value: data as FileData[K] }
}

/**
 * Reads a file of `kind` from its text: the typed value when the schema admits it,
 * else the problems (at most MAX_PROBLEMS), each with its field and why in the user's
 * language. Never throws: anything unforeseen is a problem too, and nothing is read.
 */
export function readFile<K extends FileKind>(kind: K, text: string): FileReading<K> {
  try {
    return readChecked(kind, text)
  } catch (error) {
    return refused([{ path: '', text: t('fileCheck.unexpected'), details: errorDetails(error) }])
  }
}

/** A file the record imports: a backup, or an assessment file (one visit), whichever its "format" says. */
export type RecordFileReading =
  | { readonly ok: true; readonly kind: 'assessment'; readonly value: AssessmentFileData }
  | { readonly ok: true; readonly kind: 'backup'; readonly value: BackupFileData }
  | { readonly ok: false; readonly problems: readonly FileProblem[] }

/** Reads a backup or an assessment file from its text, parsed once; never throws. */
export function readRecordFile(text: string): RecordFileReading {
  try {
    const json = parsed('backup', text)
    if (!json.ok) return { ok: false, problems: json.problems.slice(0, MAX_PROBLEMS) }
    const data = json.data
    const kind: FileKind = isObject(data) && data.format === FILE_FORMATS.assessment.format ? 'assessment' : 'backup'
    const reading = checked(kind, data, text.length)
    if (!reading.ok) return { ok: false, problems: reading.problems }
    return kind === 'assessment'
      ? { ok: true, kind, value: reading.value as AssessmentFileData }
      : { ok: true, kind, value: reading.value as BackupFileData }
  } catch (error) {
    return { ok: false, problems: [{ path: '', text: t('fileCheck.unexpected'), details: errorDetails(error) }] }
  }
}

/** The problems as one text for a notice: the first few, "field: why", and how many more. */
/** The problems' own technical texts (an engine's), for a notice's details; undefined when none has any. */
export function problemsDetails(problems: readonly FileProblem[]): string | undefined {
  const details = problems.flatMap((p) => (p.details === undefined ? [] : [p.details]))
  return details.length ? details.join('\n') : undefined
}

export function problemsText(problems: readonly FileProblem[], shown = 3): string {
  const lines = problems
    .slice(0, shown)
    .map((p) => (p.path ? t('fileCheck.problem', { where: p.path, why: p.text }) : p.text))
  if (problems.length > shown) lines.push(t('fileCheck.more', { count: problems.length - shown }))
  return lines.join(' ')
}
