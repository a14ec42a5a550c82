/** docs/suggestions.md prints the mapping tables of web/src/pose/mapping.ts: every rule's formula and rationale is there, as in the code. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { VIEWS, type View } from '#core/markers.js'
import {
  ANTERIOR_MAPPING,
  basisOf,
  describe,
  lateralMapping,
  POSTERIOR_MAPPING,
  type Rule,
} from '../../../../web/src/pose/mapping.js'

test('docs/suggestions.md shows every mapping rule as the code has it', () => {
  const doc = readFileSync(new URL('../../../../../../docs/suggestions.md', import.meta.url), 'utf8')
  const tables: Record<View, Record<string, Rule>> = {
    anterior: ANTERIOR_MAPPING,
    posterior: POSTERIOR_MAPPING,
    lateral: lateralMapping('left'),
  }
  for (const view of Object.keys(VIEWS) as View[]) {
    for (const m of VIEWS[view]) {
      const rule = tables[view][m.name]!
      const row = `| \`${m.name}\` (${m.label}) | ${basisOf(rule)} | ${describe(rule.expr)} | ${rule.rationale} |`
      assert.ok(doc.includes(row), `docs/suggestions.md lacks or differs on the row:\n${row}`)
    }
  }
})
