/**
 * The camera behind a small interface, for the capture screen: whether the page can
 * reach a camera at all, the cameras there are, opening one (getUserMedia with the
 * constraints of camera-choice.ts) and taking a full-resolution still from it. Every
 * failure comes back as a CameraProblem (data), never as an exception.
 */
import {
  type CameraInfo,
  type CameraProblem,
  cameraAvailability,
  cameraProblemOf,
  videoConstraints,
} from './camera-choice.js'

export interface OpenCamera {
  readonly stream: MediaStream
  /** The track's frame size as the camera delivers it (the still's size). */
  readonly width: number
  readonly height: number
  readonly deviceId: string
  stop(): void
}

export type CameraResult =
  | { readonly ok: true; readonly camera: OpenCamera }
  | { readonly ok: false; readonly problem: CameraProblem }

export interface Still {
  readonly url: string
  readonly width: number
  readonly height: number
}

export interface CameraAccess {
  /** Why no camera can be reached from this page, or null when one may be. */
  availability(): CameraProblem | null
  /** The video cameras (labels are empty until a camera has been allowed). */
  list(): Promise<CameraInfo[]>
  open(deviceId: string | null): Promise<CameraResult>
  /** The picture the video shows now, at the camera's full resolution, as a JPEG data: URL. */
  still(video: HTMLVideoElement): Still | null
}

/** JPEG quality of the still: high enough that marker edges keep their sharpness. */
export const STILL_QUALITY = 0.92

export const browserCamera: CameraAccess = {
  availability() {
    return cameraAvailability(
      window.isSecureContext,
      typeof navigator.mediaDevices?.getUserMedia === 'function',
      location.origin,
    )
  },

  async list() {
    try {
      const devices = await navigator.mediaDevices.enumerateDevices()
      return devices.filter((d) => d.kind === 'videoinput').map((d) => ({ deviceId: d.deviceId, label: d.label }))
    } catch {
      return []
    }
  },

  async open(deviceId) {
    const unavailable = this.availability()
    if (unavailable) return { ok: false, problem: unavailable }
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: videoConstraints(deviceId) as MediaTrackConstraints,
      })
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error'
      return { ok: false, problem: cameraProblemOf(name, error instanceof Error ? error.message : String(error)) }
    }
    const track = stream.getVideoTracks()[0]
    // i18n-exempt below: a diagnostic kept in the problem's ctx, never shown.
    if (!track) return { ok: false, problem: cameraProblemOf('NotFoundError', 'no video track') } // i18n-exempt
    const settings = track.getSettings()
    return {
      ok: true,
      camera: {
        stream,
        width: settings.width ?? 0,
        height: settings.height ?? 0,
        deviceId: settings.deviceId ?? '',
        stop: () => {
          for (const track of stream.getTracks()) track.stop()
        },
      },
    }
  },

  still(video) {
    const width = video.videoWidth
    const height = video.videoHeight
    if (!width || !height) return null
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return null
    context.drawImage(video, 0, 0, width, height)
    return { url: canvas.toDataURL('image/jpeg', STILL_QUALITY), width, height }
  },
}
