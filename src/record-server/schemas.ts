/**
 * The record server's request schemas, in TypeBox (the service's schema tool),
 * validated by the service's Ajv (src/http/validator.ts: nothing coerced, nothing
 * unknown kept). One bounded schema per body: anything else is refused before a
 * handler sees it. A visit's content is checked against the app's own file schema
 * (core/files/record-file-schema.ts) by content.ts, not restated here.
 */
import { Type } from 'typebox'
import { FILE_LIMITS } from '#core/files/record-file-schema.js'
import { MIN_PASSWORD_LENGTH } from './config.js'
import { EARLY_DELETION_REASONS } from './retention.js'
import { ROLES } from './store.js'

const closed = { additionalProperties: false } as const

/** An id a device makes up (a UUID, or the app's ids): letters, digits and . _ : -, at most 100. */
export const ID_PATTERN = `^[A-Za-z0-9][A-Za-z0-9._:-]{0,${FILE_LIMITS.chars.id - 1}}$`
const id = () => Type.String({ pattern: ID_PATTERN })
const LINE = '^[^\\u0000-\\u001f\\u007f]*$'
const NON_BLANK_LINE = '^(?=[^\\u0000-\\u001f\\u007f]*$).*\\S'
const LINES = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$'
const TIME = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$'
const DATE = '^(\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]))?$'
export const SHA256_PATTERN = '^[0-9a-f]{64}$'

/** Most changes in one push; a device with more sends several pushes. */
export const MAX_CHANGES_PER_PUSH = 100
/** Most entities one pull answers with. */
export const MAX_PULL_LIMIT = 500
/** Largest push body, bytes: a full batch of visits (each at most an assessment file's size). */
export const PUSH_BODY_LIMIT = 20_000_000
/** Largest body of any other JSON request, bytes. */
export const JSON_BODY_LIMIT = 100_000
/**
 * Deepest nesting of arrays and objects in any JSON body (422 `too_deep` beyond), checked on
 * the raw text before it is parsed (src/http/json-depth.ts). The deepest valid body, a push
 * of a visit whose content nests as deep as the assessment file's schema allows, is far less.
 */
export const MAX_JSON_DEPTH = 64

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1_000 }),
  },
  closed,
)

export const NewUserBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    role: Type.Enum([...ROLES]),
    /** Optional with single sign-on on: a user without a password signs in through the provider only. */
    password: Type.Optional(Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1_000 })),
  },
  closed,
)

export const UserUpdateBody = Type.Object(
  {
    role: Type.Optional(Type.Enum([...ROLES])),
    password: Type.Optional(Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1_000 })),
    /** true disables the user (its sessions end at once, it cannot sign in); false enables it again. */
    disabled: Type.Optional(Type.Boolean()),
  },
  { ...closed, minProperties: 1 },
)

const baseRev = () => Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: FILE_LIMITS.maxRev })])

const PhotoRefSchema = Type.Object(
  {
    sha256: Type.String({ pattern: SHA256_PATTERN }),
    type: Type.Enum(['image/jpeg', 'image/png', 'image/webp']),
    width: Type.Integer({ minimum: 1, maximum: FILE_LIMITS.storedPhoto.maxSide }),
    height: Type.Integer({ minimum: 1, maximum: FILE_LIMITS.storedPhoto.maxSide }),
  },
  closed,
)

export const PutPatientChange = Type.Object(
  {
    change_id: id(),
    op: Type.Literal('put_patient'),
    base_rev: baseRev(),
    patient: Type.Object(
      {
        id: id(),
        identifier: Type.String({ minLength: 1, maxLength: FILE_LIMITS.chars.identifier, pattern: NON_BLANK_LINE }),
        name: Type.String({ maxLength: FILE_LIMITS.chars.name, pattern: LINE }),
        notes: Type.String({ maxLength: FILE_LIMITS.chars.notes, pattern: LINES }),
        created: Type.String({ pattern: TIME }),
      },
      closed,
    ),
  },
  closed,
)

/**
 * A kept copy's label ("keep both" in a sync conflict, core/record-sync-wire.ts VisitCopyView):
 * bounded and closed as the app's backup file holds it (core/files/record-file-schema.ts), so a
 * label pulled from here never makes a device's backup one it cannot read.
 */
export const VisitCopySchema = Type.Object(
  {
    from: Type.Union([Type.Literal('device'), Type.Literal('server')]),
    name: Type.String({ maxLength: 100, pattern: LINE }),
    at: Type.String({ pattern: TIME }),
    device: Type.Optional(id()),
  },
  closed,
)

export const PutVisitChange = Type.Object(
  {
    change_id: id(),
    op: Type.Literal('put_visit'),
    base_rev: baseRev(),
    visit: Type.Object(
      {
        id: id(),
        patient_id: id(),
        date: Type.String({ pattern: DATE }),
        created: Type.String({ pattern: TIME }),
        /** The assessment file: checked by content.ts against the app's schema. */
        content: Type.Unknown(),
        photos: Type.Object(
          {
            anterior: Type.Optional(PhotoRefSchema),
            posterior: Type.Optional(PhotoRefSchema),
            lateral: Type.Optional(PhotoRefSchema),
          },
          closed,
        ),
        /** Its label as a kept copy (optional: absent, the server keeps the one it holds). */
        copy: Type.Optional(VisitCopySchema),
      },
      closed,
    ),
  },
  closed,
)

export const MoveVisitChange = Type.Object(
  {
    change_id: id(),
    op: Type.Literal('move_visit'),
    base_rev: Type.Integer({ minimum: 1, maximum: FILE_LIMITS.maxRev }),
    visit_id: id(),
    patient_id: id(),
  },
  closed,
)

export const PushBody = Type.Object(
  {
    changes: Type.Array(Type.Union([PutPatientChange, PutVisitChange, MoveVisitChange]), {
      minItems: 1,
      maxItems: MAX_CHANGES_PER_PUSH,
    }),
  },
  closed,
)

export const PullQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ pattern: '^(0|[1-9]\\d{0,15})$' })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,3}$' })),
  },
  closed,
)

export const IdParams = Type.Object({ id: id() }, closed)
export const PhotoParams = Type.Object({ sha256: Type.String({ pattern: SHA256_PATTERN }) }, closed)
/** An admin's deletion: the revision, and why when the retention period has not passed (retention.ts). */
export const DeletionQuery = Type.Object(
  {
    rev: Type.String({ pattern: '^[1-9]\\d{0,9}$' }),
    reason: Type.Optional(Type.Enum([...EARLY_DELETION_REASONS])),
  },
  closed,
)

/** A clinician's deletion request (deletion-requests in docs/record-server.md): the device's id for it, the entity and the revision deleted. */
export const DeletionRequestBody = Type.Object(
  {
    request_id: id(),
    kind: Type.Enum(['patient', 'visit']),
    id: id(),
    rev: Type.Integer({ minimum: 1, maximum: FILE_LIMITS.maxRev }),
  },
  closed,
)
export const DeletionRequestsQuery = Type.Object(
  { status: Type.Optional(Type.Enum(['pending', 'approved', 'rejected'])) },
  closed,
)
/** An admin's approval: why, when the retention period has not passed (retention.ts). */
export const ApproveDeletionBody = Type.Object(
  { reason: Type.Optional(Type.Enum([...EARLY_DELETION_REASONS])) },
  closed,
)
/** An admin's rejection: a line for the clinician (no control characters), at most 500 characters. */
export const RejectDeletionBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 500, pattern: LINE })) },
  closed,
)
export const RetentionQuery = Type.Object({ format: Type.Optional(Type.Enum(['json', 'csv'])) }, closed)
export const PhotoCollectionQuery = Type.Object(
  { older_than_days: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,3}$' })) },
  closed,
)
export const PhotoCollectionBody = Type.Object(
  { older_than_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) },
  closed,
)

export const AuditQuerySchema = Type.Object(
  {
    after: Type.Optional(Type.String({ pattern: '^(0|[1-9]\\d{0,15})$' })),
    from: Type.Optional(Type.String({ pattern: TIME })),
    to: Type.Optional(Type.String({ pattern: TIME })),
    user: Type.Optional(id()),
    patient: Type.Optional(id()),
    action: Type.Optional(Type.String({ pattern: '^[a-z_.]{1,40}$' })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,4}$' })),
    format: Type.Optional(Type.Enum(['json', 'csv'])),
  },
  closed,
)

export type PutPatientChangeData = import('typebox').Static<typeof PutPatientChange>
export type PutVisitChangeData = import('typebox').Static<typeof PutVisitChange>
export type MoveVisitChangeData = import('typebox').Static<typeof MoveVisitChange>
export type ChangeData = PutPatientChangeData | PutVisitChangeData | MoveVisitChangeData
