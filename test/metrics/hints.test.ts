/**
 * The anatomy hints (core/markers.ts) against their review in docs/markers.md (issue 17,
 * item 8): every marker is reviewed there with a source, and the lateral apex_cervical
 * hint says what docs/metrics.md decided (C7, not the deepest point of the neck's curve).
 * The Spanish hints: test/web/unit/terms.test.ts.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { LATERAL_MARKERS, VIEWS, type View } from '#core/markers.js'
import { ROOT } from '../support/paths.js'

const REVIEW = readFileSync(join(ROOT, 'docs', 'markers.md'), 'utf8')

/** The review table's rows: view, the marker names of the row (`name_*` stands for both sides), source. */
function reviewed(): { view: string; names: string[]; source: string }[] {
  return REVIEW.split('\n')
    .filter((line) => /^\| (anterior|posterior|lateral) \|/.test(line))
    .map((line) => {
      const [view, markers, , source] = line
        .split('|')
        .slice(1)
        .map((c) => c.trim())
      return { view: view!, names: markers!.split(',').map((n) => n.trim()), source: source! }
    })
}

describe('anatomy hints', () => {
  it('docs/markers.md reviews every marker of every view, each row with a source', () => {
    const rows = reviewed()
    for (const view of Object.keys(VIEWS) as View[]) {
      for (const { name } of VIEWS[view]) {
        const row = rows.find(
          (r) =>
            r.view === view && r.names.some((n) => n === name || (n.endsWith('_*') && name.startsWith(n.slice(0, -1)))),
        )
        assert.ok(row, `${view} ${name} is reviewed in docs/markers.md`)
        assert.ok(row.source.length > 0, `${view} ${name} has a source`)
      }
    }
  })

  it('apex_cervical is the C7 spinous process, as docs/metrics.md decides, not the deepest point of the neck curve', () => {
    const hint = LATERAL_MARKERS.find((m) => m.name === 'apex_cervical')!.hint
    assert.match(hint, /^Spinous process of C7\b/)
    assert.match(hint, /not the deepest point of the neck's curve/)
    assert.doesNotMatch(hint, /C7 region/)
    assert.match(
      readFileSync(join(ROOT, 'docs', 'metrics.md'), 'utf8'),
      /\*\*Decision\*\*: `apex_cervical` is placed on the C7 spinous process/,
    )
  })
})
