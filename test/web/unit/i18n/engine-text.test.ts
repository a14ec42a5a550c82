/**
 * An engine's own error text never stands inside the app's sentences (issue 39): a
 * browser's or a library's message is English whatever the clinician's language ("Error
 * preparing Blob/File data to be stored in object store") and goes to a message's
 * "Technical details" (state/error-details.ts), never into a {placeholder}. A scan of the
 * app's code: every message of the catalogues with a placeholder for a reason or an error
 * ({reason}, {error}, {message}, {cause}, {details}) is filled, wherever it is used, with
 * the app's own words: never `String(error)`, never an error's `.message`, unless the
 * error is one of the app's own classes, whose messages are written from the catalogues
 * (a check `error instanceof RasterError` just before). Nor is a status or a notice set to an error's text.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { en } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { pt } from '../../../../web/src/i18n/pt.js'
import type { Message } from '../../../../web/src/i18n/types.js'

const SRC = fileURLToPath(new URL('../../../../../../web/src/', import.meta.url))

/** Placeholders that name why something failed: what an engine's text would be put into. */
const REASON_PLACEHOLDERS = ['reason', 'error', 'message', 'cause', 'details']

/** The app's own error classes: their messages are sentences from the catalogues. */
const OUR_ERRORS = ['RasterError', 'ReportPdfError', 'AssessmentFileError', 'BackupError', 'FhirExportError']

/** An error's own text in an expression: `String(x)` of a variable, or `x.message`. */
const ERROR_TEXT = /\bString\(\s*[A-Za-z_$][\w$]*\s*\)|\b([A-Za-z_$][\w$]*)\.message\b/g

const forms = (m: Message): string[] =>
  typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string')

/** The keys (of every catalogue) whose text has a reason placeholder, with those placeholders. */
function reasonKeys(): Map<string, string[]> {
  const keys = new Map<string, string[]>()
  for (const catalogue of [en, es, pt] as Record<string, Message>[])
    for (const [key, message] of Object.entries(catalogue)) {
      const found = forms(message).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!))
      const reasons = [...new Set(found.filter((p) => REASON_PLACEHOLDERS.includes(p)))]
      if (reasons.length) keys.set(key, [...new Set([...(keys.get(key) ?? []), ...reasons])])
    }
  return keys
}

/** The app's TypeScript files, the catalogues left out. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

/** The text of a call's arguments, from the opening parenthesis at `open` to its match (strings not parsed: enough here). */
function argumentsAt(text: string, open: number): string {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i)
  }
  return text.slice(open + 1)
}

/** The error texts in `expression` that no `x instanceof <our error>` in `before` vouches for. */
function unvouched(expression: string, before: string): string[] {
  return [...expression.matchAll(ERROR_TEXT)]
    .filter((m) => {
      const variable = m[1]
      if (variable === undefined) return true // String(x): never
      return !OUR_ERRORS.some((cls) => new RegExp(`\\b${variable}\\s+instanceof\\s+${cls}\\b`).test(before))
    })
    .map((m) => m[0])
}

interface Finding {
  readonly file: string
  readonly line: number
  readonly what: string
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}

/** Every place where a reason placeholder is filled with an engine's text, or a status set to it. */
function findings(): Finding[] {
  const keys = reasonKeys()
  const found: Finding[] = []
  for (const path of sources()) {
    const text = readFileSync(path, 'utf8')
    const file = relative(SRC, path)
    // t('key', { ... reason: <expression> ... })
    for (const call of text.matchAll(/\bt\(\s*'([\w.]+)'\s*,/g)) {
      const placeholders = keys.get(call[1]!)
      if (!placeholders) continue
      const args = argumentsAt(text, call.index + call[0].indexOf('('))
      const before = text.slice(Math.max(0, call.index - 400), call.index)
      for (const placeholder of placeholders) {
        const value = new RegExp(`\\b${placeholder}\\s*:\\s*([^,}]+(?:\\?[^,}]+)?)`).exec(args)
        if (!value) continue
        for (const bad of unvouched(value[1]!, before + args.slice(0, value.index)))
          found.push({ file, line: lineOf(text, call.index), what: `${call[1]}'s {${placeholder}} filled with ${bad}` })
      }
    }
    // setText(element, <an error's text>), notify(state, <it>), failed(<it>): a status line or a notice
    // that is the engine's words alone (the details, errorDetails(error), are the place for them).
    for (const call of text.matchAll(/\b(?:setText|notify|failed)\(/g)) {
      const args = argumentsAt(text, call.index + call[0].length - 1)
      const before = text.slice(Math.max(0, call.index - 400), call.index)
      // A check inside the arguments vouches too: `error instanceof RasterError ? t(..., error.message) : ...`.
      for (const bad of unvouched(args, before + args))
        found.push({ file, line: lineOf(text, call.index), what: `${call[0].slice(0, -1)} with ${bad}` })
    }
  }
  return found
}

describe("an engine's error text never inside the app's sentences", () => {
  test('the catalogues have reason placeholders to guard (the scan looks at something)', () => {
    const keys = reasonKeys()
    for (const key of ['files.importPhoto', 'assessment.cannotLoad', 'fhir.report.notAttached', 'record.import.failed'])
      assert.ok(keys.has(key), `${key} has a {reason}`)
  })

  test('no reason placeholder is filled with String(error) or an error.message not of our own errors; no status is set to one', () => {
    assert.deepEqual(
      findings().map((f) => `web/src/${f.file}:${f.line}: ${f.what}`),
      [],
      "an engine's text goes to the details (errorDetails), with a sentence of ours",
    )
  })

  test('the scan finds what it must: String(error) and an unchecked error.message in a {reason}', () => {
    const before = 'try { x() } catch (error) {'
    assert.deepEqual(unvouched('String(error)', before), ['String(error)'])
    assert.deepEqual(unvouched('error instanceof Error ? error.message : String(error)', before), [
      'error.message',
      'String(error)',
    ])
    assert.deepEqual(unvouched('error.message', `${before} if (error instanceof RasterError)`), [])
    assert.deepEqual(unvouched("t('pdf.unexpected')", before), [])
  })
})
