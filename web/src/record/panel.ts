/**
 * The record's panels: the line in the assessment card that says whether the visit
 * on screen is in the record (and, for a copy kept from a sync conflict, where it came
 * from), and the "Patients" dialog (search, add a patient, a
 * patient's visits newest first, open one or start a new one, delete with undo,
 * storage used). The dialog reads the record through the controller and acts only
 * through it; the screen changes through the store. The dialog is a lit-html template, its
 * lists keyed by patient and visit: a render brings it up to date in place.
 */

import { html, nothing, render as renderTemplate, type TemplateResult } from 'lit-html'
import { repeat } from 'lit-html/directives/repeat.js'
import { spreadsheetCsv } from '../i18n/csv-text.js'
import { formatDate, formatDateTime } from '../i18n/format.js'
import { currentLocale, metricText, t } from '../i18n/index.js'
import { mountPanel } from '../panels/panel.js'
import { byId, download, h, setText } from '../render/dom.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { AppState } from '../state/state.js'
import { storageUse } from './browser-effects.js'
import { holdsWork } from './commands.js'
import type { RecordController } from './controller.js'
import { type Ask, dialogAsk } from './dialogs.js'
import {
  newestFirst,
  type PatientRecord,
  searchPatients,
  type VisitCopy,
  type VisitRecord,
  visitFileName,
} from './model.js'
import type { TabWorkspace } from './storage.js'
import { deviceId } from './sync/browser-sync.js'
import { type TrendSeries, trendCsv, trendsOf } from './trend.js'
import { trendFigure, trendTable } from './trend-chart.js'
import { printTrendsPage, renderTrendsPrint, type TrendGroup } from './trends-print.js'
import { visitLabels, visitLabelText } from './visit-labels.js'

function dateOf(date: string): string {
  return date ? formatDate(date, currentLocale()) : t('compare.undated')
}

function megabytes(bytes: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / 1e6,
  )
}

/** Where a copy kept from a sync conflict came from: this device or the server, its name, when it was last changed there. */
export function copyText(copy: VisitCopy): string {
  const key =
    copy.from === 'server'
      ? 'sync.copy.server'
      : copy.device && copy.device !== deviceId()
        ? 'sync.copy.otherDevice'
        : 'sync.copy.device'
  return t(key, {
    name: copy.name || '—',
    time: formatDateTime(copy.at, currentLocale()),
  })
}

/** The views a visit has, in the current language. */
function viewsOf(visit: VisitRecord): string {
  return (Object.keys(visit.file.views) as View[]).map((v) => t(`view.${v}.title`)).join(', ')
}

export function mountRecordStatus(controller: RecordController): void {
  const card = byId('assessment-card')
  const line = h('p', { class: 'field-help record-status', id: 'record-status', 'aria-live': 'polite' })
  const moveInput = h('input', { type: 'text', id: 'record-move-id', autocomplete: 'off', spellcheck: 'false' })
  const moveLabel = h('label', { for: 'record-move-id' })
  const moveGo = h('button', { type: 'submit', id: 'record-move-go' })
  const move = h(
    'details',
    { class: 'record-move', id: 'record-move' },
    h('summary', {}),
    h('form', {}, moveLabel, ' ', moveInput, ' ', moveGo),
  )
  move.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault()
    void controller.moveVisit(moveInput.value).then((moved) => {
      if (!moved) return
      moveInput.value = ''
      move.open = false
    })
  })
  const reload = h('button', { type: 'button', id: 'record-elsewhere-reload' })
  reload.addEventListener('click', () => void controller.reloadVisit())
  const elsewhereText = h('span', {})
  const elsewhere = h(
    'p',
    { class: 'record-elsewhere', id: 'record-elsewhere', role: 'alert', hidden: true },
    elsewhereText,
    ' ',
    reload,
  )
  // What the last write could not keep: said in our words, the engine's text under "Technical details".
  const unkeptDetails = h(
    'details',
    { class: 'record-unkept-details', id: 'record-unkept-details' },
    h('summary', {}),
    h('pre', {}),
  )
  /** The line's text: whether the work on screen is kept, never promising what the last write could not keep. */
  const lineText = (state: AppState): string => {
    if (controller.unkept === 'all') return t('record.notKept')
    if (controller.unkept === 'photo') return t('record.photoNotKept')
    return state.record
      ? t('record.current', { patient: state.meta.patientId.trim(), date: dateOf(state.meta.date) })
      : holdsWork(state)
        ? t('record.current.unsaved')
        : ''
  }
  // A copy kept from a sync conflict says where it came from, under the line (read from the record).
  const copy = h('p', { class: 'field-help record-copy', id: 'record-copy', hidden: true })
  let asked = 0
  let shown: string | undefined
  const showCopy = () => {
    const id = controller.store.get().record?.visitId
    shown = id
    const round = ++asked
    void (id ? controller.storage.visit(id) : Promise.resolve(undefined)).then((visit) => {
      if (round !== asked) return
      copy.hidden = !visit?.copy
      copy.dataset.copy = visit?.copy?.from ?? ''
      setText(copy, visit?.copy ? copyText(visit.copy) : '')
    })
  }
  card.append(line, unkeptDetails, copy, elsewhere, move)
  const render = () => {
    const state = controller.store.get()
    line.dataset.unkept = controller.unkept ?? ''
    setText(line, lineText(state))
    unkeptDetails.hidden = controller.unkept === null || controller.unkeptDetails === ''
    setText(unkeptDetails.querySelector('summary')!, t('notice.details'))
    setText(unkeptDetails.querySelector('pre')!, controller.unkeptDetails)
    line.dataset.pending = String(controller.pending)
    line.dataset.writeMs = controller.lastWriteMs.toFixed(1)
    elsewhere.hidden = controller.elsewhere === null
    elsewhere.dataset.state = controller.elsewhere ?? ''
    setText(elsewhereText, controller.elsewhere ? t(`safety.elsewhere.${controller.elsewhere}`) : '')
    reload.hidden = controller.elsewhere !== 'changed'
  }
  controller.onChange(() => {
    render()
    showCopy()
  })
  render()
  mountPanel(controller.store, (state) => {
    line.dataset.saved = state.record ? 'true' : 'false'
    if (state.record?.visitId !== shown) showCopy()
    move.hidden = state.record === null
    setText(move.querySelector('summary')!, t('safety.move.button'))
    setText(moveLabel, t('safety.move.label'))
    setText(moveGo, t('safety.move.title'))
    setText(reload, t('safety.elsewhere.reload'))
    render()
  })
}

/** Buttons another feature adds to a patient's actions in the dialog (the FHIR export: fhir/panel.ts). */
export type PatientActions = (patient: PatientRecord, visits: readonly VisitRecord[]) => readonly HTMLElement[]

export function mountRecordDialog(
  controller: RecordController,
  ask: Ask = dialogAsk,
  patientActions: PatientActions = () => [],
): void {
  const dialog = h('dialog', { id: 'record-dialog', class: 'record-dialog', 'aria-labelledby': 'record-title' })
  document.body.append(dialog)
  const search = h('input', { type: 'search', id: 'record-search', autocomplete: 'off', 'aria-label': '' })
  const newId = h('input', { type: 'text', id: 'record-new-id', autocomplete: 'off', spellcheck: 'false' })
  const newName = h('input', { type: 'text', id: 'record-new-name', autocomplete: 'off' })
  const importInput = h('input', {
    type: 'file',
    id: 'record-import-input',
    accept: '.json,application/json',
    class: 'visually-hidden',
  })
  importInput.addEventListener('change', () => {
    const file = importInput.files?.[0]
    importInput.value = ''
    if (file) void controller.importBackup(file, ask)
  })
  let selected: string | null = null
  let rendering = 0
  /**
   * The control (by id) that takes the focus once the next render is on screen: the search
   * field when the dialog opens, "New visit" after "Add patient" (the next step of a visit).
   * A render brings the dialog's content up to date in place, so a focus inside it stays.
   */
  let focusNext: string | null = null
  /** The charts left out of the printed trends page, as "view:metric" (the clinician's choice, kept while the page is open). */
  const leftOutOfPrint = new Set<string>()

  async function render(): Promise<void> {
    if (!dialog.open) return
    const round = ++rendering
    const [patients, use, counts, selectedVisits, deleted, unfiled, lastBackup, server] = await Promise.all([
      controller.storage.patients(),
      storageUse(),
      controller.storage.visitCounts(),
      selected ? controller.storage.visits(selected) : Promise.resolve([]),
      controller.deletion(),
      controller.unfiledElsewhere(),
      controller.storage.lastBackup(),
      controller.storage.syncServer(),
    ]).catch((error: unknown) => {
      // The record could not be read: the dialog shows what it last showed (hidden while busy), so it can still be closed.
      if (round === rendering) dialog.removeAttribute('aria-busy')
      throw error
    })
    const visits = newestFirst<VisitRecord>(selectedVisits)
    if (round !== rendering) return
    const shown = searchPatients(patients, search.value)
    const patient = patients.find((p) => p.id === selected) ?? null
    search.setAttribute('aria-label', t('record.search'))
    search.placeholder = t('record.search')
    const empty =
      patients.length === 0
        ? t('record.patients.empty')
        : shown.length === 0
          ? t('record.patients.noMatch', { query: search.value })
          : ''
    const add = () => {
      void controller.addPatient(newId.value, newName.value).then((p) => {
        if (!p) return
        newId.value = ''
        newName.value = ''
        selected = p.id
        focusNext = 'record-new-visit'
        void render()
      })
    }
    const storage = [
      use.usage !== null && use.quota !== null
        ? t('record.storage', { used: megabytes(use.usage), quota: megabytes(use.quota) })
        : t('record.storage.unknown'),
      use.persisted === null ? '' : t(use.persisted ? 'record.storage.persisted' : 'record.storage.notPersisted'),
    ]
      .filter(Boolean)
      .join(' ')
    // The browser may clear the record and no clinic server holds a copy: a reminder, with the last backup's date.
    const remind = use.persisted !== true && server === null
    const reminder = remind
      ? t('record.storage.remind', {
          date: lastBackup ? formatDateTime(lastBackup, currentLocale()) : t('record.storage.never'),
        })
      : ''
    const trendsBefore = dialog.querySelector<HTMLDetailsElement>('#record-trends')
    const trendsOpen = trendsBefore?.open ?? false
    // Brought up to date in place (lit-html, lists keyed by patient and visit): a control pressed or
    // focused while the record changes (another tab, the sync, the autosave) is never replaced.
    renderTemplate(
      html`<h2 id="record-title">${t('record.title')}</h2><p class="field-help">${t('record.privacy')}</p><p
          class="field-help"
          id="record-storage"
          data-persisted=${String(use.persisted ?? 'unknown')}
        >${storage}</p><p class="record-reminder" id="record-backup-reminder" role="note" ?hidden=${!remind}>${reminder}</p><p class="record-undo" role="status" ?hidden=${!deleted}>${
          deleted ? controller.deletionText(deleted) : ''
        } <button type="button" id="record-undo" @click=${() => void controller.undoDelete()}>${t(
          'record.undo',
        )}</button></p>${unfiled.length ? unfiledSection(unfiled) : nothing}<div class="record-columns"><section
            class="record-list"
          >${search}<ul class="record-patients" id="record-patients">${repeat(
            shown,
            (p) => p.id,
            (p) => patientItem(p, counts.get(p.id) ?? 0, p.id === selected),
          )}</ul>${empty ? html`<p class="field-help">${empty}</p>` : nothing}<div class="field-grid record-add"><label
                for="record-new-id"
              >${t('assessment.patient')}</label>${newId}<label for="record-new-name">${t(
                'record.patient.name',
              )}</label>${newName}</div><p><button type="button" id="record-add" @click=${add}>${t(
                'record.patient.add',
              )}</button></p></section>${patient ? visitsSection(patient, visits) : nothing}</div>${
                // The trends below both columns, the dialog's whole width (no half of it left empty).
                patient && visits.length ? trendsOf_(patient, visits) : nothing
              }<p class="dialog-actions"><button
            type="button"
            id="record-export-all"
            @click=${() => void controller.exportBackup('record')}
          >${t('record.export.all')}</button> <label class="button" for="record-import-input" id="record-import">${t(
            'record.import',
          )}</label>${importInput} <button type="button" id="record-close" @click=${() => dialog.close()}>${t(
            'record.close',
          )}</button></p>`,
      dialog,
    )
    const trends = dialog.querySelector<HTMLDetailsElement>('#record-trends')
    if (trends && trends !== trendsBefore) {
      trends.addEventListener('toggle', () => showLatest(trends))
      trends.open = trendsOpen
      showLatest(trends)
    }
    // What the dialog shows is the record as it is now (set busy when it opened: its last contents were
    // hidden till here). Shown first: a hidden control takes no focus.
    dialog.removeAttribute('aria-busy')
    const wanted = focusNext ? dialog.querySelector<HTMLElement>(`#${focusNext}`) : null
    if (wanted) {
      focusNext = null
      wanted.focus()
    }
  }

  /**
   * The trends section, built anew only when what it shows changed (the patient, the visits and
   * their revisions, the language, the placement error): else the same element, left as it is.
   */
  let shownTrends: { key: string; figures: unknown; box: HTMLElement } | null = null
  function trendsOf_(patient: PatientRecord, visits: readonly VisitRecord[]): HTMLElement {
    const state = controller.store.get()
    const key = JSON.stringify([
      patient.id,
      patient.identifier,
      visits.map((v) => [v.id, v.rev, v.updated]),
      currentLocale(),
      state.settings.placementSd,
    ])
    const figures = state.clinicFigures
    if (shownTrends?.key === key && shownTrends.figures === figures) return shownTrends.box
    const box = trendsSection(patient, visits)
    shownTrends = { key, figures, box }
    return box
  }

  /** The buttons another feature adds to a patient's actions, made anew only for another patient or count of visits. */
  let shownActions: { key: string; buttons: readonly HTMLElement[] } | null = null
  function actionsOf(patient: PatientRecord, visits: readonly VisitRecord[]): readonly HTMLElement[] {
    const key = JSON.stringify([patient.id, patient.identifier, visits.length, currentLocale()])
    if (shownActions?.key !== key) shownActions = { key, buttons: patientActions(patient, visits) }
    return shownActions.buttons
  }

  /** Work of closed windows that is in no patient's record: open it here, or discard it. */
  function unfiledSection(unfiled: readonly TabWorkspace[]): TemplateResult {
    return html`<section class="record-unfiled-work"><h3>${t('safety.unfiled.listTitle')}</h3><ul
        class="record-unfiled"
        id="record-unfiled"
      >${repeat(
        unfiled,
        ({ tab }) => tab,
        ({ tab, workspace }) => {
          const views = Object.keys(workspace.file?.views ?? {}).map((v) => t(`view.${v as View}.title`))
          const saved = formatDateTime(workspace.saved, currentLocale())
          return html`<li data-tab=${tab}>${t('safety.unfiled.item', { saved, work: views.join(', ') })} <button
              type="button"
              class="open"
              @click=${() => void controller.openUnfiled(tab).then(() => dialog.close())}
            >${t('safety.unfiled.open')}</button> <button
              type="button"
              class="danger"
              @click=${() => void controller.discardUnfiled(tab)}
            >${t('safety.unfiled.discard')}</button></li>`
        },
      )}</ul></section>`
  }

  function patientItem(p: PatientRecord, count: number, current: boolean): TemplateResult {
    return html`<li data-patient=${p.identifier}><button
        type="button"
        class="record-patient"
        aria-pressed=${current ? 'true' : 'false'}
        @click=${() => {
          selected = p.id
          void render()
        }}
      ><strong>${p.identifier}</strong>${p.name ? ` · ${p.name}` : ''} · ${t('record.patient.visits', {
        count,
      })}</button></li>`
  }

  function visitsSection(patient: PatientRecord, visits: readonly VisitRecord[]): TemplateResult {
    const remove = async () => {
      const text = t('record.confirm.deletePatient', { patient: patient.identifier, count: visits.length })
      if (
        await ask.confirm({
          id: 'delete-patient',
          title: t('record.patient.delete'),
          text,
          confirm: t('record.delete'),
          danger: true,
        })
      ) {
        selected = null
        await controller.deletePatient(patient.id)
      }
    }
    // Dates, with the start time where two visits share a date.
    const names = visitLabels(visits, currentLocale(), t('compare.undated')).map(visitLabelText)
    const onScreen = controller.store.get().record?.visitId
    const visitItem = (v: VisitRecord, i: number) => {
      const del = async () => {
        const text = t('record.confirm.deleteVisit', { date: names[i]!, patient: patient.identifier })
        if (
          await ask.confirm({
            id: 'delete-visit',
            title: t('record.visit.delete'),
            text,
            confirm: t('record.delete'),
            danger: true,
          })
        )
          await controller.deleteVisit(v.id)
      }
      return html`<li data-visit=${v.id} data-date=${v.date}><span class="record-visit-date">${names[i]}</span> <span
          class="field-help"
        >${t('record.visit.views', { views: viewsOf(v) })}</span> ${
          v.copy
            ? html`<span class="field-help record-visit-copy" data-copy=${v.copy.from}>${copyText(v.copy)}</span> `
            : nothing
        }<button
          type="button"
          class="open"
          @click=${() => void controller.openVisit(v.id).then(() => closeToViews())}
        >${t('record.visit.open')}</button> <button
          type="button"
          class="compare"
          ?disabled=${onScreen === v.id}
          title=${t('record.visit.compare.title')}
          @click=${() => void controller.compareWith(v.id).then(() => dialog.close())}
        >${t('record.visit.compare')}</button> <button
          type="button"
          class="export"
          @click=${() => void controller.exportBackup('visit', v.id)}
        >${t('record.export.visit')}</button> <button type="button" class="delete" @click=${del}>${t(
          'record.visit.delete',
        )}</button></li>`
    }
    return html`<section class="record-patient-visits" data-patient=${patient.identifier}><h3>${t(
      'record.visits.title',
      { patient: patient.identifier },
    )}</h3><p><button
          type="button"
          class="primary"
          id="record-new-visit"
          @click=${() => void controller.startVisit(patient.id).then((started) => started && closeToViews())}
        >${t('record.visit.new')}</button> <button
          type="button"
          id="record-export-patient"
          @click=${() => void controller.exportBackup('patient', patient.id)}
        >${t('record.export.patient')}</button>${actionsOf(patient, visits).map((b) => [' ', b])} <button
          type="button"
          class="danger"
          id="record-delete-patient"
          @click=${remove}
        >${t('record.patient.delete')}</button></p>${
          visits.length
            ? html`<ol class="record-visits" id="record-visits">${repeat(visits, (v) => v.id, visitItem)}</ol>`
            : html`<p class="field-help">${t('record.visits.empty')}</p>`
        }</section>`
  }

  /** Each table of the trends scrolled to its last column: the latest visit in view. */
  function showLatest(trends: HTMLDetailsElement): void {
    if (!trends.open) return
    for (const wrap of trends.querySelectorAll<HTMLElement>('.table-wrap')) wrap.scrollLeft = wrap.scrollWidth
  }

  /** Each metric over the patient's visits, per view: charts, a table of the same numbers, their CSV, and a printed page. */
  function trendsSection(patient: PatientRecord, visits: readonly VisitRecord[]): HTMLElement {
    const locale = currentLocale()
    const sd = controller.store.get().settings.placementSd
    const box = h(
      'details',
      { class: 'record-trends', id: 'record-trends', 'data-patient': patient.identifier },
      h('summary', {}, t('record.trends')),
      h('p', { class: 'field-help' }, t('record.trends.note')),
      h('p', { class: 'field-help trend-legend' }, t('record.trends.legend')),
      h('p', { class: 'field-help' }, t('trend.evidence')),
    )
    const all: TrendSeries[] = []
    const groups: TrendGroup[] = []
    const print = h('button', { type: 'button', id: 'record-trends-print' }, t('record.trends.print'))
    /** The views' series chosen for the printed page. */
    const chosen = (): TrendGroup[] =>
      groups
        .map((g) => ({ ...g, series: g.series.filter((sr) => !leftOutOfPrint.has(`${g.view}:${sr.name}`)) }))
        .filter((g) => g.series.length > 0)
    for (const view of VIEW_NAMES) {
      const series = trendsOf(visits, view, sd, controller.store.get().clinicFigures)
      if (series.length === 0) continue
      all.push(...series)
      const labels = new Map(series.map((sr) => [sr.name, metricText(view, sr.name).label]))
      groups.push({ view, series, labels })
      const charts = h('div', { class: 'trend-charts' })
      for (const sr of series) {
        const figure = trendFigure(sr, labels.get(sr.name) ?? sr.name, locale)
        // Whether the chart goes on the printed page: every chart unless the clinician leaves it out.
        const key = `${view}:${sr.name}`
        const include = h('input', {
          type: 'checkbox',
          class: 'trend-print-include',
          checked: !leftOutOfPrint.has(key),
        })
        include.addEventListener('change', () => {
          if (include.checked) leftOutOfPrint.delete(key)
          else leftOutOfPrint.add(key)
          print.disabled = chosen().length === 0
        })
        figure.append(h('label', { class: 'trend-print-choice' }, include, ' ', t('record.trends.print.include')))
        charts.append(figure)
      }
      box.append(
        h('h4', {}, t(`view.${view}.title`)),
        charts,
        h('div', { class: 'table-wrap' }, trendTable(series, labels, locale, t('compare.column.metric'))),
      )
    }
    const csv = h('button', { type: 'button', id: 'record-trend-csv' }, t('record.trends.csv'))
    csv.addEventListener('click', () => {
      const headers = [
        'csv.column.patient',
        'csv.column.date',
        'csv.column.view',
        'csv.column.metric',
        'csv.column.value',
        'csv.column.u',
        'csv.column.unit',
        'csv.column.verdict',
        'csv.column.started',
        'csv.column.evidence',
        'csv.column.code',
      ] as const
      const text = trendCsv(
        patient.identifier,
        all,
        headers.map((k) => t(k)),
        (real) => (real === null ? '' : t(real ? 'csv.verdict.real' : 'csv.verdict.within')),
        { degrees: t('csv.unit.degrees'), cm: t('csv.unit.cm') },
        (e) => t(`csv.evidence.${e.kind}`),
        spreadsheetCsv(locale),
        // For people: the metric's name in the language; its code in the column added last.
        (sr) => metricText(sr.view, sr.name).label,
      )
      download(visitFileName(patient.identifier, '', 'trend', 'csv'), 'text/csv', text)
    })
    print.disabled = chosen().length === 0
    print.addEventListener('click', () => {
      let root = document.getElementById('trends-print')
      if (!root) {
        root = h('div', { class: 'trends-print', id: 'trends-print', 'aria-hidden': 'true' })
        document.body.append(root)
      }
      renderTrendsPrint(root, patient.identifier, chosen(), locale, new Date())
      printTrendsPage(root)
    })
    box.append(h('p', {}, csv, ' ', print))
    return box
  }

  /** Closes the dialog on a visit opened or started: the focus goes on to its view tabs (the visit's next step). */
  function closeToViews(): void {
    dialog.close()
    document.querySelector<HTMLElement>('#view-tabs [aria-selected="true"]')?.focus()
  }

  search.addEventListener('input', () => void render())
  controller.onChange(() => void render())
  controller.store.subscribe((state, previous) => {
    if (state.settings.locale !== previous.settings.locale) void render()
  })
  const button = byId<HTMLButtonElement>('record-button')
  button.addEventListener('click', () => {
    selected = controller.store.get().record?.patientId ?? selected
    focusNext = 'record-search'
    dialog.setAttribute('aria-busy', 'true')
    dialog.showModal()
    void render()
  })
  // The page shows the button disabled until the record is open and this listener is on it: a tap
  // in between did nothing at all, with nothing saying why (web/index.html).
  button.disabled = false
}
