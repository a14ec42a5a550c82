/**
 * The repository carries its own reference: no file refers to the spec folder that
 * sat beside it during development, and every relative link in the Markdown files
 * points at a file or folder that exists in the repository.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ROOT } from '../support/paths.js'

/** Written in two parts so that this file does not match itself. */
const OUTSIDE = ['..', 'shared'].join('/')

const SKIPPED_DIRECTORIES = new Set(['.git', 'node_modules', 'dist', 'test-output', 'coverage'])

/** The project's files: git's list where there is one, else every file outside build output. */
function projectFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
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

function isText(path: string): boolean {
  const bytes = readFileSync(join(ROOT, path))
  return !bytes.subarray(0, 8000).includes(0)
}

describe('the repository is self-contained', () => {
  const files = projectFiles().filter((path) => statSync(join(ROOT, path)).isFile() && isText(path))

  it('lists the project files it checks', () => {
    for (const expected of ['package.json', 'README.md', 'docs/metrics.md', 'docs/contract.md', 'docs/service-spec.md', 'src/main.ts']) {
      assert.ok(files.includes(expected), `${expected} is checked`)
    }
  })

  it(`no file refers to ${OUTSIDE}`, () => {
    const offenders = files.filter((path) => readFileSync(join(ROOT, path), 'utf8').includes(OUTSIDE))
    assert.deepEqual(offenders, [], `these files refer to ${OUTSIDE}; point them at docs/ instead`)
  })

  it('every relative link in a Markdown file points at a file that exists', () => {
    const broken: string[] = []
    for (const path of files.filter((p) => p.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, path), 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? ''
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue // URLs, in-page anchors
        const file = decodeURIComponent(target.split('#')[0] ?? '')
        if (!existsSync(join(ROOT, dirname(path), file))) broken.push(`${path}: ${target}`)
      }
    }
    assert.deepEqual(broken, [])
  })
})
