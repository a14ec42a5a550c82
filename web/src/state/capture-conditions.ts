/**
 * A photo's capture conditions (model.ts `CaptureConditions`, made at the shutter by
 * capture/conditions.ts) judged and worded: were the roll or the pitch beyond the level
 * limit the shot was taken with, and how the photo was taken and scaled, as the
 * results panel and the printed report say it. Pure: no DOM.
 */
import { formatNumber } from '../i18n/format.js'
import { currentLocale, type MessageKey, t } from '../i18n/index.js'
import { type CaptureConditions, type Doc, type ScaleMethod, scaleMethodOf } from './model.js'

/** Degrees to one decimal in the chosen language's style. */
export const degrees = (v: number): string => formatNumber(Math.round(v * 10) / 10 + 0, 1, currentLocale())

/** Which of the roll and the pitch were beyond the limit (an angle the device did not give is not). */
export interface LevelExcess {
  readonly roll: boolean
  readonly pitch: boolean
}

export function levelExcessOf(c: CaptureConditions): LevelExcess {
  const beyond = (deg: number | null) => deg !== null && Math.abs(deg) > c.levelToleranceDeg
  return { roll: beyond(c.rollDeg), pitch: beyond(c.pitchDeg) }
}

/** True when the roll or the pitch at the shutter was beyond the limit: the capture asks before keeping the shot. */
export function isTilted(c: CaptureConditions): boolean {
  const excess = levelExcessOf(c)
  return excess.roll || excess.pitch
}

/** What was beyond the level limit at the shutter, in sentences ('' when the shot was level or had no reading). */
export function tiltText(c: CaptureConditions): string {
  const excess = levelExcessOf(c)
  const tolerance = degrees(c.levelToleranceDeg)
  const sentences: string[] = []
  // Magnitudes only: which way to turn the device is the capture screen's level to say.
  if (excess.roll) sentences.push(t('capture.tilt.roll', { roll: degrees(Math.abs(c.rollDeg ?? 0)), tolerance }))
  if (excess.pitch)
    sentences.push(
      t((c.pitchDeg ?? 0) > 0 ? 'capture.tilt.pitchUp' : 'capture.tilt.pitchDown', {
        pitch: degrees(Math.abs(c.pitchDeg ?? 0)),
        tolerance,
      }),
    )
  return sentences.join(' ')
}

/** The warning beside the results and in the report of a photo taken beyond the level limit; '' when it was not. */
export function tiltWarningText(c: CaptureConditions | null): string {
  const tilt = c ? tiltText(c) : ''
  if (!c || !tilt) return ''
  return c.keptTilted ? `${tilt} ${t('conditions.keptTilted')}` : tilt
}

const SCALE_KEYS: Record<ScaleMethod, MessageKey> = {
  length: 'conditions.scale.length',
  stature: 'conditions.scale.stature',
  typed: 'conditions.scale.typed',
  none: 'conditions.scale.none',
}

/** How the scale of the document was set, e.g. "scale: a known length (100 cm)". */
export function scaleMethodText(doc: Doc): string {
  const method = scaleMethodOf(doc)
  const text = t(SCALE_KEYS[method])
  return (method === 'length' || method === 'stature') && doc.gridCm !== null
    ? t('conditions.scale.cm', { method: text, cm: doc.gridCm })
    : text
}

/**
 * How the document's photo was taken and measured, in one line: with the camera (its
 * resolution, the roll and pitch at the shutter or no level sensor) or opened from a
 * file, and the scale method. '' without a photo.
 */
export function conditionsText(doc: Doc): string {
  if (!doc.photo) return ''
  const c = doc.capture
  const parts = c
    ? [
        t('conditions.camera', { width: c.width, height: c.height }),
        c.rollDeg === null && c.pitchDeg === null
          ? t('conditions.noSensor')
          : t('conditions.level', {
              roll: c.rollDeg === null ? '\u2014' : degrees(c.rollDeg),
              pitch: c.pitchDeg === null ? '\u2014' : degrees(c.pitchDeg),
              tolerance: degrees(c.levelToleranceDeg),
            }),
      ]
    : [t('conditions.file')]
  return [...parts, scaleMethodText(doc)].join(' \u00b7 ')
}
