/** Shared test helpers: an app without logs or static files, and JSON requests to it. */
import { Writable } from 'node:stream'
import { type AppOptions, buildApp } from '../../src/app.js'

export type TestApp = Awaited<ReturnType<typeof buildApp>>

/**
 * The overload guard stays registered (its 503 is part of the document) but sheds
 * nothing, unless a test asks for it (test/robustness/overload.test.ts): a test may
 * send hundreds of requests at once to a fresh app, whose first compilations are
 * work queued ahead of them in one turn.
 */
export const NEVER_SHED = { maxQueueMs: 0 } as const

export function makeApp(options: AppOptions = {}): Promise<TestApp> {
  return buildApp({ logger: false, webRoot: false, overload: NEVER_SHED, ...options })
}

/** An app whose JSON log lines are collected in `lines`. */
export async function loggingApp(
  options: AppOptions = {},
): Promise<{ app: TestApp; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  const app = await makeApp({ logger: { level: 'info', stream }, ...options })
  return { app, lines }
}

export interface JsonResponse {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  // biome-ignore lint/suspicious/noExplicitAny: any JSON answer, good or bad; the tests' assertions check its shape
  body: any
  text: string
}

export async function post(
  app: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload)
  const res = await app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: { 'content-type': 'application/json', ...headers },
  })
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
    body: res.body === '' ? undefined : safeJson(res.body),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A deep copy of a JSON value, mutable. */
// biome-ignore lint/suspicious/noExplicitAny: tests turn the copy into invalid input, which its own type would forbid
export function copy<T>(value: T): any {
  return JSON.parse(JSON.stringify(value))
}
