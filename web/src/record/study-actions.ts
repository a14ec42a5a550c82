/**
 * The clinic's repeatability study as the app runs it: marking two visits as a repeat
 * pair, removing a pair (asked first), and keeping the study's figures in the app
 * state (`clinicFigures`, which judge changes: compare/evidence.ts) up to date whenever
 * the record changes here or in another tab, or the placement error changes. The
 * statistics are study.ts; the storage is the record's (RecordStorage). No DOM.
 */
import { t } from '../i18n/index.js'
import { notify } from '../state/commands.js'
import type { View } from '../state/model.js'
import type { RecordController } from './controller.js'
import type { RepeatDesign, RepeatPair } from './model.js'
import { figuresOf, type MetricStudy, studyOf } from './study.js'

/** Why two visits cannot be a repeat pair (worded by the app). */
export type PairRefusal = 'study.refused.same' | 'study.refused.missing' | 'study.refused.view' | 'study.refused.known'

export class StudyActions {
  private refreshing: Promise<void> = Promise.resolve()

  constructor(private readonly record: RecordController) {
    record.onChange(() => void this.refresh())
    record.store.subscribe((state, previous) => {
      if (state.settings.placementSd !== previous.settings.placementSd) void this.refresh()
    })
  }

  /** The pairs and the study at the current placement error. */
  async current(): Promise<{ pairs: RepeatPair[]; study: MetricStudy[] }> {
    const storage = this.record.storage
    const pairs = (await storage.pairs()).sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id))
    if (pairs.length === 0) return { pairs, study: [] }
    const visits = await storage.visits()
    return { pairs, study: studyOf(pairs, visits, this.record.store.get().settings.placementSd) }
  }

  /** Reads the study again and puts its figures in the app state; one read at a time, failures left silent. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing
      .then(async () => {
        const { study } = await this.current()
        const figures = figuresOf(study)
        this.record.store.set((s) => ({ ...s, clinicFigures: figures }))
      })
      // A closed database (the tab going away) leaves the figures as they were.
      .catch(() => undefined)
    return this.refreshing
  }

  /**
   * Marks two visits as repeat measurements of a view: both must be stored, differ,
   * and have markers of the view, and the record must not hold the same pair already.
   */
  async mark(view: View, first: string, second: string, design: RepeatDesign): Promise<PairRefusal | null> {
    const storage = this.record.storage
    await this.record.saved()
    if (first === second) return this.refuse('study.refused.same')
    const [a, b] = [await storage.visit(first), await storage.visit(second)]
    if (!a || !b) return this.refuse('study.refused.missing')
    if (!a.file.views[view]?.markers || !b.file.views[view]?.markers) return this.refuse('study.refused.view')
    const known = await storage.pairs()
    if (known.some((p) => p.view === view && new Set([p.first, p.second, first, second]).size === 2))
      return this.refuse('study.refused.known')
    const pair: RepeatPair = {
      id: this.record.effects.newId(),
      view,
      first,
      second,
      design,
      created: this.record.effects.now().toISOString(),
    }
    await storage.addPair(pair)
    this.record.store.set((s) => notify(s, t('study.marked')))
    this.record.recordChanged()
    await this.refresh()
    return null
  }

  /** Removes a pair after asking; false when the clinician cancels. */
  async remove(id: string): Promise<boolean> {
    const yes = await this.record.effects.ask.confirm({
      id: 'remove-pair',
      title: t('study.remove.title'),
      text: t('study.remove.text'),
      confirm: t('study.remove.action'),
      danger: true,
    })
    if (!yes) return false
    await this.record.storage.deletePair(id)
    this.record.store.set((s) => notify(s, t('study.removed')))
    this.record.recordChanged()
    await this.refresh()
    return true
  }

  private refuse(reason: PairRefusal): PairRefusal {
    this.record.store.set((s) => notify(s, t(reason)))
    return reason
  }
}
