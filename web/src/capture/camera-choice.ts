/**
 * What the capture screen decides about the camera, as pure functions (no DOM): the
 * getUserMedia constraints (the rear camera where there is one, the highest resolution
 * up to 4K), which camera to open when there are several, and what a failure to open
 * one means for the clinician (no camera, permission refused, page not secure, camera
 * busy). The browser side is camera.ts; the words are in messages.ts.
 */

/** The largest frame asked for: 4K UHD. Browsers give the closest the camera offers, never more. */
export const MAX_WIDTH = 3840
export const MAX_HEIGHT = 2160

/** A camera as the browser lists it (MediaDeviceInfo's fields the app reads). */
export interface CameraInfo {
  readonly deviceId: string
  /** Empty until the page has been allowed to use a camera. */
  readonly label: string
}

/** The part of MediaTrackConstraints the app sets (declared here: pure modules compile without the DOM types). */
export interface VideoConstraints {
  readonly deviceId?: { readonly exact: string }
  readonly facingMode?: { readonly ideal: 'environment' }
  readonly width: { readonly ideal: number }
  readonly resizeMode: { readonly ideal: 'none' }
}

/**
 * The video constraints for getUserMedia. Every value is `ideal`, never `exact`: an
 * exact facing mode or size makes a camera without it fail (a laptop webcam has no
 * rear camera). Only the long side is asked for, because asking for a landscape
 * width and height together crops a portrait camera to a square. `resizeMode: 'none'`
 * prefers the camera's own modes to a scaled-down copy.
 */
export function videoConstraints(deviceId: string | null): VideoConstraints {
  const size = { width: { ideal: MAX_WIDTH }, resizeMode: { ideal: 'none' } } as const
  if (deviceId) return { deviceId: { exact: deviceId }, ...size }
  return { facingMode: { ideal: 'environment' }, ...size }
}

/** Words in a camera's label that say it is a rear (world-facing) camera. */
const REAR = /\b(back|rear|environment|trasera|posterior)\b/i

/** The camera to open first: the one chosen before if still there, else a rear one, else the browser's choice (null). */
export function preferredCamera(cameras: readonly CameraInfo[], remembered: string | null): string | null {
  if (remembered && cameras.some((c) => c.deviceId === remembered)) return remembered
  return cameras.find((c) => REAR.test(c.label))?.deviceId ?? null
}

/** Why no camera picture can be shown. */
export type CameraProblem =
  | { readonly type: 'insecure-context'; readonly ctx: { readonly origin: string } }
  | { readonly type: 'no-camera-api'; readonly ctx: Record<string, never> }
  | { readonly type: 'permission-refused'; readonly ctx: { readonly name: string } }
  | { readonly type: 'no-camera'; readonly ctx: { readonly name: string } }
  | { readonly type: 'camera-busy'; readonly ctx: { readonly name: string } }
  | { readonly type: 'camera-failed'; readonly ctx: { readonly name: string; readonly message: string } }

/** Before asking: is there any way to reach a camera from this page? */
export function cameraAvailability(secure: boolean, hasMediaDevices: boolean, origin: string): CameraProblem | null {
  // A page that is not a secure context has no navigator.mediaDevices at all (W3C Secure Contexts).
  if (!secure) return { type: 'insecure-context', ctx: { origin } }
  if (!hasMediaDevices) return { type: 'no-camera-api', ctx: {} }
  return null
}

/** A getUserMedia failure (a DOMException's name and message) as a problem the app can word. */
export function cameraProblemOf(name: string, message: string): CameraProblem {
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return { type: 'permission-refused', ctx: { name } }
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { type: 'no-camera', ctx: { name } }
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return { type: 'camera-busy', ctx: { name } }
    default:
      return { type: 'camera-failed', ctx: { name, message } }
  }
}
