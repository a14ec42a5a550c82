/**
 * The record server's statements are written once (issue 43): sqlite-store.ts and
 * postgres-store.ts name none of the tables both schemas have in a statement of their
 * own (each such statement is in src/record-server/store-queries.ts, its dialect's
 * differences in sql-dialect.ts), and each statement's two texts take the same
 * parameters. What the stores run is tested in test/record-server, on both stores.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { MIGRATIONS } from '../../src/record-server/migrations.js'
import { POSTGRES, SQLITE } from '../../src/record-server/sql-dialect.js'
import { statementsOf } from '../../src/record-server/store-queries.js'
import { ROOT } from '../support/paths.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The tables of the embedded schema (so of both: PostgreSQL's own are its photo bytes'), and the migrations' own. */
const SHARED_TABLES = [
  'schema_migrations',
  ...new Set(MIGRATIONS.flatMap((m) => [...m.sql.matchAll(/CREATE TABLE (\w+)/g)].map((match) => match[1] as string))),
]

describe('the stores’ statements, written once', () => {
  it('sqlite-store.ts and postgres-store.ts read and write no table of both schemas in a statement of their own', () => {
    assert.ok(
      SHARED_TABLES.includes('patients') && SHARED_TABLES.includes('audit'),
      `found ${SHARED_TABLES.join(', ')}`,
    )
    const found: string[] = []
    for (const file of ['src/record-server/sqlite-store.ts', 'src/record-server/postgres-store.ts']) {
      const source = read(file)
      for (const table of SHARED_TABLES)
        for (const match of source.matchAll(new RegExp(`\\b(FROM|INTO|UPDATE|JOIN)\\s+${table}\\b`, 'g')))
          found.push(`${file}: ${match[0]}`)
    }
    assert.deepEqual(found, [], 'each is written once in store-queries.ts')
  })

  it('each statement takes the same parameters in both dialects', () => {
    const sqlite = statementsOf(SQLITE)
    const postgres = statementsOf(POSTGRES)
    const numbers = (text: string, mark: string) =>
      [...new Set([...text.matchAll(new RegExp(`\\${mark}(\\d+)`, 'g'))].map((m) => Number(m[1])))].sort(
        (a, b) => a - b,
      )
    for (const name of Object.keys(sqlite) as (keyof typeof sqlite)[]) {
      const used = numbers(sqlite[name], '?')
      assert.deepEqual(numbers(postgres[name], '$'), used, name)
      assert.deepEqual(
        used,
        used.map((_, i) => i + 1),
        `${name}: parameters 1 to ${used.length}`,
      )
      assert.doesNotMatch(postgres[name], /\?/, `${name}: no SQLite parameter in PostgreSQL's text`)
    }
  })
})
