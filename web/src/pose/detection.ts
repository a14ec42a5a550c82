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
  | { readonly type: 'load-error'; readonly ctx: { readonly file: string | null; readonly status: number | null; readonly message: string } }
  | { readonly type: 'timeout'; readonly ctx: { readonly phase: DetectorPhase; readonly ms: number } }

export type Detection =
  | { readonly kind: 'pose'; readonly landmarks: readonly Landmark[]; readonly width: number; readonly height: number; readonly loadMs: number; readonly runMs: number }
  | { readonly kind: 'no-person'; readonly width: number; readonly height: number; readonly loadMs: number; readonly runMs: number }
  | { readonly kind: 'failure'; readonly failure: DetectorFailure }

