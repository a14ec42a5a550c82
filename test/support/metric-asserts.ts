/** Helpers shared by the metric tests. */
import assert from 'node:assert/strict'
import type { Point } from '#core/geometry/angles.js'
import { type Evaluation, evaluate, type Metric } from '#core/metrics/index.js'

/** The values of a successful evaluation; fails the test otherwise. */
export function ok(result: Evaluation): Record<string, number> {
  assert.equal(result.ok, true, `evaluation failed: ${JSON.stringify(result)}`)
  return (result as Extract<Evaluation, { ok: true }>).values
}

/** Evaluates a metric table and returns its values, failing the test on undefined geometry. */
export function valuesOf<M extends string, C>(
  table: readonly Metric<M, C>[],
  markers: Record<M, Point>,
  context: C,
): Record<string, number> {
  return ok(evaluate(table, markers, context))
}

export function assertPositiveZero(x: number | undefined, what: string): void {
  assert.equal(Object.is(x, 0), true, `${what}: expected +0, got ${Object.is(x, -0) ? '-0' : x}`)
}

/**
 * The photo mirrored (x -> width - x). With `swap`, the subject is mirrored too, so
 * each _der marker takes the place of its _izq twin and back.
 */
export function mirror<M extends string>(m: Record<M, Point>, width: number, swap: boolean): Record<M, Point> {
  const out = {} as Record<M, Point>
  for (const [name, [x, y]] of Object.entries(m) as [M, Point][]) {
    const other = (
      swap ? (name.endsWith('_der') ? name.replace(/_der$/, '_izq') : name.replace(/_izq$/, '_der')) : name
    ) as M
    out[other] = [width - x, y]
  }
  return out
}
