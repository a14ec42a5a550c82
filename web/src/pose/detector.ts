/**
 * The pose model in the page: loads MediaPipe Pose (pose.js, its WebAssembly and the
 * model, all from the app's own origin under pose/) the first time it is needed, runs
 * it on one photo on the CPU, and returns the 33 landmarks in the photo's pixels.
 * Progress comes as events ('loading' on first use, 'running'); every failure comes
 * back as data (no WebAssembly, no WebGL, out of memory, a file that would not load,
 * a timeout), never as an exception, so manual marking always goes on.
 *
 * It runs on the main thread, after the photo is shown: pose.js's web-worker path
 * importScripts() the .tflite model as if it were a script, which fails.
 */
import type { Pose, Results } from '@mediapipe/pose'
import {
  type Attempt,
  type Detection,
  type DetectorFailure,
  type DetectorPhase,
  RETRIES,
  type Retry,
} from './detection.js'
import { LANDMARK_COUNT } from './landmarks.js'
import { POSE_DIR, POSE_FILES, POSE_MODEL } from './model-files.js'

export type { Attempt, Detection, DetectorFailure, DetectorPhase, Retry }

/** A photo to run on: an <img> that has loaded, a canvas or an ImageBitmap. */
export type PhotoSource = HTMLImageElement | HTMLCanvasElement | ImageBitmap

/** Longest side the photo is scaled down to before the model sees it (it crops the person to 256 px anyway). */
export const MAX_INPUT_SIDE = 1280
/** Loading the files and compiling the model: generous, for a slow connection to the service. */
export const LOAD_TIMEOUT_MS = 120_000
export const RUN_TIMEOUT_MS = 30_000

export interface PoseDetectorOptions {
  /** URL of the folder holding the pose files; default pose/ beside the page. */
  readonly baseUrl?: string
  /** What to try, in order, when the model finds no person on the photo as it is; default RETRIES. */
  readonly retries?: readonly Retry[]
}

/** The second scale: twice the size the model sees the photo at (so at most 2 x MAX_INPUT_SIDE). */
export const SECOND_SCALE = 2
/** Contrast retry: the luminance percentiles stretched to black and white. */
const LEVELS_PERCENTILES = [0.01, 0.99] as const
/** Contrast retry: the mid-tones brightened until the median luminance reaches this (never darkened). */
const TARGET_MEDIAN = 0.45
/** Square retry: the padding's grey, neither dark nor light. */
const PAD_GREY = 'rgb(128, 128, 128)'

class Failure extends Error {
  constructor(readonly failure: DetectorFailure) {
    super(failure.type)
  }
}

/** A failure of the model's code, as data: memory exhaustion is told apart from the rest. */
function classify(error: unknown): DetectorFailure {
  if (error instanceof Failure) return error.failure
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  if (
    /out of memory|OOM|Cannot enlarge memory|Array buffer allocation failed|Out of bounds memory access/i.test(message)
  ) {
    return { type: 'out-of-memory', ctx: { message } }
  }
  if (/WebAssembly|wasm/i.test(message) && /Refused|compile|instantiate/i.test(message))
    return { type: 'no-wasm', ctx: { message } }
  return { type: 'load-error', ctx: { file: null, status: null, message } }
}

function withTimeout<T>(promise: Promise<T>, ms: number, phase: DetectorPhase): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Failure({ type: 'timeout', ctx: { phase, ms } })), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The smallest valid WebAssembly module: whether this browser (and the page's CSP) allows WebAssembly at all. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])

async function checkWasm(): Promise<void> {
  if (typeof WebAssembly !== 'object')
    throw new Failure({ type: 'no-wasm', ctx: { message: 'WebAssembly is not available in this browser.' } })
  try {
    await WebAssembly.instantiate(EMPTY_WASM)
  } catch (error) {
    throw new Failure({ type: 'no-wasm', ctx: { message: String(error) } })
  }
}

function checkWebGl(): void {
  // pose.js draws the photo into a WebGL texture even on the CPU path, and would alert() without one.
  const canvas = document.createElement('canvas')
  if (!canvas.getContext('webgl2') && !canvas.getContext('webgl')) throw new Failure({ type: 'no-webgl', ctx: {} })
}

/** Every file answers before pose.js asks for it: pose.js itself takes a 404 page for the model. */
async function checkFiles(baseUrl: string): Promise<void> {
  await Promise.all(
    POSE_FILES.map(async (file) => {
      let response: Response
      try {
        response = await fetch(new URL(file, baseUrl), { method: 'HEAD' })
      } catch (error) {
        throw new Failure({ type: 'load-error', ctx: { file, status: null, message: String(error) } })
      }
      if (!response.ok)
        throw new Failure({
          type: 'load-error',
          ctx: { file, status: response.status, message: `HTTP ${response.status}` },
        })
    }),
  )
}

type PoseConstructor = new (config: { locateFile: (file: string) => string }) => Pose

async function loadPose(baseUrl: string): Promise<Pose> {
  await checkWasm()
  checkWebGl()
  await checkFiles(baseUrl)
  // pose.js is a classic script that defines window.Pose: import it for its side effect.
  await import('@mediapipe/pose')
  const PoseClass = (globalThis as unknown as { Pose?: PoseConstructor }).Pose
  if (typeof PoseClass !== 'function')
    throw new Failure({
      type: 'load-error',
      ctx: { file: 'pose.js', status: null, message: 'pose.js did not define Pose' },
    })
  const pose = new PoseClass({ locateFile: (file) => new URL(file, baseUrl).href })
  // useCpuInference: not in the typings; runs the model with XNNPACK on the CPU (GPU-less browsers emulate WebGL slowly).
  pose.setOptions({
    modelComplexity: POSE_MODEL.complexity,
    smoothLandmarks: false,
    enableSegmentation: false,
    useCpuInference: true,
  } as Parameters<Pose['setOptions']>[0])
  await pose.initialize()
  return pose
}

/** Draws the photo no larger than MAX_INPUT_SIDE. */
function inputOf(photo: PhotoSource, width: number, height: number): HTMLCanvasElement | PhotoSource {
  const scale = Math.min(1, MAX_INPUT_SIDE / Math.max(width, height))
  if (scale === 1 && !(photo instanceof ImageBitmap)) return photo
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const context = canvas.getContext('2d')
  if (!context) throw new Failure({ type: 'out-of-memory', ctx: { message: 'no 2D canvas for the photo' } })
  context.drawImage(photo, 0, 0, canvas.width, canvas.height)
  return canvas
}

/** An input prepared for the model, and where its normalised coordinates fall on the photo. */
interface Prepared {
  readonly input: PhotoSource
  readonly toPhoto: (x: number, y: number) => { x: number; y: number }
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width))
  canvas.height = Math.max(1, Math.round(height))
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Failure({ type: 'out-of-memory', ctx: { message: 'no 2D canvas for the photo' } })
  return { canvas, context }
}

/** Levels stretched between the 1st and 99th luminance percentiles, then mid-tones lifted to a median of TARGET_MEDIAN. */
function contrastNormalised(input: PhotoSource, width: number, height: number): HTMLCanvasElement {
  const { canvas, context } = canvasOf(width, height)
  context.drawImage(input, 0, 0, canvas.width, canvas.height)
  const image = context.getImageData(0, 0, canvas.width, canvas.height)
  const px = image.data
  const histogram = new Uint32Array(256)
  for (let i = 0; i < px.length; i += 4)
    histogram[Math.round(0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!)]!++
  const total = px.length / 4
  const percentile = (p: number) => {
    let seen = 0
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!
      if (seen >= p * total) return v
    }
    return 255
  }
  const low = percentile(LEVELS_PERCENTILES[0])
  const high = Math.max(low + 1, percentile(LEVELS_PERCENTILES[1]))
  const median = Math.min(0.99, Math.max(0.01, (percentile(0.5) - low) / (high - low)))
  const gamma = median < TARGET_MEDIAN ? Math.log(TARGET_MEDIAN) / Math.log(median) : 1
  const table = new Uint8ClampedArray(256)
  for (let v = 0; v < 256; v++) table[v] = 255 * Math.min(1, Math.max(0, (v - low) / (high - low))) ** gamma
  for (let i = 0; i < px.length; i += 4) {
    px[i] = table[px[i]!]!
    px[i + 1] = table[px[i + 1]!]!
    px[i + 2] = table[px[i + 2]!]!
  }
  context.putImageData(image, 0, 0)
  return canvas
}

/** The photo (as the model's input) prepared by one retry; null when the retry would not change it (a square photo padded to a square). */
function prepare(retry: Retry, input: PhotoSource, width: number, height: number): Prepared | null {
  const { width: w, height: h } = sizeOf(input)
  const plain = (x: number, y: number) => ({ x: x * width, y: y * height })
  if (retry === 'contrast') return { input: contrastNormalised(input, w, h), toPhoto: plain }
  if (retry === 'scale') {
    const { canvas, context } = canvasOf(w * SECOND_SCALE, h * SECOND_SCALE)
    context.drawImage(input, 0, 0, canvas.width, canvas.height)
    return { input: canvas, toPhoto: plain }
  }
  if (w === h) return null
  const side = Math.max(w, h)
  const { canvas, context } = canvasOf(side, side)
  const left = Math.round((side - w) / 2)
  const top = Math.round((side - h) / 2)
  context.fillStyle = PAD_GREY
  context.fillRect(0, 0, side, side)
  context.drawImage(input, left, top, w, h)
  return {
    input: canvas,
    toPhoto: (x, y) => ({ x: ((x * side - left) / w) * width, y: ((y * side - top) / h) * height }),
  }
}

function sizeOf(photo: PhotoSource): { width: number; height: number } {
  if (photo instanceof HTMLImageElement) return { width: photo.naturalWidth, height: photo.naturalHeight }
  return { width: photo.width, height: photo.height }
}

const sum = (attempts: readonly Attempt[]) => attempts.reduce((total, a) => total + a.ms, 0)

export class PoseDetector {
  private pose: Promise<Pose> | null = null
  private queue: Promise<unknown> = Promise.resolve()
  /** The size of the last input, so a sequence of another size starts afresh. */
  private lastSize = ''
  private readonly baseUrl: string
  private readonly retries: readonly Retry[]

  constructor(options: PoseDetectorOptions = {}) {
    this.baseUrl = options.baseUrl ?? new URL(POSE_DIR, document.baseURI).href
    this.retries = options.retries ?? RETRIES
  }

  /** Whether the model has been loaded (the next detection skips the 'loading' phase). */
  get loaded(): boolean {
    return this.pose !== null
  }

  /** Runs the model on one photo; calls are served one at a time. */
  /**
   * Runs the model on one photo; calls are served one at a time. `sequence`: the photo
   * is the next frame of the same scene (a camera preview), so the model may follow the
   * person from the previous call instead of searching the whole picture again.
   */
  detect(
    photo: PhotoSource,
    onProgress: (phase: DetectorPhase) => void = () => {},
    sequence = false,
  ): Promise<Detection> {
    const run = this.queue.then(() => this.detectNow(photo, onProgress, sequence))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async detectNow(
    photo: PhotoSource,
    onProgress: (phase: DetectorPhase) => void,
    sequence: boolean,
  ): Promise<Detection> {
    const started = performance.now()
    let loadMs = 0
    try {
      if (!this.pose) {
        onProgress('loading')
        this.pose = withTimeout(loadPose(this.baseUrl), LOAD_TIMEOUT_MS, 'loading')
        // A failed load is forgotten, so the next request tries again.
        this.pose.catch(() => {
          this.pose = null
        })
      }
      const pose = await this.pose
      loadMs = performance.now() - started
      onProgress('running')
      const { width, height } = sizeOf(photo)
      const input = inputOf(photo, width, height)
      const attempts: Attempt[] = []
      // The photo as it is first; then, while no person is found, each retry in turn.
      for (const retry of [null, ...this.retries]) {
        const attemptStarted = performance.now()
        const prepared =
          retry === null
            ? { input, toPhoto: (x: number, y: number) => ({ x: x * width, y: y * height }) }
            : prepare(retry, input, width, height)
        if (!prepared) continue
        // Only the photo as it is follows a sequence (the live preview); a retry changes the input.
        const landmarks = await withTimeout(
          this.run(pose, prepared.input, sequence && retry === null),
          RUN_TIMEOUT_MS,
          'running',
        )
        const found = landmarks !== undefined && landmarks.length >= LANDMARK_COUNT
        attempts.push({ retry, ms: performance.now() - attemptStarted, found })
        if (!found) continue
        // z is on the scale of x: as many photo pixels per unit as x has.
        const zScale = prepared.toPhoto(1, 0).x - prepared.toPhoto(0, 0).x
        const points = landmarks.map((l) => ({
          ...prepared.toPhoto(l.x, l.y),
          z: l.z * zScale,
          visibility: l.visibility ?? 0,
        }))
        return { kind: 'pose', landmarks: points, width, height, loadMs, runMs: sum(attempts), attempts }
      }
      return { kind: 'no-person', width, height, loadMs, runMs: sum(attempts), attempts }
    } catch (error) {
      return { kind: 'failure', failure: classify(error) }
    }
  }

  private async run(pose: Pose, input: PhotoSource, sequence: boolean): Promise<Results['poseLandmarks'] | undefined> {
    // The previous photo's tracking would otherwise steer this one (unless it is the same scene's next frame).
    if (!sequence || this.lastSize !== `${input.width}x${input.height}`) await pose.reset()
    this.lastSize = `${input.width}x${input.height}`
    let results: Results | undefined
    pose.onResults((r) => {
      results = r
    })
    await pose.send({ image: input as HTMLCanvasElement })
    return results?.poseLandmarks
  }
}
