/**
 * Sending a transaction Bundle to a FHIR server, the pure parts: which base URLs are
 * accepted (https, or http on this computer), whether the page's Content-Security-Policy
 * lets it connect to an origin (the service adds the origins of FHIR_SERVER_ORIGINS),
 * what the server's answer means (a transaction-response with its entries' statuses,
 * 401/403, a 4xx or 5xx with an OperationOutcome, something else), what a search for the
 * Patient by identifier found (several Patients: told, nothing sent), and the sentence the
 * clinician reads for each outcome. The request itself is fhir-effects.ts's.
 */
import type { Patient } from '@medplum/fhirtypes'
import { LOCAL_HOSTS } from '#core/local-hosts.js'
import { t } from '../i18n/index.js'

export type BaseUrl =
  | { readonly ok: true; readonly url: string; readonly origin: string }
  | { readonly ok: false; readonly problem: 'empty' | 'invalid' | 'insecure' }

/** The FHIR base URL typed in the settings: https, or http on localhost; no credentials, query or fragment. */
export function baseUrlOf(text: string): BaseUrl {
  const typed = text.trim()
  if (typed === '') return { ok: false, problem: 'empty' }
  let url: URL
  try {
    url = new URL(typed)
  } catch {
    return { ok: false, problem: 'invalid' }
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    return { ok: false, problem: 'invalid' }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) return { ok: false, problem: 'insecure' }
  // A transaction is POSTed to the base itself: [base] without a trailing slash.
  return { ok: true, url: url.href.replace(/\/+$/, ''), origin: url.origin }
}

/** The sentence for a base URL that is refused. */
export function baseUrlProblemText(problem: 'empty' | 'invalid' | 'insecure', typed: string): string {
  if (problem === 'empty') return t('fhir.send.noUrl')
  return t(problem === 'insecure' ? 'fhir.send.insecure' : 'fhir.send.badUrl', { url: typed.trim() })
}

/**
 * Whether a Content-Security-Policy header (null: none, as under the dev server) lets a
 * page of `self` fetch from `origin`: every policy in it must allow it, by connect-src
 * or, without one, default-src ('self', '*', a scheme such as https:, or the origin).
 */
export function cspAllows(header: string | null, origin: string, self: string): boolean {
  if (!header) return true
  const target = new URL(origin)
  for (const policy of header.split(',')) {
    const directives = new Map<string, string[]>()
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/)
      if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources)
    }
    const sources = directives.get('connect-src') ?? directives.get('default-src')
    if (!sources) continue
    const allowed = sources.some((source) => {
      const s = source.toLowerCase()
      if (s === "'self'") return origin === self
      if (s === '*') return target.protocol === 'https:' || target.protocol === 'http:'
      if (/^[a-z][a-z0-9+.-]*:$/.test(s))
        return target.protocol === s || (s === 'http:' && target.protocol === 'https:')
      return s.replace(/\/+$/, '') === origin
    })
    if (!allowed) return false
  }
  return true
}

/** What came of a send. */
export type SendOutcome =
  | { readonly kind: 'sent'; readonly total: number; readonly created: number; readonly updated: number }
  | { readonly kind: 'unauthorized'; readonly status: number }
  | { readonly kind: 'rejected'; readonly status: number; readonly diagnostics: readonly string[] }
  | { readonly kind: 'serverError'; readonly status: number; readonly diagnostics: readonly string[] }
  | { readonly kind: 'badAnswer'; readonly status: number }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'csp' }
  /** The server holds several Patients with the identifier: nothing was sent. */
  | { readonly kind: 'ambiguous'; readonly identifier: string; readonly count: number }

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** Longest diagnostics text kept from a server's answer (each issue), characters. */
const MAX_DIAGNOSTIC = 500
/** Most issues of an OperationOutcome shown. */
const MAX_ISSUES = 5

/** The issues an OperationOutcome names (diagnostics, else details.text), as one line each; none when it is not one. */
export function operationOutcomeDiagnostics(body: unknown): string[] {
  if (!isObject(body) || body.resourceType !== 'OperationOutcome' || !Array.isArray(body.issue)) return []
  const out: string[] = []
  for (const issue of body.issue) {
    if (!isObject(issue)) continue
    const details = isObject(issue.details) ? issue.details.text : undefined
    const text = typeof issue.diagnostics === 'string' ? issue.diagnostics : typeof details === 'string' ? details : ''
    // One line, no control characters, bounded: the server's words are shown as text, never as markup.
    const line = text
      .replace(/[\p{Cc}\s]+/gu, ' ')
      .trim()
      .slice(0, MAX_DIAGNOSTIC)
    const where = Array.isArray(issue.expression) && typeof issue.expression[0] === 'string' ? issue.expression[0] : ''
    if (line) out.push(where ? `${where}: ${line}` : line)
    if (out.length === MAX_ISSUES) break
  }
  return out
}

/** What the server's answer to a transaction means. */
export function outcomeOf(status: number, body: string): SendOutcome {
  const json = parsed(body)
  if (status === 401 || status === 403) return { kind: 'unauthorized', status }
  if (status >= 500) return { kind: 'serverError', status, diagnostics: operationOutcomeDiagnostics(json) }
  if (status >= 400) return { kind: 'rejected', status, diagnostics: operationOutcomeDiagnostics(json) }
  if (
    status >= 200 &&
    status < 300 &&
    isObject(json) &&
    json.resourceType === 'Bundle' &&
    json.type === 'transaction-response'
  ) {
    const entries = Array.isArray(json.entry) ? json.entry : []
    let created = 0
    let updated = 0
    for (const entry of entries) {
      const code = isObject(entry) && isObject(entry.response) ? String(entry.response.status ?? '') : ''
      if (code.startsWith('201')) created++
      else if (code.startsWith('200')) updated++
    }
    return { kind: 'sent', total: entries.length, created, updated }
  }
  return { kind: 'badAnswer', status }
}

/** What a search for the Patient by identifier found: the Patients, or an outcome that ends the send. */
export type PatientSearch =
  | { readonly ok: true; readonly patients: readonly Patient[]; readonly count: number }
  | { readonly ok: false; readonly outcome: SendOutcome }

/** The search for a Patient by identifier (`Patient?identifier=system|value`, each part escaped), relative to the base. */
export function patientSearchPath(system: string, value: string): string {
  return `Patient?identifier=${encodeURIComponent(system)}|${encodeURIComponent(value)}`
}

/**
 * What the server's answer to the Patient search means: the matching Patients of a
 * `searchset` Bundle (entries of search mode `match`, or without a mode) and how many
 * there are (the answer's `total` when it says more than the page holds). Else the
 * outcome, as for a transaction.
 */
export function patientSearchOf(status: number, body: string): PatientSearch {
  const json = parsed(body)
  if (status >= 200 && status < 300 && isObject(json) && json.resourceType === 'Bundle' && json.type === 'searchset') {
    const entries = Array.isArray(json.entry) ? json.entry : []
    const patients = entries.flatMap((entry) => {
      if (!isObject(entry) || !isObject(entry.resource) || entry.resource.resourceType !== 'Patient') return []
      const mode = isObject(entry.search) ? entry.search.mode : undefined
      return mode === undefined || mode === 'match' ? [entry.resource as unknown as Patient] : []
    })
    const count = typeof json.total === 'number' && json.total > patients.length ? json.total : patients.length
    return { ok: true, patients, count }
  }
  const outcome = outcomeOf(status, body)
  // A 2xx that is not a searchset: not a FHIR server's answer to a search.
  return { ok: false, outcome: outcome.kind === 'sent' ? { kind: 'badAnswer', status } : outcome }
}

/** The sentence for an outcome, naming the server's origin (and the app's, where the server must allow it). */
export function outcomeText(outcome: SendOutcome, origin: string, app: string): string {
  // The server's words, ended as a sentence so the advice after them reads as one.
  const said = (d: readonly string[]) => {
    const text = d.join(' · ')
    return text === '' ? t('fhir.send.noDetail') : /[.!?]$/.test(text) ? text : `${text}.`
  }
  switch (outcome.kind) {
    case 'sent':
      return t('fhir.send.sent', { origin, count: outcome.total, created: outcome.created, updated: outcome.updated })
    case 'unauthorized':
      return t('fhir.send.unauthorized', { origin, status: String(outcome.status) })
    case 'rejected':
      return t('fhir.send.rejected', { status: String(outcome.status), diagnostics: said(outcome.diagnostics) })
    case 'serverError':
      return t('fhir.send.serverError', { status: String(outcome.status), diagnostics: said(outcome.diagnostics) })
    case 'badAnswer':
      return t('fhir.send.badAnswer', { origin, status: String(outcome.status) })
    case 'unreachable':
      return t('fhir.send.unreachable', { origin, app })
    case 'csp':
      return t('fhir.send.csp', { origin })
    case 'ambiguous':
      return t('fhir.send.ambiguous', { count: outcome.count, identifier: outcome.identifier })
  }
}
