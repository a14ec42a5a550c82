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
import { type Static, type TSchema, Type } from 'typebox'
import { Settings } from 'typebox/system'
import { Check, Errors } from 'typebox/value'
import { SIDES } from '#core/markers.js'
import { t } from '../i18n/index.js'
import { PLACEMENT_SD_LIMITS } from '../metrics/uncertainty.js'
import { PLAUSIBLE } from '../state/number-field.js'
import { PHOTO_LIMITS, type RasterLimits, rasterProblemText, STORED_PHOTO_LIMITS, sniffRaster } from './raster.js'

/** The files this schema reads. */
export type FileKind = 'assessment' | 'backup'

/** The "format" and "version" of each kind (the assessment file keeps its first name, "session"). */
export const FILE_FORMATS = {
  assessment: { format: 'posture-metrics-session', version: 1 },
  backup: { format: 'posture-metrics-record', version: 1 },
} as const

/**
 * Every bound the schema holds a file to, in one place (docs/security.md lists them).
 * A value beyond one is not something this app writes, nor a measurement of a
 * posture photo.
 */
export const FILE_LIMITS = {
  /**
   * Largest file, bytes. An assessment file holds markers and values, no photo:
   * some 10 kB; 1 MB is a hundred times that. A backup carries its photos (base64,
   * 1 to 2 MB each as stored): 500 MB is about the most a browser can read as one
   * text (V8's longest string is 2^29 - 24 characters), roughly 100 visits with three photos.
   */
  maxBytes: { assessment: 1_000_000, backup: 500_000_000 } satisfies Record<FileKind, number>,
  /** Deepest nesting of objects and arrays: the files nest 9 levels at most (backup, visit, assessment, view, calibration, point). */
  maxDepth: 16,
  /** The photo as marked (image, capture): the limits of an opened photo. */
  image: PHOTO_LIMITS,
  /** A photo in a backup, as the record stores it. */
  storedPhoto: STORED_PHOTO_LIMITS,
  /** Coordinates (markers, scale points, the reference line) may lie this many photo sides beyond its edges. */
  coordinateMargin: 1,
  /** fc, cm per px: 20 times beyond the range the fc field calls plausible, on each side. */
  fc: { min: PLAUSIBLE.fc.min / 20, max: PLAUSIBLE.fc.max * 20 },
  /** The known distance (or stature) between the scale points, cm: 20 times beyond the plausible range. */
  knownDistanceCm: { min: PLAUSIBLE.knownDistance.min / 20, max: PLAUSIBLE.knownDistance.max * 20 },
  /** The placement error, px: what the setting accepts. */
  placementSd: { min: PLACEMENT_SD_LIMITS.min, max: PLACEMENT_SD_LIMITS.max },
  /** A metric value's magnitude: the service's own bound on its inputs (src/limits.ts COORDINATE_LIMIT). */
  resultValue: 1e9,
  /** The level reading of a captured photo, degrees. */
  captureAngleDeg: 180,
  captureToleranceDeg: 90,
  /** Longest texts, characters. */
  chars: { identifier: 100, name: 200, notes: 20_000, photoName: 255, id: 100, code: 64, resultText: 64 },
  /** Most entries. */
  counts: { markers: 100, results: 100, patients: 20_000, visits: 50_000, pairs: 50_000 },
  /** Largest revision number of a visit. */
  maxRev: 1_000_000_000,
} as const

// ---------------------------------------------------------------------------------------------
// The schema. `x-expect` names the form a pattern asks for, for the message (files.ts).

/** A name from the app's tables (marker, metric): lower-case letters, digits, '_'; never a prototype's key. */
const CODE = `^(?!constructor$|prototype$)[a-z][a-z0-9_]{0,${FILE_LIMITS.chars.code - 1}}$`
/** One line: no control characters. */
const LINE = '^[^\\u0000-\\u001f\\u007f]*$'
const NON_BLANK_LINE = '^(?=[^\\u0000-\\u001f\\u007f]*$).*\\S'
/** Text of several lines: tabs and line ends, no other control character. */
const LINES = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$'
const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$'
/** A time as Date.prototype.toISOString writes it (UTC), milliseconds optional. */
const TIME = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$'
const ID = `^[A-Za-z0-9][A-Za-z0-9._:-]{0,${FILE_LIMITS.chars.id - 1}}$`
const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$'
const IMAGE_TYPE = '^image/[A-Za-z0-9.+-]{1,60}$'

const code = () => Type.String({ pattern: CODE, 'x-expect': 'code' })
const line = (max: number) => Type.String({ maxLength: max, pattern: LINE, 'x-expect': 'line' })
const nonBlankLine = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: NON_BLANK_LINE, 'x-expect': 'nonBlank' })
const date = () => Type.String({ pattern: DATE, 'x-expect': 'date' })
const time = () => Type.String({ pattern: TIME, 'x-expect': 'time' })
const id = () => Type.String({ pattern: ID, 'x-expect': 'id' })
const side = (max: number) => Type.Integer({ minimum: 1, maximum: max })
const nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema])
const closed = { additionalProperties: false } as const

/** A coordinate, px: within the margin of the largest photo (checkPlacement holds it to its own photo). */
const coordinate = () =>
  Type.Number({
    minimum: -FILE_LIMITS.coordinateMargin * FILE_LIMITS.image.maxSide,
    maximum: (1 + FILE_LIMITS.coordinateMargin) * FILE_LIMITS.image.maxSide,
  })
const point = () => Type.Tuple([coordinate(), coordinate()])

/** How a photo was taken with the capture screen (web/src/capture): camera frame, time, level. */
export const CaptureSchema = Type.Object(
  {
    source: Type.Literal('camera'),
    width: side(FILE_LIMITS.image.maxSide),
    height: side(FILE_LIMITS.image.maxSide),
    taken_at: time(),
    roll_deg: nullable(Type.Number({ minimum: -FILE_LIMITS.captureAngleDeg, maximum: FILE_LIMITS.captureAngleDeg })),
    pitch_deg: nullable(Type.Number({ minimum: -FILE_LIMITS.captureAngleDeg, maximum: FILE_LIMITS.captureAngleDeg })),
    level_tolerance_deg: Type.Number({ exclusiveMinimum: 0, maximum: FILE_LIMITS.captureToleranceDeg }),
    kept_tilted: Type.Optional(Type.Boolean()),
  },
  closed,
)

/** One view of an assessment file (state/assessment-file.ts SavedView), with its capture when taken by the camera. */
export const SavedViewSchema = Type.Object(
  {
    image: nullable(
      Type.Object(
        {
          name: line(FILE_LIMITS.chars.photoName),
          width: side(FILE_LIMITS.image.maxSide),
          height: side(FILE_LIMITS.image.maxSide),
        },
        closed,
      ),
    ),
    // Each calibration field may be absent (as null): the reader has always taken files that leave them out.
    calibration: Type.Optional(
      Type.Object(
        {
          lrv_x: Type.Optional(nullable(coordinate())),
          fc: Type.Optional(nullable(Type.Number({ minimum: FILE_LIMITS.fc.min, maximum: FILE_LIMITS.fc.max }))),
          grid_size_cm: Type.Optional(
            nullable(
              Type.Number({ minimum: FILE_LIMITS.knownDistanceCm.min, maximum: FILE_LIMITS.knownDistanceCm.max }),
            ),
          ),
          scale_points: Type.Optional(Type.Tuple([nullable(point()), nullable(point())])),
          scale_by: Type.Optional(Type.Literal('stature')),
        },
        closed,
      ),
    ),
    markers: Type.Optional(Type.Record(code(), point(), { maxProperties: FILE_LIMITS.counts.markers, ...closed })),
    marker_status: Type.Optional(
      Type.Record(code(), Type.Enum(['suggested', 'confirmed']), {
        maxProperties: FILE_LIMITS.counts.markers,
        ...closed,
      }),
    ),
    // How each marker was placed (absent: not recorded, a file saved before the app recorded it).
    marker_origin: Type.Optional(
      Type.Record(code(), Type.Enum(['hand', 'suggestion']), {
        maxProperties: FILE_LIMITS.counts.markers,
        ...closed,
      }),
    ),
    provisional_metrics: Type.Optional(Type.Array(code(), { maxItems: FILE_LIMITS.counts.results })),
    side: Type.Optional(Type.Enum(SIDES)),
    estimate_popliteal: Type.Optional(Type.Boolean()),
    results: Type.Optional(
      nullable(
        Type.Record(
          code(),
          Type.Union([
            Type.Number({ minimum: -FILE_LIMITS.resultValue, maximum: FILE_LIMITS.resultValue }),
            Type.String({ maxLength: FILE_LIMITS.chars.resultText }),
            Type.Null(),
          ]),
          { maxProperties: FILE_LIMITS.counts.results, ...closed },
        ),
      ),
    ),
    capture: Type.Optional(CaptureSchema),
  },
  closed,
)

/** The assessment file (state/assessment-file.ts AssessmentFile). */
export const AssessmentFileSchema = Type.Object(
  {
    format: Type.Literal(FILE_FORMATS.assessment.format),
    version: Type.Literal(FILE_FORMATS.assessment.version),
    saved_at: time(),
    view: Type.Enum(['anterior', 'posterior', 'lateral']),
    patient_id: Type.Optional(nonBlankLine(FILE_LIMITS.chars.identifier)),
    assessment_date: Type.Optional(date()),
    placement_error_px: Type.Optional(
      Type.Number({ minimum: FILE_LIMITS.placementSd.min, maximum: FILE_LIMITS.placementSd.max }),
    ),
    views: Type.Object(
      {
        anterior: Type.Optional(SavedViewSchema),
        posterior: Type.Optional(SavedViewSchema),
        lateral: Type.Optional(SavedViewSchema),
      },
      closed,
    ),
  },
  closed,
)

/** A photo in a backup (record/backup.ts BackupPhoto): its reference and its bytes in base64. */
export const BackupPhotoSchema = Type.Object(
  {
    key: id(),
    type: Type.String({ pattern: IMAGE_TYPE, 'x-expect': 'imageType' }),
    width: side(FILE_LIMITS.storedPhoto.maxSide),
    height: side(FILE_LIMITS.storedPhoto.maxSide),
    data: Type.String({
      minLength: 4,
      maxLength: Math.ceil(FILE_LIMITS.storedPhoto.maxBytes / 3) * 4,
      pattern: BASE64,
      'x-expect': 'base64',
    }),
  },
  closed,
)

/** The record's backup (record/backup.ts BackupFile); a visit may carry its revision (`rev`). */
export const BackupFileSchema = Type.Object(
  {
    format: Type.Literal(FILE_FORMATS.backup.format),
    version: Type.Literal(FILE_FORMATS.backup.version),
    exported_at: time(),
    scope: Type.Enum(['visit', 'patient', 'record']),
    patients: Type.Array(
      Type.Object(
        {
          id: id(),
          identifier: nonBlankLine(FILE_LIMITS.chars.identifier),
          name: line(FILE_LIMITS.chars.name),
          notes: Type.String({ maxLength: FILE_LIMITS.chars.notes, pattern: LINES, 'x-expect': 'lines' }),
          created: time(),
        },
        closed,
      ),
      { maxItems: FILE_LIMITS.counts.patients },
    ),
    visits: Type.Array(
      Type.Object(
        {
          id: id(),
          patient_id: id(),
          date: Type.Union([Type.Literal(''), date()]),
          created: time(),
          updated: time(),
          rev: Type.Optional(Type.Integer({ minimum: 1, maximum: FILE_LIMITS.maxRev })),
          assessment: AssessmentFileSchema,
          photos: Type.Object(
            {
              anterior: Type.Optional(BackupPhotoSchema),
              posterior: Type.Optional(BackupPhotoSchema),
              lateral: Type.Optional(BackupPhotoSchema),
            },
            closed,
          ),
        },
        closed,
      ),
      { maxItems: FILE_LIMITS.counts.visits },
    ),
    // The repeat pairs of the clinic's repeatability study (record/model.ts RepeatPair); absent when none.
    pairs: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: id(),
            view: Type.Enum(['anterior', 'posterior', 'lateral']),
            first: id(),
            second: id(),
            design: Type.Enum(['same_photo_same_rater', 'same_photo_other_rater', 'repositioned']),
            created: time(),
          },
          closed,
        ),
        { maxItems: FILE_LIMITS.counts.pairs },
      ),
    ),
  },
  closed,
)

export type CaptureData = Static<typeof CaptureSchema>
export type SavedViewData = Static<typeof SavedViewSchema>
export type AssessmentFileData = Static<typeof AssessmentFileSchema>
export type BackupPhotoData = Static<typeof BackupPhotoSchema>
export type BackupFileData = Static<typeof BackupFileSchema>

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

const EXPECTS = ['code', 'line', 'nonBlank', 'lines', 'date', 'time', 'id', 'base64', 'imageType'] as const

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
  } catch (error) {
    return { ok: false, problems: [{ path: '', text: t('fileCheck.notJson', { reason: (error as Error).message }) }] }
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
    return refused([{ path: '', text: t('fileCheck.unexpected', { reason: String(error) }) }])
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
    return { ok: false, problems: [{ path: '', text: t('fileCheck.unexpected', { reason: String(error) }) }] }
  }
}

/** The problems as one text for a notice: the first few, "field: why", and how many more. */
export function problemsText(problems: readonly FileProblem[], shown = 3): string {
  const lines = problems
    .slice(0, shown)
    .map((p) => (p.path ? t('fileCheck.problem', { where: p.path, why: p.text }) : p.text))
  if (problems.length > shown) lines.push(t('fileCheck.more', { count: problems.length - shown }))
  return lines.join(' ')
}
