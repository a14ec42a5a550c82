/**
 * From the pose model's 33 landmarks to the clinical markers of a view: one mapping
 * table per view (anterior, posterior, lateral), each marker either DIRECT (a model
 * landmark taken as the marker, e.g. tragus ~ ear) or DERIVED (a stated proportion
 * along lines between landmarks, e.g. xiphoid ~ 25 % of the way from mid-shoulders to
 * mid-hips), with the rationale for each. A marker the model cannot place credibly is
 * never guessed: it comes back unsuggested, with a reason code, for the clinician.
 *
 * The proportions are standing-adult averages from anthropometric tables (heights as
 * fractions of stature H, Drillis & Contini; surface landmarks over the spine);
 * docs/suggestions.md prints these tables. Pure functions, no DOM: unit-tested in Node.
 */
import {
  type AnteriorMarker,
  type LateralMarker,
  type MarkerName,
  type PosteriorMarker,
  type Side,
  VIEWS,
  type View,
} from '#core/markers.js'
import { LANDMARKS, type Landmark, type LandmarkName } from './landmarks.js'
import { findImplausible, kindOf, type PlausibilityCheck, type PlausibilityKind } from './plausibility.js'

// ---------------------------------------------------------------------------------
// Expressions: how a marker's position is computed from landmarks

/**
 * A point computed from landmarks. `at`: a landmark; `mid`: the midpoint of two points;
 * `along`: from + t·(to − from); `move`: base + k·(to − from) (the direction and scale of
 * one line applied at another point); `shift`: base moved by k·|to − from| straight
 * towards the subject's front or back in the image (lateral view only: the side facing
 * the camera says which way the subject faces).
 */
export type Expr =
  | { readonly at: LandmarkName }
  | { readonly mid: readonly [Expr, Expr] }
  | { readonly along: readonly [from: Expr, to: Expr, t: number] }
  | { readonly move: readonly [base: Expr, from: Expr, to: Expr, k: number] }
  | { readonly shift: readonly [base: Expr, towards: 'anterior' | 'posterior', from: Expr, to: Expr, k: number] }

export interface Rule {
  readonly expr: Expr
  /** Why this landmark or proportion lands on the marker. */
  readonly rationale: string
}

const at = (name: LandmarkName): Expr => ({ at: name })
const mid = (a: Expr, b: Expr): Expr => ({ mid: [a, b] })
const along = (from: Expr, to: Expr, t: number): Expr => ({ along: [from, to, t] })
const move = (base: Expr, from: Expr, to: Expr, k: number): Expr => ({ move: [base, from, to, k] })
const shift = (base: Expr, towards: 'anterior' | 'posterior', from: Expr, to: Expr, k: number): Expr => ({
  shift: [base, towards, from, to, k],
})

const EYES = mid(at('LEFT_EYE'), at('RIGHT_EYE'))
const MOUTH = mid(at('LEFT_RIGHT'), at('RIGHT_LEFT'))
const EARS = mid(at('LEFT_EAR'), at('RIGHT_EAR'))
const SHOULDERS = mid(at('LEFT_SHOULDER'), at('RIGHT_SHOULDER'))
const HIPS = mid(at('LEFT_HIP'), at('RIGHT_HIP'))
/**
 * The trunk's midline, from mid-shoulders (t = 0) to mid-hips (t = 1). The model's
 * shoulder points are the shoulder-joint centres, about 0.795 H high (4 cm under the
 * acromion's top at 0.818 H), its hip points the hip-joint centres, about 0.52 H: the
 * line spans about 0.275 H, and a height h lies at t = (0.795 − h) / 0.275.
 */
const trunk = (t: number): Expr => along(SHOULDERS, HIPS, t)

// ---------------------------------------------------------------------------------
// The tables

/** Anterior view: the subject faces the camera; the subject's right is on the image's left. */
export const ANTERIOR_MAPPING = {
  eminencia_frontal_media: {
    expr: move(EYES, MOUTH, EYES, 0.65),
    rationale:
      'Mid-forehead lies above the eyes by about 0.65 of the eye-to-mouth distance (brow ~1.5 cm above the eyes, mid-forehead ~3 cm above the brow, eyes to mouth ~7 cm), along the face axis.',
  },
  espina_nasal: {
    expr: along(EYES, MOUTH, 0.7),
    rationale:
      'The subnasale lies about 70 % of the way from the eyes to the mouth (eyes to subnasale ~5 cm, subnasale to mouth ~2 cm).',
  },
  punto_mentoniano: {
    expr: move(MOUTH, EYES, MOUTH, 0.65),
    rationale: 'The menton lies below the mouth by about 0.65 of the eye-to-mouth distance (mouth to chin ~4.5 cm).',
  },
  tragus_der: { expr: at('RIGHT_EAR'), rationale: "The model's ear point sits at the ear canal, beside the tragus." },
  tragus_izq: { expr: at('LEFT_EAR'), rationale: "The model's ear point sits at the ear canal, beside the tragus." },
  punto_acromion_der: {
    expr: move(at('RIGHT_SHOULDER'), at('RIGHT_HIP'), at('RIGHT_SHOULDER'), 0.08),
    rationale:
      "The model's shoulder point is the shoulder-joint centre; the acromion's top is about 4 cm (0.023 H) higher: 8 % of the hip-to-shoulder distance further up.",
  },
  punto_acromion_izq: {
    expr: move(at('LEFT_SHOULDER'), at('LEFT_HIP'), at('LEFT_SHOULDER'), 0.08),
    rationale:
      "The model's shoulder point is the shoulder-joint centre; the acromion's top is about 4 cm (0.023 H) higher: 8 % of the hip-to-shoulder distance further up.",
  },
  escotadura_esternal: {
    expr: trunk(-0.07),
    rationale:
      'The suprasternal notch is on the midline almost level with the acromions (about 0.815 H), above the shoulder-joint centres: 7 % of the trunk midline above mid-shoulders.',
  },
  apendice_xifoides: {
    expr: trunk(0.25),
    rationale:
      'The xiphoid is about 0.725 H high: 25 % of the way down the trunk midline from mid-shoulders to mid-hips.',
  },
  ombligo: {
    expr: trunk(0.71),
    rationale: 'The navel is about 0.60 H high (level with L3-L4): 71 % of the way down the trunk midline.',
  },
  punto_sinfisis_pubiana: {
    expr: HIPS,
    rationale:
      'The top of the pubic symphysis is on the midline about level with the hip-joint centres the model marks as hips.',
  },
  espina_iliaca_anterosuperior_der: {
    expr: along(at('RIGHT_HIP'), at('RIGHT_SHOULDER'), 0.16),
    rationale:
      'The ASIS is about 0.565 H high, 0.045 H above the hip-joint centre: 16 % of the way up to the shoulder on the same side.',
  },
  espina_iliaca_anterosuperior_izq: {
    expr: along(at('LEFT_HIP'), at('LEFT_SHOULDER'), 0.16),
    rationale:
      'The ASIS is about 0.565 H high, 0.045 H above the hip-joint centre: 16 % of the way up to the shoulder on the same side.',
  },
  centro_rotula_der: {
    expr: at('RIGHT_KNEE'),
    rationale: "The model's knee point is the knee-joint centre; the patella's centre lies over it, 1-2 cm higher.",
  },
  centro_rotula_izq: {
    expr: at('LEFT_KNEE'),
    rationale: "The model's knee point is the knee-joint centre; the patella's centre lies over it, 1-2 cm higher.",
  },
  tat_der: {
    expr: along(at('RIGHT_KNEE'), at('RIGHT_ANKLE'), 0.12),
    rationale:
      'The tibial tuberosity is about 3 cm below the knee-joint line: 12 % of the way from knee to ankle (shank about 0.25 H).',
  },
  tat_izq: {
    expr: along(at('LEFT_KNEE'), at('LEFT_ANKLE'), 0.12),
    rationale:
      'The tibial tuberosity is about 3 cm below the knee-joint line: 12 % of the way from knee to ankle (shank about 0.25 H).',
  },
} as const satisfies Record<AnteriorMarker, Rule>

/** Posterior view: the subject's back to the camera; the subject's left is on the image's left. */
export const POSTERIOR_MAPPING = {
  lobulo_izq: {
    expr: move(at('LEFT_EAR'), EARS, SHOULDERS, 0.11),
    rationale:
      'The ear lobe hangs about 2.5 cm below the ear canal: 11 % of the way from mid-ears towards mid-shoulders (0.135 H, about 24 cm), from the ear point.',
  },
  lobulo_der: {
    expr: move(at('RIGHT_EAR'), EARS, SHOULDERS, 0.11),
    rationale:
      'The ear lobe hangs about 2.5 cm below the ear canal: 11 % of the way from mid-ears towards mid-shoulders (0.135 H, about 24 cm), from the ear point.',
  },
  cervical_7: {
    expr: along(SHOULDERS, EARS, 0.33),
    rationale:
      'C7 (cervicale, about 0.84 H) is on the midline above the shoulder-joint centres (0.795 H): 33 % of the way from mid-shoulders up to mid-ears (0.93 H).',
  },
  toracica_3: {
    expr: trunk(-0.04),
    rationale:
      'T3, level with the spine of the scapula, is about 6 cm below C7 (about 0.805 H), just above the shoulder-joint centres: 4 % of the trunk midline above mid-shoulders.',
  },
  toracica_7: {
    expr: trunk(0.18),
    rationale:
      "T7, level with the scapula's lower angle, is about 17 cm below C7 (about 0.745 H): 18 % down the trunk midline.",
  },
  toracica_12: {
    expr: trunk(0.42),
    rationale: 'T12 is about 28 cm below C7 (about 0.68 H): 42 % down the trunk midline.',
  },
  lumbar_5: {
    expr: trunk(0.78),
    rationale: 'L5 is just below the iliac crests (about 0.58 H): 78 % down the trunk midline.',
  },
  espina_iliaca_posterosuperior_izq: {
    expr: move(trunk(0.85), HIPS, at('LEFT_HIP'), 0.5),
    rationale:
      "The PSIS dimples (S2, about 0.56 H, 85 % down the trunk midline) are about 4.5 cm either side of the midline: half-way out to the hip-joint centre's width.",
  },
  espina_iliaca_posterosuperior_der: {
    expr: move(trunk(0.85), HIPS, at('RIGHT_HIP'), 0.5),
    rationale:
      "The PSIS dimples (S2, about 0.56 H, 85 % down the trunk midline) are about 4.5 cm either side of the midline: half-way out to the hip-joint centre's width.",
  },
  popliteo_izq: {
    expr: at('LEFT_KNEE'),
    rationale: "The popliteal crease is at the knee-joint line, behind the model's knee point.",
  },
  popliteo_der: {
    expr: at('RIGHT_KNEE'),
    rationale: "The popliteal crease is at the knee-joint line, behind the model's knee point.",
  },
  aquiles_izq: {
    expr: at('LEFT_ANKLE'),
    rationale:
      "The marker is on the tendon's midline level with the ankle bones, where the model's ankle point is (seen from behind).",
  },
  aquiles_der: {
    expr: at('RIGHT_ANKLE'),
    rationale:
      "The marker is on the tendon's midline level with the ankle bones, where the model's ankle point is (seen from behind).",
  },
  calcaneo_izq: {
    expr: at('LEFT_HEEL'),
    rationale: "The model's heel point is the back of the heel near its lower end.",
  },
  calcaneo_der: {
    expr: at('RIGHT_HEEL'),
    rationale: "The model's heel point is the back of the heel near its lower end.",
  },
} as const satisfies Record<PosteriorMarker, Rule>

/** A landmark of the side facing the camera in a lateral view. */
type SideLandmark = 'EAR' | 'SHOULDER' | 'ELBOW' | 'WRIST' | 'INDEX' | 'PINKY' | 'HIP' | 'KNEE' | 'ANKLE'

/** Lateral view: written for the camera-facing side; `lateralMapping(side)` picks LEFT_ or RIGHT_ landmarks. */
function lateralRules(near: (l: SideLandmark) => Expr) {
  return {
    tragus: { expr: near('EAR'), rationale: "The model's ear point sits at the ear canal, just behind the tragus." },
    apex_cervical: {
      expr: shift(along(near('SHOULDER'), near('EAR'), 0.33), 'posterior', near('SHOULDER'), near('EAR'), 0.3),
      rationale:
        "The back of the neck at C7 (0.84 H) is a third of the way up from the shoulder joint to the ear and about 6 cm behind the shoulder's vertical: 0.3 of the shoulder-to-ear distance towards the back. The least certain marker: the neck's outline is not a landmark.",
    },
    punto_acromion: {
      expr: move(near('SHOULDER'), near('HIP'), near('SHOULDER'), 0.08),
      rationale:
        "The model's shoulder point is the shoulder-joint centre; the acromion is about 4 cm higher: 8 % of the hip-to-shoulder distance further up.",
    },
    punto_epicondilo: {
      expr: near('ELBOW'),
      rationale: "The model's elbow point is the elbow joint, where the lateral epicondyle is seen from the side.",
    },
    base_3er_metacarpiano: {
      expr: along(near('WRIST'), mid(near('INDEX'), near('PINKY')), 0.2),
      rationale:
        "The 3rd metacarpal's base is 1-1.5 cm beyond the wrist: 20 % of the way from the wrist to the midpoint of the index and little-finger knuckles.",
    },
    apex_lumbar: {
      expr: shift(along(near('SHOULDER'), near('HIP'), 0.67), 'posterior', near('SHOULDER'), near('HIP'), 0.18),
      rationale:
        "The deepest point of the lumbar curve (about L3, 0.61 H) is 67 % of the way down from shoulder to hip, and the skin of the back lies about 9 cm behind that line: 0.18 of the trunk's length towards the back. Uncertain: the back's outline is not a landmark.",
    },
    trocanter_mayor: {
      expr: near('HIP'),
      rationale: "The model's hip point is the hip joint, under the greater trochanter seen from the side.",
    },
    tuberculo_condilo_externo: {
      expr: near('KNEE'),
      rationale: "The model's knee point is the knee-joint centre, at the lateral condyle seen from the side.",
    },
    borde_anterior_maleolo: {
      expr: shift(near('ANKLE'), 'anterior', near('KNEE'), near('ANKLE'), 0.03),
      rationale:
        "The model's ankle point is the lateral malleolus; its front edge is about 1.2 cm further forward: 0.03 of the shank's length towards the front.",
    },
  } as const satisfies Record<LateralMarker, Rule>
}

export function lateralMapping(side: Side): Record<LateralMarker, Rule> {
  const prefix = side === 'left' ? 'LEFT_' : 'RIGHT_'
  return lateralRules((l) => at(`${prefix}${l}` as LandmarkName))
}

export function mappingOf(view: View, side: Side): Readonly<Record<string, Rule>> {
  if (view === 'anterior') return ANTERIOR_MAPPING
  if (view === 'posterior') return POSTERIOR_MAPPING
  return lateralMapping(side)
}

// ---------------------------------------------------------------------------------
// Applying a table

/**
 * Below this visibility score a landmark is not used: MediaPipe's own drawing
 * utilities hide landmarks under 0.5, and the model scores points it guesses (hidden
 * or outside the photo) well below it.
 */
export const VISIBILITY_THRESHOLD = 0.5

/** Why a marker is left for the clinician. */
export type NotSuggestedReason =
  /** A direct marker's landmark has a visibility score below VISIBILITY_THRESHOLD. */
  | 'low-visibility'
  /** A derived marker: one or more of its landmarks are below VISIBILITY_THRESHOLD. */
  | 'inputs-not-visible'
  /** The landmark, or the computed point, lies outside the photo. */
  | 'out-of-frame'
  /** The model found no person on the photo. */
  | 'no-pose'
  /** A landmark it uses lies at the photo's border, where the body may be cut off (plausibility.ts). */
  | 'at-edge'
  /** A landmark it uses makes body proportions no standing person has (plausibility.ts). */
  | 'implausible-proportions'
  /** A face landmark it uses contradicts the other face points (plausibility.ts). */
  | 'implausible-face'

export type Basis = 'direct' | 'derived'

export type MarkerSuggestion<V extends View = View> =
  | {
      readonly marker: MarkerName<V>
      readonly status: 'suggested'
      readonly x: number
      readonly y: number
      /** The lowest visibility score of the landmarks used. */
      readonly confidence: number
      readonly basis: Basis
    }
  | {
      readonly marker: MarkerName<V>
      readonly status: 'not-suggested'
      readonly reason: Exclude<NotSuggestedReason, PlausibilityKind>
      readonly basis: Basis
      /** The landmarks at fault (for 'no-pose': none). */
      readonly ctx: { readonly landmarks: readonly LandmarkName[] }
    }
  | {
      readonly marker: MarkerName<V>
      readonly status: 'not-suggested'
      readonly reason: PlausibilityKind
      readonly basis: Basis
      /** The suspect landmarks the marker uses, and the check that found them. */
      readonly ctx: { readonly landmarks: readonly LandmarkName[]; readonly check: PlausibilityCheck }
    }

/** Every landmark an expression reads. */
export function inputsOf(expr: Expr, out: Set<LandmarkName> = new Set()): Set<LandmarkName> {
  if ('at' in expr) out.add(expr.at)
  else if ('mid' in expr) for (const e of expr.mid) inputsOf(e, out)
  else if ('along' in expr) for (const e of [expr.along[0], expr.along[1]]) inputsOf(e, out)
  else if ('move' in expr) for (const e of [expr.move[0], expr.move[1], expr.move[2]]) inputsOf(e, out)
  else for (const e of [expr.shift[0], expr.shift[2], expr.shift[3]]) inputsOf(e, out)
  return out
}

export function basisOf(rule: Rule): Basis {
  return 'at' in rule.expr ? 'direct' : 'derived'
}

type Point = { x: number; y: number }

/** The image-x sign of the subject's front in a lateral view: a left side to the camera faces the image's left. */
export function anteriorSign(side: Side): -1 | 1 {
  return side === 'left' ? -1 : 1
}

/** The point an expression gives on these landmarks (pixels). */
export function evaluate(expr: Expr, landmarks: readonly Landmark[], side: Side): Point {
  if ('at' in expr) {
    const l = landmarks[LANDMARKS[expr.at]]
    if (!l) throw new RangeError(`landmark ${expr.at} missing: the model returns 33`)
    return { x: l.x, y: l.y }
  }
  if ('mid' in expr) {
    const a = evaluate(expr.mid[0], landmarks, side)
    const b = evaluate(expr.mid[1], landmarks, side)
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
  }
  if ('along' in expr) {
    const [fromE, toE, t] = expr.along
    const a = evaluate(fromE, landmarks, side)
    const b = evaluate(toE, landmarks, side)
    return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }
  }
  if ('move' in expr) {
    const [baseE, fromE, toE, k] = expr.move
    const base = evaluate(baseE, landmarks, side)
    const a = evaluate(fromE, landmarks, side)
    const b = evaluate(toE, landmarks, side)
    return { x: base.x + k * (b.x - a.x), y: base.y + k * (b.y - a.y) }
  }
  const [baseE, towards, fromE, toE, k] = expr.shift
  const base = evaluate(baseE, landmarks, side)
  const a = evaluate(fromE, landmarks, side)
  const b = evaluate(toE, landmarks, side)
  const sign = anteriorSign(side) * (towards === 'anterior' ? 1 : -1)
  return { x: base.x + sign * k * Math.hypot(b.x - a.x, b.y - a.y), y: base.y }
}

function inFrame(p: Point, width: number, height: number): boolean {
  return p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height
}

export interface Photo {
  readonly width: number
  readonly height: number
}

/**
 * A suggestion for every marker of the view, in the view's placement order. `landmarks`
 * are the model's 33 points in the photo's pixels, or null when it found no person.
 * `side` matters for the lateral view only.
 */
export function suggestMarkers<V extends View>(
  view: V,
  side: Side,
  landmarks: readonly Landmark[] | null,
  photo: Photo,
  threshold: number = VISIBILITY_THRESHOLD,
): MarkerSuggestion<V>[] {
  const table = mappingOf(view, side)
  const chin =
    view === 'anterior' && landmarks ? evaluate(ANTERIOR_MAPPING.punto_mentoniano.expr, landmarks, side) : null
  const findings = landmarks ? findImplausible({ view, landmarks, photo, threshold, chin }) : []
  return VIEWS[view].map(({ name }) => {
    const marker = name as MarkerName<V>
    const rule = table[marker]
    if (!rule) throw new Error(`no mapping rule for ${marker}`)
    const basis = basisOf(rule)
    if (!landmarks) return { marker, status: 'not-suggested', reason: 'no-pose', basis, ctx: { landmarks: [] } }
    const inputs = [...inputsOf(rule.expr)]
    const points = inputs.map((n) => [n, landmarks[LANDMARKS[n]]] as const)
    const outside = points.filter(([, l]) => !l || !inFrame(l, photo.width, photo.height)).map(([n]) => n)
    if (outside.length > 0)
      return { marker, status: 'not-suggested', reason: 'out-of-frame', basis, ctx: { landmarks: outside } }
    const hidden = points.filter(([, l]) => !(l!.visibility >= threshold)).map(([n]) => n)
    if (hidden.length > 0) {
      return {
        marker,
        status: 'not-suggested',
        reason: basis === 'direct' ? 'low-visibility' : 'inputs-not-visible',
        basis,
        ctx: { landmarks: hidden },
      }
    }
    const p = evaluate(rule.expr, landmarks, side)
    if (!inFrame(p, photo.width, photo.height))
      return { marker, status: 'not-suggested', reason: 'out-of-frame', basis, ctx: { landmarks: [] } }
    for (const { check, landmarks: suspects } of findings) {
      const used = suspects.filter((n) => inputs.includes(n))
      if (used.length > 0)
        return { marker, status: 'not-suggested', reason: kindOf(check), basis, ctx: { landmarks: used, check } }
    }
    const confidence = Math.min(...points.map(([, l]) => l!.visibility))
    return { marker, status: 'suggested', x: p.x, y: p.y, confidence, basis }
  })
}

/** The formula of an expression in words, for the docs and the app's tooltips. */
export function describe(expr: Expr): string {
  const pct = (t: number) => `${Math.round(t * 100)} %`
  const name = (e: Expr): string => {
    if ('at' in e) return e.at
    if (e === EYES) return 'mid-eyes'
    if (e === MOUTH) return 'mid-mouth'
    if (e === EARS) return 'mid-ears'
    if (e === SHOULDERS) return 'mid-shoulders'
    if (e === HIPS) return 'mid-hips'
    return `(${describe(e)})`
  }
  if ('at' in expr) return expr.at
  if ('mid' in expr) return `midpoint of ${name(expr.mid[0])} and ${name(expr.mid[1])}`
  if ('along' in expr) return `${pct(expr.along[2])} of the way from ${name(expr.along[0])} to ${name(expr.along[1])}`
  if ('move' in expr) {
    const [base, from, to, k] = expr.move
    return `${name(base)} + ${k} × (${name(to)} − ${name(from)})`
  }
  const [base, towards, from, to, k] = expr.shift
  return `${name(base)}, moved ${towards === 'anterior' ? 'forward' : 'backward'} by ${k} × the distance from ${name(from)} to ${name(to)}`
}
