/**
 * The repository carries its own reference: no file refers to the spec folder that
 * sat beside it during development, every relative link in the Markdown files
 * points at a file or folder that exists in the repository, and every `#anchor` of a
 * link to a Markdown file (or within one) names one of its headings, slugged as
 * GitHub slugs them; a path written in backticks (`src/...`, `test/...`) exists.
 */

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, it } from 'node:test'
import { ROOT } from '../support/paths.js'

/** Written in two parts so that this file does not match itself. */
const OUTSIDE = ['..', 'shared'].join('/')

const SKIPPED_DIRECTORIES = new Set(['.git', 'node_modules', 'dist', 'test-output', 'coverage'])

/** The project's files: git's list where there is one, else every file outside build output. */
function projectFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    return listed.split('\0').filter((path) => path !== '' && existsSync(join(ROOT, path)))
  } catch {
    const files: string[] = []
    const walk = (directory: string) => {
      for (const entry of readdirSync(directory, { withFileTypes: true })) {
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue
        const path = join(directory, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (entry.isFile()) files.push(relative(ROOT, path))
      }
    }
    walk(ROOT)
    return files
  }
}

/**
 * GitHub's anchor for a heading: its text without Markdown links, inline HTML and
 * punctuation (letters, digits, spaces, `-` and `_` stay), lower case, each space a `-`.
 */
function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors a Markdown text has: one per heading (a repeated slug gets -1, -2, ...), and explicit `id`/`name` attributes. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const counts = new Map<string, number>()
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(heading ?? '')
    const seen = counts.get(slug) ?? 0
    counts.set(slug, seen + 1)
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`)
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id ?? '')
  return anchors
}

function isText(path: string): boolean {
  const bytes = readFileSync(join(ROOT, path))
  return !bytes.subarray(0, 8000).includes(0)
}

describe('the repository is self-contained', () => {
  const files = projectFiles().filter((path) => statSync(join(ROOT, path)).isFile() && isText(path))

  it('lists the project files it checks', () => {
    for (const expected of [
      'package.json',
      'README.md',
      'docs/metrics.md',
      'docs/contract.md',
      'docs/service-spec.md',
      'src/main.ts',
    ]) {
      assert.ok(files.includes(expected), `${expected} is checked`)
    }
  })

  it(`no file refers to ${OUTSIDE}`, () => {
    const offenders = files.filter((path) => readFileSync(join(ROOT, path), 'utf8').includes(OUTSIDE))
    assert.deepEqual(offenders, [], `these files refer to ${OUTSIDE}; point them at docs/ instead`)
  })

  it('slugs headings as GitHub does', () => {
    assert.equal(headingSlug('What CI checks, and what it does not'), 'what-ci-checks-and-what-it-does-not')
    assert.equal(headingSlug('`GET /metrics` and [Prometheus](https://prometheus.io)'), 'get-metrics-and-prometheus')
    assert.equal(headingSlug('Ángulo Q (rodilla)'), 'ángulo-q-rodilla')
    assert.deepEqual([...anchorsOf('# A\n## B b\n```\n# not a heading\n```\n## B b\n')], ['a', 'b-b', 'b-b-1'])
  })

  it('every relative link in a Markdown file points at a file that exists, and at a heading of it', () => {
    const broken: string[] = []
    const anchorsByFile = new Map<string, Set<string>>()
    const anchors = (file: string) => {
      const found = anchorsByFile.get(file) ?? anchorsOf(readFileSync(join(ROOT, file), 'utf8'))
      anchorsByFile.set(file, found)
      return found
    }
    for (const path of files.filter((p) => p.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, path), 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? ''
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // URLs
        const [pathPart = '', fragment] = target.split('#')
        const file = pathPart === '' ? path : join(dirname(path), decodeURIComponent(pathPart))
        if (!existsSync(join(ROOT, file))) {
          broken.push(`${path}: ${target}`)
          continue
        }
        if (fragment !== undefined && file.endsWith('.md') && !anchors(file).has(decodeURIComponent(fragment))) {
          broken.push(`${path}: ${target} (no such heading in ${file})`)
        }
      }
    }
    assert.deepEqual(broken, [])
  })

  it('every repository path a Markdown file names in backticks exists (beside it or from the root), or is build output git ignores', () => {
    const missing: string[] = []
    for (const path of files.filter((p) => p.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, path), 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const [, named = ''] of text.matchAll(/`((?:src|test|web|docs|bench|deploy)\/[\w./-]*)`/g)) {
        if (existsSync(join(ROOT, dirname(path), named)) || existsSync(join(ROOT, named)) || ignoredByGit(named))
          continue
        missing.push(`${path}: ${named}`)
      }
    }
    assert.deepEqual(missing, [])
  })
})

/** Whether git ignores the path (written by a run, e.g. bench/results.json); false where git is missing. */
function ignoredByGit(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT })
    return true
  } catch {
    return false
  }
}
