/**
 * The marking app's entry point: creates the store, and mounts the panels, the stage,
 * the input (keyboard table, pointer), file handling and the analysis on it. Nothing
 * else calls across: each part reads the state and changes it through commands.
 */
import { startAnalysis } from './analysis.js'
import { health } from './api.js'
import { setService } from './commands.js'
import { byId, setText } from './dom.js'
import { Files, installFiles } from './files.js'
import { t } from './i18n/index.js'
import { applyStaticText } from './i18n/static-text.js'
import { VIEW_NAMES } from './model.js'
import { installKeyboard } from './input/keyboard.js'
import { pointerCommands } from './input/pointer.js'
import { mountNotice } from './panels/notice.js'
import { mountOptions } from './panels/options.js'
import { mountPrompt } from './panels/prompt.js'
import { mountResults } from './panels/results.js'
import { mountStatus } from './panels/status.js'
import { mountSuggestions } from './panels/suggestions.js'
import { Suggestions } from './pose/controller.js'
import { mountTargets } from './panels/targets.js'
import { mountViewTabs } from './panels/view-tabs.js'
import { Stage, renderStage } from './stage.js'
import { initialState } from './state.js'
import { createStore } from './store.js'

applyStaticText()
const store = createStore(initialState())

const stage = new Stage(byId('stage'), {
  ...pointerCommands(store),
  zoomed: (zoom) => setText(byId('zoom-level'), t('zoom.level', { percent: Math.round(zoom * 100) })),
})
for (const b of document.querySelectorAll<HTMLButtonElement>('.zoombar button')) {
  b.addEventListener('click', () => {
    const z = b.dataset.zoom
    if (z === 'in') stage.zoomBy(1.25)
    else if (z === 'out') stage.zoomBy(0.8)
    else if (z === 'fit') stage.fit()
    else stage.actualSize()
  })
}

// The sticky photo area sits below the header, whose height depends on how it wraps.
const header = document.querySelector<HTMLElement>('.topbar')!
new ResizeObserver(() => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`)).observe(header)

const files = new Files(store, stage)
const help = byId<HTMLDialogElement>('help-dialog')
byId('help-button').addEventListener('click', () => help.showModal())

mountViewTabs(store)
mountPrompt(store)
mountOptions(store)
mountTargets(store, stage)
mountResults(store)
mountNotice(store)
mountStatus(store)
mountSuggestions(store, new Suggestions(store))
renderStage(store, stage)
installFiles(files)
installKeyboard({
  store,
  viewport: stage,
  ui: { openPhotoPicker: () => byId('photo-input').click(), showHelp: () => help.showModal(), saveAssessment: () => files.saveAssessment() },
})
// The printed report follows the service's answers (and is rebuilt before printing).
store.subscribe((state, previous) => {
  const answered = VIEW_NAMES.some((v) => state.views[v].outcome !== previous.views[v].outcome && !state.views[v].outcome.pending)
  if (answered) files.buildReport()
})
startAnalysis(store)
void health().then((h) => store.set((s) => setService(s, h ? { kind: 'up', version: h.version, status: h.status } : { kind: 'unreachable' })))
