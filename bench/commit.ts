/**
 * The commit a bench measured, written beside its figures: the short hash, with
 * '+changes' when the work tree differs from it, or 'unknown' outside a git checkout.
 */
import { execFileSync } from 'node:child_process'
import { ROOT } from '../test/support/paths.js'

export function measuredCommit(): string {
  const git = (args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  try {
    const head = git(['rev-parse', '--short', 'HEAD'])
    return git(['status', '--porcelain', '--untracked-files=no']) === '' ? head : `${head}+changes`
  } catch {
    return 'unknown'
  }
}
