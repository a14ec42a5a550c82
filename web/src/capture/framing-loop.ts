/**
 * The live framing check: every so often, a small copy of the preview's current frame
 * goes to the pose model the app ships (pose/detector.ts, loaded on first use), and
 * its landmarks, in the preview's pixels, go through checkFraming (framing.ts).
 *
 * The facing is held over frames (trackFacing, pose/facing.ts): the model's landmarks on an
 * unchanging frame vary from run to run, and a verdict taken from each frame alone flipped
 * near a threshold; it now changes only when several frames in a row say so.
 *
 * The model runs on the main thread (pose.js cannot run in a worker: see detector.ts),
 * so the loop is throttled: after each run it waits at least twice that run's time, so
 * the model takes at most a third of the main thread. The video itself is drawn by the
 * browser's compositor and keeps its frame rate meanwhile.
 */
import type { Side, View } from '#core/markers.js'
import type { DetectorFailure } from '../pose/detection.js'
import { type FacingTrack, NO_FACING_TRACK, trackFacing } from '../pose/facing.js'
import type { Landmark } from '../pose/landmarks.js'
import { checkFraming, type FrameSize, type FramingCheck } from './framing.js'

/** Longest side of the frame the model sees: it crops the person to 256 px anyway. */
export const FRAMING_SIDE = 480
/** Shortest and longest pause between two checks, ms. */
export const MIN_PAUSE_MS = 300
export const MAX_PAUSE_MS = 2000

export type FramingResult =
  | {
      readonly kind: 'checks'
      readonly checks: readonly FramingCheck[]
      readonly landmarks: readonly Landmark[] | null
      readonly size: FrameSize
      readonly runMs: number
    }
  | { readonly kind: 'unavailable'; readonly failure: DetectorFailure }

export class FramingLoop {
  private running = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly canvas = document.createElement('canvas')
  /** Checks done since the loop started (the capture screen shows it, so tests and the bench can wait on it). */
  runs = 0
  /** The facing held over the frames checked so far. */
  private facing: FacingTrack = NO_FACING_TRACK

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly viewOf: () => { view: View; side: Side },
    private readonly onResult: (result: FramingResult) => void,
  ) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
  }

  stop(): void {
    this.running = false
    clearTimeout(this.timer)
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.once(), ms)
  }

  private async once(): Promise<void> {
    if (!this.running) return
    const width = this.video.videoWidth
    const height = this.video.videoHeight
    if (!width || !height || document.hidden) return this.schedule(MIN_PAUSE_MS)
    const scale = Math.min(1, FRAMING_SIDE / Math.max(width, height))
    this.canvas.width = Math.round(width * scale)
    this.canvas.height = Math.round(height * scale)
    this.canvas.getContext('2d')?.drawImage(this.video, 0, 0, this.canvas.width, this.canvas.height)
    const loaded = (await import('../pose/suggest.js').catch(() => null)) as typeof import('../pose/suggest.js') | null
    if (!this.running) return
    if (!loaded) {
      this.onResult({
        kind: 'unavailable',
        failure: {
          type: 'load-error',
          ctx: { file: 'suggest.js', status: null, message: 'the app file could not be loaded' },
        },
      })
      return
    }
    const detection = await loaded.detector().detect(this.canvas, undefined, true)
    if (!this.running) return
    this.runs++
    if (detection.kind === 'failure') {
      this.onResult({ kind: 'unavailable', failure: detection.failure })
      return
    }
    const landmarks =
      detection.kind === 'pose'
        ? detection.landmarks.map((l) => ({ x: l.x / scale, y: l.y / scale, visibility: l.visibility }))
        : null
    const { view, side } = this.viewOf()
    const size = { width, height }
    // The model's own time on this frame (not the first load): the next check waits twice that.
    const runMs = detection.runMs
    this.facing = trackFacing(this.facing, landmarks)
    const checks = checkFraming(view, side, landmarks, size, this.facing.shown)
    this.onResult({ kind: 'checks', checks, landmarks, size, runMs })
    this.schedule(Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, 2 * runMs)))
  }
}
