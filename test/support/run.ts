/**
 * `npm test`: runs node's test runner on every compiled *.test.js file under
 * dist/test and dist/web-unit/test (the marking app's pure modules, compiled
 * without the DOM library), and nothing else: helpers are not tests. Node 20's runner takes no
 * glob, so the files are found here and passed by name; the runner's own output
 * and exit code are the result. Extra arguments go to node, e.g.
 * `node dist/test/support/run.js --test-name-pattern=CORS`.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TEST_DIRS = [join(ROOT, 'dist', 'test'), join(ROOT, 'dist', 'web-unit', 'test')]

function testFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...testFiles(path))
    else if (entry.name.endsWith('.test.js')) files.push(relative(ROOT, path))
  }
  return files.sort()
}

const files = TEST_DIRS.flatMap(testFiles)
if (files.length === 0) {
  process.stderr.write(`No *.test.js files under ${TEST_DIRS.join(' or ')}; run npm run build first.\n`)
  process.exit(1)
}
const result = spawnSync(process.execPath, ['--test', ...process.argv.slice(2), ...files], { cwd: ROOT, stdio: 'inherit' })
process.exit(result.status ?? 1)
