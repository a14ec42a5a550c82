/**
 * What differs between the record server's two SQL dialects, and nothing else: store-queries.ts
 * writes each statement of the stores once, as a function of a Dialect, and sqlite-store.ts
 * (SQLITE) and postgres-store.ts (POSTGRES) run its text in their own. The schema's two texts
 * are migrations.ts's; what stays in a store is what is not SQL text (transactions and locks,
 * the connection, PostgreSQL's photo chunks and roles, SQLite's pragmas and backup).
 */

export interface Dialect {
  readonly name: 'sqlite' | 'postgres'
  /** The n-th parameter (from 1): `?n` in SQLite, `$n` in PostgreSQL; either may stand twice in a statement. */
  param(n: number): string
  /**
   * A text column as an ORDER BY term in byte order: SQLite's own (BINARY); PostgreSQL sorts
   * by the database's locale unless told COLLATE "C".
   */
  byteOrder(column: string): string
  /**
   * A SELECT of the rows of a JSON array of objects given as `param` (text): one row an
   * element, in the array's order, with `columns` as its columns (the objects' members by the
   * same names); those in `integers` as integers, the others as text.
   */
  jsonArrayRows(param: string, columns: readonly string[], integers: readonly string[]): string
  /** What ends a CREATE TABLE: SQLite's STRICT (a value of the wrong type is refused, as PostgreSQL refuses it). */
  readonly tableOptions: string
  /**
   * Whether photos' bytes are rows of the database (PostgreSQL's photo_chunks, removed with the
   * photos row), rather than files beside it (the embedded store's blobs.ts).
   */
  readonly photoBytesInDatabase: boolean
}

export const SQLITE: Dialect = {
  name: 'sqlite',
  param: (n) => `?${n}`,
  byteOrder: (column) => column,
  jsonArrayRows: (param, columns) =>
    `SELECT ${columns.map((c) => `json_extract(value, '$.${c}')`).join(', ')} FROM json_each(${param}) ORDER BY key`,
  tableOptions: ' STRICT',
  photoBytesInDatabase: false,
}

export const POSTGRES: Dialect = {
  name: 'postgres',
  param: (n) => `$${n}`,
  byteOrder: (column) => `${column} COLLATE "C"`,
  jsonArrayRows: (param, columns, integers) =>
    `SELECT ${columns.map((c) => (integers.includes(c) ? `(e.value->>'${c}')::bigint` : `e.value->>'${c}'`)).join(', ')}
     FROM json_array_elements(${param}::json) WITH ORDINALITY AS e(value, n) ORDER BY e.n`,
  tableOptions: '',
  photoBytesInDatabase: true,
}
