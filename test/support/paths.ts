/**
 * Where the tests find things: the repository's root and the builds under it. The
 * root is found by walking up from this file's compiled place (dist/test/support/,
 * or dist/web-unit/test/support/ for the pure web modules' tests) to the folder that
 * holds package.json, so every test agrees on it whatever its depth.
 */
import { existsSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

function folderWithPackageJson(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder
    if (dirname(folder) === folder) throw new Error(`no package.json in ${from} or above`)
  }
}

/** The repository's root folder, ending with a path separator. */
export const ROOT = folderWithPackageJson(dirname(fileURLToPath(import.meta.url))) + sep

/** The built marking app (vite build web), as the service serves it at `/`. */
export const WEB_BUILD = join(ROOT, 'dist', 'web') + sep

/** Where tests write what a person may want to look at afterwards (screenshots). */
export const TEST_OUTPUT = join(ROOT, 'test-output') + sep
