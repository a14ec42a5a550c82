/**
 * The marking app's entry point: creates the store, and mounts the panels, the stage,
 * the input (keyboard table, pointer), file handling and the analysis on it. Nothing
 * else calls across: each part reads the state and changes it through commands.
 */

import { startAnalysis } from './analysis.js'
import { mountCapture } from './capture/screen.js'
import { FhirActions } from './fhir/fhir-actions.js'
import { browserFhirEffects } from './fhir/fhir-effects.js'
import { mountFhir, patientFhirButtons } from './fhir/panel.js'
import { Files, installFiles } from './files/file-actions.js'
import type { Locale } from './i18n/format.js'
import { setLocale, t } from './i18n/index.js'
import { initialLocale, rememberLocale } from './i18n/language.js'
import { applyStaticText } from './i18n/static-text.js'
import { installKeyboard } from './input/keyboard.js'
import { pointerCommands } from './input/pointer.js'
import { installOffline } from './offline/update.js'
import { mountAssessment } from './panels/assessment.js'
import { mountCaptureConditions } from './panels/capture-conditions.js'
import { mountComparison } from './panels/comparison.js'
import { mountLanguage } from './panels/language.js'
import { mountNotice } from './panels/notice.js'
import { mountOptions } from './panels/options.js'
import { mountPrompt } from './panels/prompt.js'
import { mountReportSettings } from './panels/report-settings.js'
import { mountResults } from './panels/results.js'
import { mountStatureScale } from './panels/stature.js'
import { mountStatus } from './panels/status.js'
import { mountSuggestions } from './panels/suggestions.js'
import { mountTargets } from './panels/targets.js'
import { mountToolbarMenu } from './panels/toolbar-menu.js'
import { mountViewTabs } from './panels/view-tabs.js'
import { Suggestions } from './pose/controller.js'
import { browserEffects } from './record/browser-effects.js'
import { RecordController } from './record/controller.js'
import { IdbStorage } from './record/idb-storage.js'
import { mountRecordDialog, mountRecordStatus } from './record/panel.js'
import { StudyActions } from './record/study-actions.js'
import { mountStudyPanel } from './record/study-panel.js'
import { startBrowserSync } from './record/sync/browser-sync.js'
import { mountSyncPanel } from './record/sync/panel.js'
import { ssoReturnOf } from './record/sync/sso-return.js'
import { byId, setText } from './render/dom.js'
import { renderStage, Stage } from './render/stage.js'
import { health } from './service/api.js'
import { notifyError, setService } from './state/commands.js'
import { errorDetails } from './state/error-details.js'
import { VIEW_NAMES } from './state/model.js'
import { type AppState, initialState } from './state/state.js'
import { createStore } from './state/store.js'

// The language: remembered choice, else the browser's (es* -> Spanish), else English.
const storage = (() => {
  try {
    return window.localStorage
  } catch {
    return null
  }
})()
const locale = initialLocale(storage, navigator.languages ?? [navigator.language])
const store = createStore<AppState>({ ...initialState(), settings: { ...initialState().settings, locale } })
const showLanguage = (code: Locale) => {
  setLocale(code)
  document.documentElement.lang = code
  applyStaticText()
}
showLanguage(locale)
// Subscribed before every panel, so they all render in the new language.
store.subscribe((state, previous) => {
  if (state.settings.locale === previous.settings.locale) return
  showLanguage(state.settings.locale)
  rememberLocale(storage, state.settings.locale)
})

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
new ResizeObserver(() => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`)).observe(
  header,
)

const files = new Files(store, stage)
const help = byId<HTMLDialogElement>('help-dialog')
byId('help-button').addEventListener('click', () => help.showModal())

mountLanguage(store)
mountToolbarMenu()
mountAssessment(store)
mountViewTabs(store)
mountPrompt(store)
mountOptions(store)
mountTargets(store, stage)
mountStatureScale(store)
mountResults(store)
mountCaptureConditions(store)
mountComparison(store, () => files.exportComparisonCsv())
mountNotice(store)
mountStatus(store)
mountSuggestions(store, new Suggestions(store))
renderStage(store, stage)
installFiles(files)
mountCapture(store, stage)
installKeyboard({
  store,
  viewport: stage,
  ui: {
    openPhotoPicker: () => byId('photo-input').click(),
    showHelp: () => help.showModal(),
    saveAssessment: () => files.saveAssessment(),
  },
})
// The printed report follows the answers once their values are painted, the rest at once (and is rebuilt before printing).
store.subscribe((state, previous) => {
  const answered = VIEW_NAMES.some(
    (v) => state.views[v].outcome !== previous.views[v].outcome && !state.views[v].outcome.pending,
  )
  if (state.settings !== previous.settings || state.comparison !== previous.comparison || state.meta !== previous.meta)
    files.buildReport()
  else if (answered) files.buildReportAfterPaint()
  // Another visit of the record on screen: its patient's name for the printed report (Ctrl+P included).
  if (state.record !== previous.record) void files.refreshPrinted()
})
startAnalysis(store)
// Installable and offline (offline/): the service worker, and a new version offered, applied once the record has written the work.
const offline = installOffline(store)
// Exporting and sending visits as HL7 FHIR R4 (fhir/): the visit on screen at once, a patient's visits once the record is open.
const fhir: FhirActions = new FhirActions(
  store,
  browserFhirEffects(() => fhir.record?.storage ?? null),
)
const openFhir = mountFhir(fhir)
// The patient record (record/): restores the autosaved workspace, then keeps saving; the app works without it.
void IdbStorage.open()
  .then(async (storage) => {
    const record = new RecordController(store, storage, (file) => files.openPhoto(file), await browserEffects())
    // Opening an assessment file as a visit replaces the screen: asked first when its work is in no record.
    files.beforeReplace = () => record.confirmReplace()
    // The PDF report names the record's patient of the visit on screen.
    files.patientName = () => record.patientNameOnScreen()
    files.patientVisits = () => record.patientVisitsOnScreen()
    // The clinic's report settings are kept in the record.
    files.reportSettings = () => storage.reportSettings()
    const reportSettings = mountReportSettings(store, {
      load: () => storage.reportSettings(),
      save: (s) => storage.saveReportSettings(s),
      saved: () => void files.refreshPrinted(),
    })
    // A backup's import that wrote the clinic's report settings: the panel and the printed report read them again.
    record.settingsImported = () => {
      void reportSettings.reload()
      void files.refreshPrinted()
    }
    mountRecordStatus(record)
    // The sync with the clinic's record server (record/sync/): local-first; nothing changes without a server set.
    // A single sign-on that came back to this page says so in the fragment: read once, then taken off the address.
    const ssoBack = ssoReturnOf(location.hash)
    if (ssoBack) history.replaceState(history.state, '', `${location.pathname}${location.search}`)
    void startBrowserSync(storage, record).then((engine) => mountSyncPanel(engine, record, ssoBack))
    offline.flush = () => record.saved()
    fhir.record = record
    mountRecordDialog(record, undefined, (patient, visits) =>
      patientFhirButtons(fhir, openFhir, patient, visits.length),
    )
    // The clinic's repeatability study: its figures judge changes (compare/evidence.ts).
    const study = new StudyActions(record)
    mountStudyPanel(record, study)
    await record.start()
    await study.refresh()
  })
  .catch((error: unknown) => store.set((s) => notifyError(s, t('record.saveFailed'), 10_000, errorDetails(error))))
void health().then((h) =>
  store.set((s) => setService(s, h ? { kind: 'up', version: h.version, status: h.status } : { kind: 'unreachable' })),
)
