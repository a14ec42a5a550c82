/**
 * One tab of the record's model-based test in Chromium (test/web/record-model.test.ts):
 * the app's real RecordController on the page's real IndexedDB, BroadcastChannel and
 * Web Locks (browser-effects.ts), with questions answered as the test says. Bundled
 * by the test with Vite and added to a page of the app's origin; the test drives it
 * through `window.recordTab` and reads the database itself. Never part of the app.
 */
import { VIEWS } from '#core/markers.js'
import { browserEffects } from '../../../web/src/record/browser-effects.js'
import { type RecordChannel, RecordController, type RecordMessage } from '../../../web/src/record/controller.js'
import { IdbStorage } from '../../../web/src/record/idb-storage.js'
import { proposedDecisions } from '../../../web/src/record/import-plan.js'
import { identifierKey } from '../../../web/src/record/model.js'
import { commit, identifierCommitted, photoOpened, setMeta } from '../../../web/src/state/commands.js'
import { withTarget } from '../../../web/src/state/model.js'
import { type AppState, initialState } from '../../../web/src/state/state.js'
import { createStore } from '../../../web/src/state/store.js'

type View = 'anterior' | 'posterior'
const PHOTO_SIDE = 2000

/** A message with when it was sent, so the test can wait until the other tab has acted on all it was sent. */
type Stamped = RecordMessage & { readonly at: number }

function pointOf(token: number): [number, number] {
  return [100 + (token % 1000), 100 + Math.floor(token / 1000)]
}

function tokenOf(p: readonly [number, number]): number {
  return (p[1] - 100) * 1000 + (p[0] - 100)
}

/** A small PNG the record can decode and store. */
async function photoUrl(shade: number): Promise<string> {
  const canvas = document.createElement('canvas')
  canvas.width = 64
  canvas.height = 64
  const context = canvas.getContext('2d')!
  context.fillStyle = `rgb(${shade % 256}, 120, 200)`
  context.fillRect(0, 0, 64, 64)
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
  return URL.createObjectURL(blob)
}

async function start() {
  const loadedAt = performance.timeOrigin + performance.now()
  const answers: boolean[] = []
  let sent = 0
  let lastSentAt = 0
  const handled: number[] = []
  let acting = 0
  const base = await browserEffects()
  const bc = base.channel!
  const channel: RecordChannel = {
    post(message) {
      sent++
      lastSentAt = performance.timeOrigin + performance.now()
      bc.post({ ...message, at: lastSentAt } as Stamped)
    },
    listen(listener) {
      bc.listen(async (message) => {
        acting++
        try {
          await listener(message)
        } finally {
          acting--
          handled.push((message as Stamped).at)
        }
      })
    },
  }
  const storage = await IdbStorage.open()
  const store = createStore<AppState>(initialState())
  const controller = new RecordController(store, storage, async () => undefined, {
    ...base,
    channel,
    ask: {
      confirm: async () => answers.shift() ?? false,
      importPlan: async (plan) => proposedDecisions(plan),
    },
  })
  await controller.start()
  let photos = 0
  return {
    tab: base.tab,
    loadedAt,
    /** Messages sent so far, and the time of the last. */
    sent: () => ({ count: sent, lastAt: lastSentAt }),
    /** True when every message sent by another tab after this one loaded, up to `until`, has been acted on. */
    heardUntil: (until: number) => acting === 0 && (until <= loadedAt || handled.some((at) => at >= until)),
    async edit(view: View, marker: number, token: number) {
      let state = store.get()
      if (!state.views[view].doc.photo) {
        const url = await photoUrl(++photos)
        state = photoOpened({ ...state, view }, { name: 'photo.png', width: PHOTO_SIDE, height: PHOTO_SIDE, url })
      }
      const name = VIEWS[view][marker]!.name
      const before = state.views[view].doc.markers[name]
      store.set(commit({ ...state, view }, withTarget(state.views[view].doc, name, pointOf(token))))
      return before ? tokenOf(before) : null
    },
    commitIdentifier: (identifier: string) => store.set((s) => identifierCommitted(s, identifier)),
    setDate: (date: string) => store.set((s) => setMeta(s, { date })),
    saved: () => controller.saved(),
    async startVisit(pick: number, yes: boolean) {
      const patients = (await storage.patients()).sort((a, b) => a.id.localeCompare(b.id))
      const patient = patients[pick % Math.max(1, patients.length)]
      if (!patient) return
      answers.splice(0, answers.length, yes)
      await controller.startVisit(patient.id)
    },
    async openVisit(pick: number, yes: boolean) {
      const visits = (await storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
      const visit = visits[pick % Math.max(1, visits.length)]
      if (!visit) return
      answers.splice(0, answers.length, yes)
      await controller.openVisit(visit.id)
    },
    /** The visit moved (its id), or null when nothing was asked. */
    async move(identifier: string, yes: boolean) {
      const open = store.get().record
      if (!open) return null
      answers.splice(0, answers.length, yes)
      await controller.moveVisit(identifier)
      return open.visitId
    },
    /** The tokens of the visit deleted (the clinician deletes them on purpose). */
    async deleteVisit(pick: number) {
      await controller.saved()
      const visits = (await storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
      const visit = visits[pick % Math.max(1, visits.length)]
      if (!visit) return []
      const tokens = Object.values(visit.file.views).flatMap((v) => Object.values(v?.markers ?? {}).map(tokenOf))
      await controller.deleteVisit(visit.id)
      return tokens
    },
    undo: () => controller.undoDelete(),
    /** The marker values on screen and the patient key the screen carries. */
    screen() {
      const state = store.get()
      return {
        tokens: (['anterior', 'posterior'] as const).flatMap((v) =>
          Object.values(state.views[v].doc.markers).map(tokenOf),
        ),
        key: identifierKey(state.meta.patientId),
        notice: state.notice?.text ?? '',
      }
    },
  }
}

declare global {
  interface Window {
    recordTab: ReturnType<typeof start>
  }
}

window.recordTab = start()
