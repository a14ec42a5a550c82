/**
 * The capture screen's data worded in the chosen language: a camera problem, a level
 * reading, a framing check, the question before keeping a shot taken beyond the level
 * limit. Pure (no DOM): unit-tested in Node with both catalogues.
 */
import { type MessageKey, t } from '../i18n/index.js'
import type { DetectorFailure } from '../pose/detection.js'
import { failureText } from '../pose/suggestion-commands.js'
import { degrees, tiltText } from '../state/capture-conditions.js'
import type { CaptureConditions } from '../state/model.js'
import type { CameraProblem } from './camera-choice.js'
import { type BodyEnd, DISTANCE_RANGE, type FramingCheck } from './framing.js'
import { LEVEL_TOLERANCE_DEG, type LevelReading, type Tilt } from './level.js'

const PROBLEM_KEYS: Record<CameraProblem['type'], MessageKey> = {
  'insecure-context': 'capture.problem.insecure',
  'no-camera-api': 'capture.problem.noApi',
  'permission-refused': 'capture.problem.permission',
  'no-camera': 'capture.problem.noCamera',
  'camera-busy': 'capture.problem.busy',
  'camera-failed': 'capture.problem.failed',
}

/**
 * The engine's own words for a camera that failed for a reason the app cannot name (the
 * DOMException's name and message), for the status's "Technical details"; never inside
 * problemText's sentence. Undefined for the problems the app words itself.
 */
export function problemDetails(problem: CameraProblem): string | undefined {
  if (problem.type !== 'camera-failed') return undefined
  return problem.ctx.message ? `${problem.ctx.name}: ${problem.ctx.message}` : problem.ctx.name
}

/**
 * The framing check's line when the pose model cannot run (the same reasons, in the same
 * words, as the marker suggestions' notice): a sentence in the clinician's language, never
 * the failure's code or the engine's text.
 */
export function framingUnavailableText(failure: DetectorFailure): string {
  return t('capture.framing.unavailable', { reason: failureText(failure) })
}

export function problemText(problem: CameraProblem): string {
  return t(PROBLEM_KEYS[problem.type], {
    origin: problem.type === 'insecure-context' ? problem.ctx.origin : '',
    name: 'name' in problem.ctx ? problem.ctx.name : '',
  })
}

export function levelText(reading: LevelReading): string {
  if (reading.kind === 'no-sensor') return t('capture.level.noSensor')
  if (reading.kind === 'waiting') return t('capture.level.waiting')
  const params = {
    roll: degrees(reading.tilt.roll),
    pitch: degrees(reading.tilt.pitch),
    tolerance: degrees(LEVEL_TOLERANCE_DEG),
  }
  if (reading.level) return t('capture.level.ok', params)
  return [t('capture.level.tilted', params), ...levelHints(reading.tilt)].join(' ')
}

/**
 * Which way to move the device to level it, for each angle beyond the tolerance. The roll
 * is the world's up measured clockwise from the device's top edge (level.ts): up clockwise
 * of the top means the device is turned anticlockwise, so it goes back clockwise. A
 * positive pitch looks above the horizontal: aim lower.
 */
export function levelHints(tilt: Tilt): string[] {
  const hints: string[] = []
  if (Math.abs(tilt.roll) > LEVEL_TOLERANCE_DEG)
    hints.push(t(tilt.roll > 0 ? 'capture.level.turn.clockwise' : 'capture.level.turn.counterclockwise'))
  if (Math.abs(tilt.pitch) > LEVEL_TOLERANCE_DEG)
    hints.push(t(tilt.pitch > 0 ? 'capture.level.aim.down' : 'capture.level.aim.up'))
  return hints
}

const PART_KEYS: Record<BodyEnd, MessageKey> = {
  head: 'capture.part.head',
  'left-foot': 'capture.part.leftFoot',
  'right-foot': 'capture.part.rightFoot',
  feet: 'capture.part.feet',
}

/** One framing check as a plain sentence. */
export function checkText(check: FramingCheck): string {
  switch (check.type) {
    case 'person':
      return t(check.ok ? 'capture.check.person.ok' : 'capture.check.person.no')
    case 'whole-body':
      return check.ok
        ? t('capture.check.wholeBody.ok')
        : t('capture.check.wholeBody.no', {
            parts: check.ctx.missing.map((p) => t(PART_KEYS[p])).join(t('capture.part.and')),
          })
    case 'facing': {
      const expected = t(`suggest.facing.${check.ctx.expected}`)
      if (check.ok) return t('capture.check.facing.ok', { expected })
      if (check.ctx.seen === null) return t('capture.check.facing.unknown', { expected })
      return t('capture.check.facing.no', { seen: t(`suggest.facing.${check.ctx.seen}`), expected })
    }
    case 'distance': {
      const params = {
        percent: Math.round(check.ctx.share * 100),
        min: Math.round(DISTANCE_RANGE.min * 100),
        max: Math.round(DISTANCE_RANGE.max * 100),
      }
      if (check.ctx.verdict === 'closer') return t('capture.check.distance.closer', params)
      if (check.ctx.verdict === 'farther') return t('capture.check.distance.farther', params)
      return t('capture.check.distance.ok', params)
    }
    case 'centred':
      return t(check.ok ? 'capture.check.centred.ok' : 'capture.check.centred.no')
  }
}

/** The question at the shutter when the level was beyond the limit. */
export function keepTiltedQuestion(c: CaptureConditions): string {
  return t('capture.keep.question', { tilt: tiltText(c) })
}
