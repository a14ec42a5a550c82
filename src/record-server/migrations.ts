/**
 * The record's schema, as numbered migrations applied in order at start, for both
 * stores: each migration has its SQLite text (sqlite-store.ts migrate) and its
 * PostgreSQL text (postgres-store.ts migrate), the same tables, columns, keys and
 * triggers in each dialect, under one version number, so /ready and the refusal of a
 * newer database mean the same whichever store runs. Each is applied once, in a
 * transaction with its row in schema_migrations; a database whose version is above
 * the last one here was written by newer code, and the server refuses to start on it
 * rather than guess.
 *
 * Append only: a released migration is never edited; a change is a new one.
 */
export interface Migration {
  readonly version: number
  readonly name: string
  /** The SQLite text (the embedded default). */
  readonly sql: string
  /** The PostgreSQL text: the same schema (postgres-store.ts). */
  readonly postgres: string
  /**
   * After the text, in the same transaction: the audit entries already there get their
   * place in the hash chain, in id order (audit-chain.ts chainExisting), then this text
   * runs (version 6: the append-only trigger is back, the chain columns required).
   */
  readonly thenChainAudit?: { readonly sql: string; readonly postgres: string }
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'record, accounts, sync and audit trail',
    sql: `
-- Facts about this database: its id ('database_id', made once, and anew in a backup's copy).
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'clinician', 'read-only')),
  password_hash TEXT NOT NULL,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_at TEXT,
  created TEXT NOT NULL
) STRICT;

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  csrf_token TEXT NOT NULL,
  created TEXT NOT NULL,
  expires TEXT NOT NULL,
  last_seen TEXT NOT NULL
) STRICT;

-- The server sequence: one row, incremented by every write of the record inside its
-- transaction, so sequence order is commit order (writers serialise on this row).
CREATE TABLE sequence (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL
) STRICT;
INSERT INTO sequence (id, value) VALUES (1, 0);

CREATE TABLE patients (
  id TEXT PRIMARY KEY,
  identifier TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  notes TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  seq INTEGER NOT NULL UNIQUE
) STRICT;

CREATE TABLE visits (
  id TEXT PRIMARY KEY,
  patient_id TEXT NOT NULL REFERENCES patients(id),
  date TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  seq INTEGER NOT NULL UNIQUE,
  content TEXT NOT NULL,
  photos TEXT NOT NULL
) STRICT;
CREATE INDEX visits_by_patient ON visits (patient_id);

CREATE TABLE photos (
  sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created TEXT NOT NULL
) STRICT;

CREATE TABLE tombstones (
  kind TEXT NOT NULL CHECK (kind IN ('patient', 'visit')),
  id TEXT NOT NULL,
  seq INTEGER NOT NULL UNIQUE,
  deleted_at TEXT NOT NULL,
  deleted_by TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) STRICT;

CREATE TABLE applied_changes (
  change_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  result TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE TABLE audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recorded TEXT NOT NULL,
  action TEXT NOT NULL,
  outcome INTEGER NOT NULL CHECK (outcome IN (0, 4, 8)),
  user_id TEXT,
  user_email TEXT,
  role TEXT,
  patient_id TEXT,
  visit_id TEXT,
  device_id TEXT,
  address TEXT NOT NULL,
  detail TEXT NOT NULL
) STRICT;
CREATE INDEX audit_by_patient ON audit (patient_id);
CREATE INDEX audit_by_user ON audit (user_id);
-- Append only, in the database too: no statement may change or remove an entry.
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
`,
    postgres: `
-- Every text column compares and sorts by bytes (COLLATE "C"), as SQLite does, whatever the
-- database's locale: ISO times compared as text, ids and keys ordered the same in both stores.
CREATE TABLE meta (
  key TEXT COLLATE "C" PRIMARY KEY,
  value TEXT COLLATE "C" NOT NULL
);

CREATE TABLE users (
  id TEXT COLLATE "C" PRIMARY KEY,
  email TEXT COLLATE "C" NOT NULL UNIQUE,
  role TEXT COLLATE "C" NOT NULL CHECK (role IN ('admin', 'clinician', 'read-only')),
  password_hash TEXT COLLATE "C" NOT NULL,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_at TEXT COLLATE "C",
  created TEXT COLLATE "C" NOT NULL
);

CREATE TABLE sessions (
  token_hash TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id),
  csrf_token TEXT COLLATE "C" NOT NULL,
  created TEXT COLLATE "C" NOT NULL,
  expires TEXT COLLATE "C" NOT NULL,
  last_seen TEXT COLLATE "C" NOT NULL
);

-- The server sequence: one row, incremented by every write of the record inside its
-- transaction, while the writer holds the store's transaction lock (postgres-store.ts),
-- so sequence order is commit order. Not a SEQUENCE: its values may commit out of order.
CREATE TABLE sequence (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value BIGINT NOT NULL
);
INSERT INTO sequence (id, value) VALUES (1, 0);

CREATE TABLE patients (
  id TEXT COLLATE "C" PRIMARY KEY,
  identifier TEXT COLLATE "C" NOT NULL,
  key TEXT COLLATE "C" NOT NULL UNIQUE,
  name TEXT COLLATE "C" NOT NULL,
  notes TEXT COLLATE "C" NOT NULL,
  created TEXT COLLATE "C" NOT NULL,
  updated TEXT COLLATE "C" NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  seq BIGINT NOT NULL UNIQUE
);

CREATE TABLE visits (
  id TEXT COLLATE "C" PRIMARY KEY,
  patient_id TEXT COLLATE "C" NOT NULL REFERENCES patients(id),
  date TEXT COLLATE "C" NOT NULL,
  created TEXT COLLATE "C" NOT NULL,
  updated TEXT COLLATE "C" NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  seq BIGINT NOT NULL UNIQUE,
  content TEXT COLLATE "C" NOT NULL,
  photos TEXT COLLATE "C" NOT NULL
);
CREATE INDEX visits_by_patient ON visits (patient_id);

CREATE TABLE photos (
  sha256 TEXT COLLATE "C" PRIMARY KEY CHECK (length(sha256) = 64),
  type TEXT COLLATE "C" NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created TEXT COLLATE "C" NOT NULL
);

-- The photos' bytes, content-addressed (PostgreSQL only: the embedded default keeps
-- them as files beside the database, blobs.ts). Written before the photos row names them.
CREATE TABLE photo_blobs (
  sha256 TEXT COLLATE "C" PRIMARY KEY CHECK (length(sha256) = 64),
  bytes BYTEA NOT NULL
);
ALTER TABLE photo_blobs ALTER COLUMN bytes SET STORAGE EXTERNAL;

CREATE TABLE tombstones (
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('patient', 'visit')),
  id TEXT COLLATE "C" NOT NULL,
  seq BIGINT NOT NULL UNIQUE,
  deleted_at TEXT COLLATE "C" NOT NULL,
  deleted_by TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (kind, id)
);

CREATE TABLE applied_changes (
  change_id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL,
  result TEXT COLLATE "C" NOT NULL,
  at TEXT COLLATE "C" NOT NULL
);

CREATE TABLE audit (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recorded TEXT COLLATE "C" NOT NULL,
  action TEXT COLLATE "C" NOT NULL,
  outcome INTEGER NOT NULL CHECK (outcome IN (0, 4, 8)),
  user_id TEXT COLLATE "C",
  user_email TEXT COLLATE "C",
  role TEXT COLLATE "C",
  patient_id TEXT COLLATE "C",
  visit_id TEXT COLLATE "C",
  device_id TEXT COLLATE "C",
  address TEXT COLLATE "C" NOT NULL,
  detail TEXT COLLATE "C" NOT NULL
);
CREATE INDEX audit_by_patient ON audit (patient_id);
CREATE INDEX audit_by_user ON audit (user_id);
-- Append only, in the database too: no statement may change or remove an entry
-- (TRUNCATE included, which row triggers do not see).
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only';
END;
$$;
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
`,
  },
  {
    version: 2,
    name: "clinicians' deletion requests",
    sql: `
-- A clinician's deletion of a patient or visit, asked for from a device and decided by an
-- admin (deletion-requests.ts): the entity stays until approved; the row stays as a record.
CREATE TABLE deletion_requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('patient', 'visit')),
  entity_id TEXT NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  patient_id TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  device_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by TEXT,
  decided_at TEXT,
  reason TEXT,
  comment TEXT NOT NULL
) STRICT;
CREATE INDEX deletion_requests_by_status ON deletion_requests (status);
`,
    postgres: `
CREATE TABLE deletion_requests (
  id TEXT COLLATE "C" PRIMARY KEY,
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('patient', 'visit')),
  entity_id TEXT COLLATE "C" NOT NULL,
  rev INTEGER NOT NULL CHECK (rev >= 1),
  patient_id TEXT COLLATE "C" NOT NULL,
  requested_by TEXT COLLATE "C" NOT NULL,
  requested_at TEXT COLLATE "C" NOT NULL,
  device_id TEXT COLLATE "C",
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by TEXT COLLATE "C",
  decided_at TEXT COLLATE "C",
  reason TEXT COLLATE "C",
  comment TEXT COLLATE "C" NOT NULL
);
CREATE INDEX deletion_requests_by_status ON deletion_requests (status);
`,
  },
  {
    version: 3,
    name: 'users may be disabled',
    sql: `
-- ISO time an admin disabled the user, or NULL: a disabled user cannot sign in and has no session.
ALTER TABLE users ADD COLUMN disabled_at TEXT;
`,
    postgres: `
ALTER TABLE users ADD COLUMN disabled_at TEXT COLLATE "C";
`,
  },
  {
    version: 4,
    name: 'single sign-on',
    sql: `
-- The provider's subject ('<issuer> <sub>') bound to the user at its first single sign-on, or NULL.
ALTER TABLE users ADD COLUMN sso_subject TEXT;
CREATE UNIQUE INDEX users_by_sso_subject ON users (sso_subject);

-- Single sign-ons under way: keyed by the SHA-256 of the browser's flow cookie, used once.
CREATE TABLE sso_flows (
  id_hash TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  return_to TEXT NOT NULL,
  expires TEXT NOT NULL
) STRICT;
`,
    postgres: `
ALTER TABLE users ADD COLUMN sso_subject TEXT COLLATE "C";
CREATE UNIQUE INDEX users_by_sso_subject ON users (sso_subject);

CREATE TABLE sso_flows (
  id_hash TEXT COLLATE "C" PRIMARY KEY,
  state TEXT COLLATE "C" NOT NULL,
  nonce TEXT COLLATE "C" NOT NULL,
  code_verifier TEXT COLLATE "C" NOT NULL,
  return_to TEXT COLLATE "C" NOT NULL,
  expires TEXT COLLATE "C" NOT NULL
);
`,
  },
  {
    version: 5,
    name: 'a change id names one change',
    sql: `
-- The SHA-256 of the applied change's canonical JSON (sync.ts changeHash): the same id pushed with
-- other content is refused (change_id_reused). NULL for changes applied before this version.
ALTER TABLE applied_changes ADD COLUMN content_hash TEXT;
`,
    postgres: `
ALTER TABLE applied_changes ADD COLUMN content_hash TEXT COLLATE "C";
`,
  },
  {
    version: 6,
    name: 'the audit trail as a hash chain',
    sql: `
-- Each entry's place in the chain (1, 2, 3, ... no gap), the previous entry's hash and its own
-- (audit-chain.ts): an edited, deleted or reordered entry breaks the chain (verify-audit).
ALTER TABLE audit ADD COLUMN chain_seq INTEGER;
ALTER TABLE audit ADD COLUMN prev_hash TEXT;
ALTER TABLE audit ADD COLUMN hash TEXT;
-- Lifted for this transaction only, while the entries already there are chained.
DROP TRIGGER audit_no_update;
`,
    postgres: `
ALTER TABLE audit ADD COLUMN chain_seq BIGINT, ADD COLUMN prev_hash TEXT COLLATE "C", ADD COLUMN hash TEXT COLLATE "C";
ALTER TABLE audit DISABLE TRIGGER audit_no_update;
`,
    thenChainAudit: {
      sql: `
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
-- One entry per place: two writers could not both append after the same entry (no fork).
CREATE UNIQUE INDEX audit_by_chain_seq ON audit (chain_seq);
CREATE TRIGGER audit_chained BEFORE INSERT ON audit
  WHEN NEW.chain_seq IS NULL OR NEW.prev_hash IS NULL OR NEW.hash IS NULL
  BEGIN SELECT RAISE(ABORT, 'an audit entry needs its chain_seq, prev_hash and hash'); END;
`,
      postgres: `
ALTER TABLE audit ENABLE TRIGGER audit_no_update;
ALTER TABLE audit ALTER COLUMN chain_seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX audit_by_chain_seq ON audit (chain_seq);
`,
    },
  },
  {
    version: 7,
    name: "photos' bytes in chunks",
    // The embedded store keeps its photos as files (blobs.ts), streamed already: nothing to change in its database.
    sql: `
SELECT 1;
`,
    postgres: `
-- A photo's bytes as rows of 256 KiB (the last shorter), numbered from 0 (postgres-store.ts
-- PHOTO_CHUNK_BYTES): read and written one chunk per statement, so the server never holds a
-- photo whole. Stored out of line uncompressed, as photo_blobs was.
CREATE TABLE photo_chunks (
  sha256 TEXT COLLATE "C" NOT NULL CHECK (length(sha256) = 64),
  seq INTEGER NOT NULL CHECK (seq >= 0),
  bytes BYTEA NOT NULL,
  PRIMARY KEY (sha256, seq)
);
ALTER TABLE photo_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Uploads on their way in, under an id of their own, until their hash is checked and they are
-- copied under it (or thrown away); rows an ended process left are removed at start.
CREATE TABLE photo_uploads (
  id TEXT COLLATE "C" NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  bytes BYTEA NOT NULL,
  started TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (id, seq)
);
ALTER TABLE photo_uploads ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- The photos of before, cut the same way (substring of an uncompressed out-of-line value reads only its slice).
INSERT INTO photo_chunks (sha256, seq, bytes)
  SELECT b.sha256, c.seq, substring(b.bytes FROM c.seq * 262144 + 1 FOR 262144)
  FROM photo_blobs b, generate_series(0, greatest(length(b.bytes) - 1, 0) / 262144) AS c(seq);
DROP TABLE photo_blobs;
`,
  },
  {
    version: 8,
    name: "a kept copy's label on its visit",
    // "Keep both" in a sync conflict labels the two visits kept (core/record-sync-wire.ts VisitCopyView):
    // JSON text, NULL for every other visit; the pull answers it so the clinic's other devices show it.
    sql: `
ALTER TABLE visits ADD COLUMN copy TEXT;
`,
    postgres: `
ALTER TABLE visits ADD COLUMN copy TEXT;
`,
  },
]

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0
