/**
 * The licence as the repository states it: LICENSE is the Apache License 2.0,
 * package.json says Apache-2.0, and NOTICE names every third-party file the app and
 * the image ship: the pose model's files (web/src/pose/model-files.ts) and every
 * production package of package-lock.json with its version and licence. Adding a
 * dependency or a pose file fails this until NOTICE lists it.
 */

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { ROOT } from '../support/paths.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')
const NOTICE = read('NOTICE')

describe('licence', () => {
  it('LICENSE is the Apache License 2.0, and package.json says so', () => {
    const licence = read('LICENSE')
    assert.match(licence, /^\s*Apache License\s+Version 2\.0, January 2004/)
    assert.match(licence, /END OF TERMS AND CONDITIONS/)
    assert.equal((JSON.parse(read('package.json')) as { license: string }).license, 'Apache-2.0')
  })

  it('NOTICE lists every file of the pose model the app ships', () => {
    const files = read('web/src/pose/model-files.ts')
    const shipped = [...files.matchAll(/'(pose_[\w.]+)'/g)].map((m) => m[1] as string)
    assert.ok(shipped.includes('pose_landmark_full.tflite') && shipped.length >= 8, `found ${shipped.join(', ')}`)
    for (const file of shipped) assert.ok(NOTICE.includes(file), `NOTICE names ${file}`)
  })

  it('NOTICE names every package the marking app bundles (imported by web/src), with its version', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> }
    const app = NOTICE.slice(0, NOTICE.indexOf('2. The API reference'))
    const imported = new Set<string>()
    for (const file of readdirSync(join(ROOT, 'web/src'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue
      // A type-only import (`import type … from`) is erased by the compiler: nothing of it is bundled.
      const source = read(join('web/src', file)).replace(/import type [^;]*?from '[^']*'/gs, '')
      for (const m of source.matchAll(/(?:from |import\()'([^.#'][^']*)'/g)) {
        const parts = (m[1] as string).split('/')
        imported.add(parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!)
      }
    }
    assert.ok(imported.has('typebox') && imported.has('idb'), [...imported].join(', '))
    const missing = [...imported].filter(
      (name) => !app.includes(`(npm ${name} ${lock.packages[`node_modules/${name}`]?.version})`),
    )
    assert.deepEqual(missing, [], 'name these in NOTICE, section 1, as "(npm <name> <version>)"')
  })

  it('NOTICE lists every production package with its version and licence', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; license?: string; dev?: boolean; optional?: boolean }>
    }
    const missing: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith('node_modules/') || entry.dev || entry.optional) continue
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
      const row = new RegExp(
        `^ +${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} ${entry.version?.replace(/\./g, '\\.')} +${entry.license ?? ''}$`,
        'm',
      )
      if (!row.test(NOTICE)) missing.push(`${name} ${entry.version} ${entry.license}`)
    }
    assert.deepEqual(missing, [], 'add these rows to NOTICE (section 3)')
  })
})
