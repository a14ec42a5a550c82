/**
 * Running the project's command-line dev tools (Redocly, Spectral,
 * openapi-typescript, tsc) from tests: each is started with this Node binary, from
 * node_modules, with telemetry and update checks off, so tests run offline.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ROOT } from './paths.js'

const require = createRequire(join(ROOT, 'package.json'))

/** The path of a package's command-line script (its package.json `bin`). */
export function binOf(pkg: string, name?: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name ?? Object.keys(manifest.bin)[0]!]
  if (bin === undefined) throw new Error(`${pkg} has no command ${name}`)
  return join(dirname(manifestPath), bin)
}

export interface ToolResult {
  code: number
  stdout: string
  stderr: string
}

const OFFLINE_ENV = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
  NO_COLOR: '1',
}

/** Runs `node <script> ...args` and resolves with its exit code and output (never rejects on a non-zero exit). */
export function runTool(
  script: string,
  args: readonly string[],
  cwd = ROOT,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd, env: { ...process.env, ...OFFLINE_ENV, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error)
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr })
      },
    )
  })
}
