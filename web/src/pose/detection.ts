/**
 * What the pose detector reports, as data: its phases, its failures (type + ctx, for
 * the app to word) and a detection. Pure types, no DOM: the commands and tests use them.
 */
import type { Landmark } from './landmarks.js'

export type DetectorPhase = 'loading' | 'running'

export type DetectorFailure =
  | { readonly type: 'no-wasm'; readonly ctx: { readonly message: string } }
  | { readonly type: 'no-webgl'; readonly ctx: Record<string, never> }
  | { readonly type: 'out-of-memory'; readonly ctx: { readonly message: string } }
  | {
      readonly type: 'load-error'
      readonly ctx: { readonly file: string | null; readonly status: number | null; readonly message: string }
    }
  | { readonly type: 'timeout'; readonly ctx: { readonly phase: DetectorPhase; readonly ms: number } }

/**
 * What is tried when the model finds no person on the photo as it is, in this order:
 * `contrast`: the photo's levels stretched and its mid-tones brightened (a dark
 * background or an underexposed photo); `square`: the photo padded to a square with grey
 * (the person detector letterboxes a tall photo into a square; skipped for a square
 * photo); `scale`: the photo at twice the size.
 */
export type Retry = 'contrast' | 'square' | 'scale'
export const RETRIES: readonly Retry[] = ['contrast', 'square', 'scale']

/** One run of the model: on the photo as it is (retry null) or prepared by a retry; how long it took and whether it found a person. */
export interface Attempt {
  readonly retry: Retry | null
  readonly ms: number
  readonly found: boolean
}

export type Detection =
  | {
      readonly kind: 'pose'
      readonly landmarks: readonly Landmark[]
      readonly width: number
      readonly height: number
      readonly loadMs: number
      readonly runMs: number
      readonly attempts: readonly Attempt[]
    }
  | {
      readonly kind: 'no-person'
      readonly width: number
      readonly height: number
      readonly loadMs: number
      readonly runMs: number
      readonly attempts: readonly Attempt[]
    }
  | { readonly kind: 'failure'; readonly failure: DetectorFailure }

/**
 * The retries a comma-separated list names, in its order (unknown names ignored): the
 * bench's `?pose-retries=` knob, to measure each retry alone. null (no list) gives RETRIES.
 */
export function parseRetries(list: string | null): readonly Retry[] {
  if (list === null) return RETRIES
  return list
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is Retry => (RETRIES as readonly string[]).includes(r))
}
