/**
 * The device's orientation sensor for the level: listens to DeviceOrientation events
 * and reports each reading (level.ts turns beta and gamma into roll and pitch). A
 * browser without the event, or a device that reports null angles or nothing within
 * NO_SENSOR_MS, has no sensor: the capture screen then says so and relies on the
 * plumb line.
 */
import { type LevelReading, levelOf } from './level.js'

/** A device with a sensor reports within this time of the listener being added. */
export const NO_SENSOR_MS = 1500

type PermissionAsking = { requestPermission?: () => Promise<string> }

/**
 * Asks for the sensor where the browser wants a user gesture first (Safari on iOS);
 * call it from the click that opens the capture screen. Elsewhere it does nothing.
 */
export function askOrientationPermission(): void {
  const asking = (globalThis as { DeviceOrientationEvent?: PermissionAsking }).DeviceOrientationEvent
  if (typeof asking?.requestPermission === 'function') asking.requestPermission().catch(() => undefined)
}

/** Calls `onReading` with every reading until the returned function is called. */
export function watchLevel(onReading: (reading: LevelReading) => void): () => void {
  if (typeof (globalThis as { DeviceOrientationEvent?: unknown }).DeviceOrientationEvent === 'undefined') {
    onReading({ kind: 'no-sensor' })
    return () => {}
  }
  onReading({ kind: 'waiting' })
  let heard = false
  const listener = (event: DeviceOrientationEvent) => {
    heard = true
    onReading(levelOf(event.beta, event.gamma))
  }
  window.addEventListener('deviceorientation', listener)
  const timer = setTimeout(() => heard || onReading({ kind: 'no-sensor' }), NO_SENSOR_MS)
  return () => {
    clearTimeout(timer)
    window.removeEventListener('deviceorientation', listener)
  }
}
