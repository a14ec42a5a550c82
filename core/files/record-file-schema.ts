/**
 * The schema of the files the app reads from outside and the record server admits:
 * the assessment file (a visit's content) and the record's backup, in TypeBox, with
 * every bound it holds them to (FILE_LIMITS). Only the schema: the app reads a file
 * with it (web/src/files/file-schema.ts, which adds what a schema cannot say and
 * words the problems for people) and the record server checks a visit's content
 * with it (src/record-server/content.ts). One schema, so what one admits the other does.
 */
import { type Static, type TSchema, Type } from 'typebox'
import { SIDES } from '../markers.js'
import { PLACEMENT_SD_LIMITS, PLAUSIBLE } from './input-limits.js'
import { PHOTO_LIMITS, STORED_PHOTO_LIMITS } from './raster-bytes.js'

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
  chars: {
    identifier: 100,
    name: 200,
    notes: 20_000,
    photoName: 255,
    id: 100,
    code: 64,
    resultText: 64,
    /** A kept copy's device or server name (web/src/record/model.ts VISIT_COPY_NAME_MAX). */
    copyName: 100,
  },
  /**
   * The clinician's notes and interpretation of one visit (the assessment's `notes`), characters
   * (Unicode code points, as JSON Schema counts them): about a printed page of prose.
   */
  visitNotes: 4_000,
  /**
   * The clinic's report settings in a backup of the whole record: the clinic's name and the
   * clinician, one line each of at most `text` characters; the logo, a PNG or JPEG of at
   * most `logoBytes` bytes (web/src/files/report-settings.ts holds a logo chosen in the app to the same).
   */
  reportSettings: { text: 120, logoBytes: 512_000 },
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
/**
 * A visit's notes: text of several lines as the app writes it, line ends \n only (a \r is
 * refused: the app writes every line end as \n), tabs, no other control character.
 */
const NOTES = '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f]*$'
/** One line of the report settings: no control character (C0, DEL, C1) and no line or paragraph separator. */
const REPORT_LINE = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$'
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
    // The clinician answered the view check's question that this is the right view (absent: not answered).
    view_check_dismissed: Type.Optional(Type.Boolean()),
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
    // The clinician's notes and interpretation of the visit (absent: none; a file saved before the app wrote them).
    notes: Type.Optional(Type.String({ maxLength: FILE_LIMITS.visitNotes, pattern: NOTES, 'x-expect': 'notes' })),
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
          // Where a copy kept from a sync conflict came from (web/src/record/model.ts VisitCopy); absent for any other visit.
          copy: Type.Optional(
            Type.Object(
              {
                from: Type.Enum(['device', 'server']),
                name: line(FILE_LIMITS.chars.copyName),
                at: time(),
                // The device's id a device's copy was kept on (absent in backups from before it).
                device: Type.Optional(line(FILE_LIMITS.chars.copyName)),
              },
              closed,
            ),
          ),
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
    // The clinic's report settings (web/src/files/report-settings.ts), in a backup of the whole record; absent when none are set.
    report_settings: Type.Optional(
      Type.Object(
        {
          clinic: Type.String({ maxLength: FILE_LIMITS.reportSettings.text, pattern: REPORT_LINE, 'x-expect': 'line' }),
          clinician: Type.String({
            maxLength: FILE_LIMITS.reportSettings.text,
            pattern: REPORT_LINE,
            'x-expect': 'line',
          }),
          logo: nullable(
            Type.Object(
              {
                type: Type.Enum(['image/png', 'image/jpeg']),
                data: Type.String({
                  minLength: 4,
                  maxLength: Math.ceil(FILE_LIMITS.reportSettings.logoBytes / 3) * 4,
                  pattern: BASE64,
                  'x-expect': 'base64',
                }),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
    // The repeat pairs of the clinic's repeatability study (web/src/record/model.ts RepeatPair); absent when none.
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
export type BackupReportSettingsData = NonNullable<BackupFileData['report_settings']>
