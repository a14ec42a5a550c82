/**
 * What differs between the two sides of a sync conflict (docs/record.md, "Conflicts"), field
 * by field, so the clinician judges rather than guesses: a visit's date, its patient, its notes
 * (the lines only one side has), each marker moved, added or removed (with the distance in px,
 * and in cm where the view has a scale), a view's scale, a view or a photo on one side only or
 * with other bytes; a patient's identifier, name and notes. Nothing the two sides hold alike is
 * listed. Pure: data in, data out (sync/panel.ts words it).
 */
import type { AssessmentFile, SavedView } from '../../state/assessment-file.js'
import type { Pt, View } from '../../state/model.js'

export type Difference =
  | { readonly field: 'date'; readonly mine: string; readonly theirs: string }
  | { readonly field: 'patient'; readonly mine: string; readonly theirs: string }
  | { readonly field: 'identifier' | 'name'; readonly mine: string; readonly theirs: string }
  /** The lines only this device's copy has, and those only the server's has, in their order. */
  | { readonly field: 'notes'; readonly mine: readonly string[]; readonly theirs: readonly string[] }
  | { readonly field: 'view'; readonly view: View; readonly mine: boolean; readonly theirs: boolean }
  | {
      readonly field: 'marker'
      readonly view: View
      readonly marker: string
      readonly mine: Pt | null
      readonly theirs: Pt | null
      /** How far apart the two places are (null: placed on one side only). */
      readonly px: number | null
      /** The same in cm, where the view has a scale (cm per px) on this device's side, else the server's. */
      readonly cm: number | null
    }
  | { readonly field: 'scale'; readonly view: View; readonly mine: number | null; readonly theirs: number | null }
  /** A view's photo: on one side only, or other bytes (by SHA-256) on each. */
  | { readonly field: 'photo'; readonly view: View; readonly change: 'only_mine' | 'only_theirs' | 'other' }

/** One side of a visit as compared: its date, patient, file and its photos' SHA-256 by view. */
export interface VisitSide {
  readonly date: string
  /** The patient it belongs to, as the clinician knows it (identifier). */
  readonly patient: string
  readonly file: AssessmentFile | null
  readonly photos: Partial<Record<View, string>>
}

const VIEWS: readonly View[] = ['anterior', 'posterior', 'lateral']
/** Lines compared at most (notes hold at most 4,000 characters, so far fewer). */
const MAX_LINES = 2_000

/** The lines of `a` not in a longest common subsequence with `b`, and those of `b` (both in order). */
export function differingLines(a: string, b: string): { mine: string[]; theirs: string[] } {
  if (a === b) return { mine: [], theirs: [] }
  const x = a === '' ? [] : a.split('\n').slice(0, MAX_LINES)
  const y = b === '' ? [] : b.split('\n').slice(0, MAX_LINES)
  const n = x.length
  const m = y.length
  // lcs[i * (m + 1) + j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint16Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        x[i] === y[j]
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!)
  const mine: string[] = []
  const theirs: string[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      i++
      j++
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) mine.push(x[i++]!)
    else theirs.push(y[j++]!)
  }
  mine.push(...x.slice(i))
  theirs.push(...y.slice(j))
  return { mine, theirs }
}

const samePt = (a: Pt | undefined, b: Pt | undefined) => a?.[0] === b?.[0] && a?.[1] === b?.[1]

function markerDifferences(view: View, mine: SavedView, theirs: SavedView): Difference[] {
  const out: Difference[] = []
  const fc = mine.calibration.fc ?? theirs.calibration.fc ?? null
  const names = [...Object.keys(mine.markers), ...Object.keys(theirs.markers).filter((k) => !(k in mine.markers))]
  for (const marker of names) {
    const a = mine.markers[marker]
    const b = theirs.markers[marker]
    if (samePt(a, b)) continue
    const px = a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : null
    out.push({
      field: 'marker',
      view,
      marker,
      mine: a ?? null,
      theirs: b ?? null,
      px,
      cm: px !== null && fc !== null && fc > 0 ? px * fc : null,
    })
  }
  if ((mine.calibration.fc ?? null) !== (theirs.calibration.fc ?? null))
    out.push({ field: 'scale', view, mine: mine.calibration.fc ?? null, theirs: theirs.calibration.fc ?? null })
  return out
}

/** What differs between this device's copy of a visit and the server's (either may be missing: deleted). */
export function visitDifferences(mine: VisitSide | null, theirs: VisitSide | null): Difference[] {
  if (!mine || !theirs) return []
  const out: Difference[] = []
  if (mine.date !== theirs.date) out.push({ field: 'date', mine: mine.date, theirs: theirs.date })
  if (mine.patient !== theirs.patient) out.push({ field: 'patient', mine: mine.patient, theirs: theirs.patient })
  const notes = differingLines(mine.file?.notes ?? '', theirs.file?.notes ?? '')
  if (notes.mine.length + notes.theirs.length > 0) out.push({ field: 'notes', ...notes })
  for (const view of VIEWS) {
    const a = mine.file?.views[view]
    const b = theirs.file?.views[view]
    if (a && b) out.push(...markerDifferences(view, a, b))
    else if (a || b) out.push({ field: 'view', view, mine: Boolean(a), theirs: Boolean(b) })
    const pa = mine.photos[view]
    const pb = theirs.photos[view]
    if (pa !== pb) out.push({ field: 'photo', view, change: pa && pb ? 'other' : pa ? 'only_mine' : 'only_theirs' })
  }
  return out
}

/** Whether both sides hold photos and the same ones (said beside the differences: "the same photos"). */
export function samePhotos(mine: VisitSide | null, theirs: VisitSide | null): boolean {
  if (!mine || !theirs) return false
  const views = VIEWS.filter((v) => mine.photos[v] || theirs.photos[v])
  return views.length > 0 && views.every((v) => mine.photos[v] === theirs.photos[v])
}

/** A patient's side: identifier, name, notes. */
export interface PatientSide {
  readonly identifier: string
  readonly name: string
  readonly notes: string
}

/** What differs between this device's copy of a patient and the server's. */
export function patientDifferences(mine: PatientSide | null, theirs: PatientSide | null): Difference[] {
  if (!mine || !theirs) return []
  const out: Difference[] = []
  if (mine.identifier !== theirs.identifier)
    out.push({ field: 'identifier', mine: mine.identifier, theirs: theirs.identifier })
  if (mine.name !== theirs.name) out.push({ field: 'name', mine: mine.name, theirs: theirs.name })
  const notes = differingLines(mine.notes, theirs.notes)
  if (notes.mine.length + notes.theirs.length > 0) out.push({ field: 'notes', ...notes })
  return out
}
