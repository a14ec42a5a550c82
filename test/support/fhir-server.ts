/**
 * A stand-in FHIR server for the browser tests, a real HTTP server on 127.0.0.1 that
 * answers a transaction as FHIR servers do: CORS for the origins it allows (preflight
 * included; other origins get no CORS headers, so the browser refuses them), 401 with an
 * OperationOutcome without the right bearer token, 415 for another content type, 400
 * with an OperationOutcome for a bundle that is not a valid transaction (`validate`,
 * by default the shape of a transaction and validateBundle, fhir-validate.ts; plus the
 * server's own rules), else it stores the bundle and answers 200 with a
 * `transaction-response` Bundle: per entry 201 when it created the resource, 200 when
 * a conditional update (PUT Type?identifier=...) or a conditional create (ifNoneExist)
 * found what an earlier transaction wrote, as a FHIR server does.
 *
 * Patients are held as a FHIR server holds them: a search `GET Patient?identifier=
 * system|value` (or a bare value: any system) answers a `searchset` of those whose
 * identifier matches exactly (case and all, as FHIR token search on a case-sensitive
 * identifier does); a conditional create of a Patient writes one only when that search
 * finds none; a conditional update (PUT Patient?identifier=) replaces the one it finds,
 * creates one when none, and fails the transaction (412) when several. `seedPatient`
 * stores one as if the health record had it (two with one identifier: a duplicate).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Bundle, Identifier, Patient } from '@medplum/fhirtypes'
import { validateBundle } from './fhir-validate.js'

/** One request the server received (preflights excepted), with its answer's status. */
export interface FhirRequest {
  readonly method: string
  readonly path: string
  /** The query string, without '?' ('' when none). */
  readonly query: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly status: number
}

export interface FhirServerOptions {
  /** The bearer token it accepts. */
  readonly token: string
  /** The path of its base URL (default /fhir). */
  readonly basePath?: string
  /** Problems of a bundle (none: valid); default: the shape of a transaction, then validateBundle. */
  readonly validate?: (bundle: unknown) => string[]
}

export interface FhirServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string
  /** The base URL: origin + base path. */
  readonly base: string
  /** Origins whose pages may call it (CORS); the tests set it. */
  readonly allowedOrigins: Set<string>
  /** Extra rules of this server (a profile it enforces): problems of a bundle. */
  rules: ((bundle: unknown) => string[]) | null
  readonly requests: FhirRequest[]
  /** The transaction bundles it stored. */
  readonly stored: unknown[]
  /** The Patients it holds, each with its id. */
  readonly patients: readonly Patient[]
  /** Stores a Patient as if the health record had it; returns its id. */
  seedPatient(patient: Patient): string
  close(): Promise<void>
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** What a server checks of any transaction: a Bundle of type transaction whose entries each have a resource and a request. */
export function transactionShape(bundle: unknown): string[] {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return ['Bundle: not a Bundle resource']
  const problems: string[] = []
  if (bundle.type !== 'transaction') problems.push(`Bundle.type: must be transaction, not ${String(bundle.type)}`)
  const entries = Array.isArray(bundle.entry) ? bundle.entry : []
  entries.forEach((entry, i) => {
    if (!isObject(entry) || !isObject(entry.resource)) problems.push(`Bundle.entry[${i}].resource: missing`)
    if (!isObject(entry) || !isObject(entry.request) || typeof entry.request.method !== 'string')
      problems.push(`Bundle.entry[${i}].request: missing`)
  })
  return problems
}

function operationOutcome(code: string, diagnostics: readonly string[]): string {
  return JSON.stringify({
    resourceType: 'OperationOutcome',
    issue: diagnostics.map((d) => ({ severity: 'error', code, diagnostics: d })),
  })
}

/** The Patients whose identifier matches a search value `system|value` (or `value`: any system) exactly. */
function matching(patients: readonly Patient[], token: string): Patient[] {
  const bar = token.indexOf('|')
  const system = bar < 0 ? undefined : token.slice(0, bar)
  const value = bar < 0 ? token : token.slice(bar + 1)
  const fits = (i: Identifier) => i.value === value && (system === undefined || (i.system ?? '') === system)
  return patients.filter((p) => (p.identifier ?? []).some(fits))
}

/** The identifier search of a conditional request's query (`identifier=...`), decoded; undefined when there is none. */
function identifierOf(query: string): string | undefined {
  return new URLSearchParams(query).get('identifier') ?? undefined
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

export async function startFhirServer(options: FhirServerOptions): Promise<FhirServer> {
  const basePath = options.basePath ?? '/fhir'
  const validate =
    options.validate ??
    ((bundle: unknown) => {
      const shape = transactionShape(bundle)
      return shape.length ? shape : validateBundle(bundle as Bundle)
    })
  /** What conditional requests find: the request's URL (and its ifNoneExist) -> the resource's id. */
  const written = new Map<string, string>()
  const requests: FhirRequest[] = []
  const stored: unknown[] = []
  const patients: Patient[] = []
  const allowedOrigins = new Set<string>()
  let origin = ''
  const state = { rules: null as ((bundle: unknown) => string[]) | null }

  const cors = (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin
    if (origin && allowedOrigins.has(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin)
      response.setHeader('Vary', 'Origin')
    }
  }

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const address = new URL(request.url ?? '/', 'http://x')
    const path = address.pathname.replace(/\/+$/, '')
    const query = address.search.replace(/^\?/, '')
    if (request.method === 'OPTIONS') {
      cors(request, response)
      if (allowedOrigins.has(request.headers.origin ?? '')) {
        response.setHeader('Access-Control-Allow-Methods', 'GET, POST')
        response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept')
      }
      response.writeHead(204).end()
      return
    }
    const body = await readBody(request)
    const send = (status: number, json: string) => {
      requests.push({ method: request.method ?? '', path, query, headers: request.headers, body, status })
      cors(request, response)
      response.writeHead(status, { 'Content-Type': 'application/fhir+json' }).end(json)
    }
    const search = request.method === 'GET' && path === `${basePath}/Patient`
    if (!search && (request.method !== 'POST' || path !== basePath))
      return send(404, operationOutcome('not-found', [`no ${request.method} ${path} here`]))
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return send(401, operationOutcome('login', ['a valid bearer token is required']))
    if (search) {
      const token = address.searchParams.get('identifier')
      if (token === null) return send(400, operationOutcome('not-supported', ['search Patient by identifier only']))
      const found = matching(patients, token)
      return send(
        200,
        JSON.stringify({
          resourceType: 'Bundle',
          type: 'searchset',
          total: found.length,
          entry: found.map((p) => ({
            fullUrl: `${origin}${basePath}/Patient/${p.id}`,
            resource: p,
            search: { mode: 'match' },
          })),
        }),
      )
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/fhir+json'))
      return send(415, operationOutcome('not-supported', ['send application/fhir+json']))
    let bundle: unknown
    try {
      bundle = JSON.parse(body)
    } catch {
      return send(400, operationOutcome('structure', ['the body is not JSON']))
    }
    const problems = [...validate(bundle), ...(state.rules?.(bundle) ?? [])]
    if (problems.length) return send(400, operationOutcome('invalid', problems))
    type Entry = { resource: { resourceType: string }; request: { method: string; url: string; ifNoneExist?: string } }
    const entries = (bundle as { entry?: Entry[] }).entry ?? []
    // Patients first, as a server checks its preconditions before it writes anything.
    const patientWrites: { status: string; id: string; write: () => void }[] = []
    for (const { resource, request: r } of entries) {
      if (resource.resourceType !== 'Patient') continue
      const token = identifierOf(r.method === 'PUT' ? (r.url.split('?')[1] ?? '') : (r.ifNoneExist ?? ''))
      const found = token === undefined ? [] : matching(patients, token)
      if (r.method === 'PUT' && found.length > 1)
        return send(412, operationOutcome('multiple-matches', [`${found.length} Patients match ${r.url}`]))
      const hit = found[0]
      if (hit && r.method === 'PUT') {
        const id = hit.id as string
        patientWrites.push({
          status: '200 OK',
          id,
          write: () => void patients.splice(patients.indexOf(hit), 1, { ...(resource as Patient), id }),
        })
      } else if (hit) patientWrites.push({ status: '200 OK', id: hit.id as string, write: () => {} })
      else {
        const id = randomUUID()
        patientWrites.push({
          status: '201 Created',
          id,
          write: () => void patients.push({ ...(resource as Patient), id }),
        })
      }
    }
    for (const w of patientWrites) w.write()
    stored.push(bundle)
    send(
      200,
      JSON.stringify({
        resourceType: 'Bundle',
        type: 'transaction-response',
        entry: entries.map(({ resource, request: r }) => {
          if (resource.resourceType === 'Patient') {
            const w = patientWrites.shift() as { status: string; id: string }
            return { response: { status: w.status, location: `Patient/${w.id}/_history/1` } }
          }
          const conditional = r.method === 'PUT' || r.ifNoneExist !== undefined
          const key = `${r.method} ${r.url} ${r.ifNoneExist ?? ''}`
          const found = conditional ? written.get(key) : undefined
          const id = found ?? randomUUID()
          if (conditional) written.set(key, id)
          return {
            response: found
              ? { status: '200 OK', location: `${resource.resourceType}/${id}/_history/2` }
              : { status: '201 Created', location: `${resource.resourceType}/${id}/_history/1` },
          }
        }),
      }),
    )
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(500).end(operationOutcome('exception', [String(error)]))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    base: `${origin}${basePath}`,
    allowedOrigins,
    get rules() {
      return state.rules
    },
    set rules(value) {
      state.rules = value
    },
    requests,
    stored,
    patients,
    seedPatient: (patient) => {
      const id = randomUUID()
      patients.push({ ...patient, id })
      return id
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
