/**
 * The marking app: wires the model, the stage, the side panels, the API calls,
 * sessions, CSV and the printed report together.
 */
import { VIEWS, type View } from '../../src/markers.js'
import { analyze, health, placesOf, type Analysis, type ApiProblem } from './api.js'
import { byId, download, h, setText, swatch } from './dom.js'
import { formatValue, metricsOf, unitText, type MetricInfo } from './metrics.js'
import {
  SIDES,
  VIEW_NAMES,
  fcOf,
  isPlaced,
  nextUnplaced,
  positionOf,
  requestOf,
  scaleFc,
  scaleLengthPx,
  withTarget,
  ViewSession,
  type Doc,
  type Pt,
  type Target,
} from './model.js'
import { PALETTE, type Figure, type Scene } from './overlay.js'
import { renderReport, csvOf, type ReportEntry } from './report.js'
import { SESSION_FORMAT, SESSION_VERSION, SessionError, hasContent, parseSession, savedView, type SessionFile } from './session.js'
import { Stage } from './stage.js'

const VIEW_INFO: Record<View, { title: string; pose: string }> = {
  anterior: { title: 'Anterior', pose: 'front view: the subject faces the camera' },
  posterior: { title: 'Posterior', pose: 'back view: the subject has their back to the camera' },
  lateral: { title: 'Lateral', pose: 'side view' },
}

const SIDE_TEXT: Record<string, string> = {
  right: "Right side to the camera (subject faces the image's right)",
  left: "Left side to the camera (subject faces the image's left)",
}

/** Per view, what the app derived from the document: the last analysis and its problems. */
interface Outcome {
  key: string | null
  values: Record<string, unknown> | null
  problems: readonly ApiProblem[]
  pending: boolean
  /** Results from a loaded session, shown until the service has answered. */
  fromFile: boolean
}

class App {
  view: View = 'anterior'
  readonly sessions = Object.fromEntries(VIEW_NAMES.map((v) => [v, new ViewSession(v)])) as Record<View, ViewSession>
  readonly outcomes = Object.fromEntries(
    VIEW_NAMES.map((v): [View, Outcome] => [v, { key: null, values: null, problems: [], pending: false, fromFile: false }]),
  ) as Record<View, Outcome>
  private readonly cache = new Map<string, Analysis>()
  private readonly controllers: Partial<Record<View, AbortController>> = {}
  private readonly pendingKeys: Partial<Record<View, string>> = {}
  private dragBefore: Doc | null = null
  private highlight: string | null = null
  private analyzeTimer: number | undefined
  private toastTimer: number | undefined
  readonly stage: Stage

  constructor() {
    this.stage = new Stage(byId('stage'), {
      click: (p, hit) => this.stageClick(p, hit),
      dragStart: () => {
        this.dragBefore = this.session.doc
      },
      dragMove: (id, p) => {
        const s = this.session
        s.preview(withTarget(s.doc, id, p))
        this.render()
      },
      dragEnd: () => {
        if (this.dragBefore) this.session.commitFrom(this.dragBefore)
        this.dragBefore = null
        this.changed()
      },
      zoomed: (zoom) => setText(byId('zoom-level'), `${Math.round(zoom * 100)}%`),
    })
    // The sticky photo area sits below the header, whose height depends on how it wraps.
    const header = document.querySelector<HTMLElement>('.topbar')!
    new ResizeObserver(() => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`)).observe(header)
    this.buildViewTabs()
    this.wire()
    this.render()
    void health().then((h) => setText(byId('service-status'), h ? `Service ${h.version}: ${h.status}` : 'Service not reachable'))
  }

  get session(): ViewSession {
    return this.sessions[this.view]
  }

  get outcome(): Outcome {
    return this.outcomes[this.view]
  }

  // ---------------------------------------------------------------- changes

  /** After any committed change to the current document: redraw and re-analyse. */
  changed(): void {
    this.render()
    this.scheduleAnalysis(0)
  }

  commit(doc: Doc): void {
    this.session.commit(doc)
    this.changed()
  }

  private scheduleAnalysis(delay: number): void {
    window.clearTimeout(this.analyzeTimer)
    this.analyzeTimer = window.setTimeout(() => void this.runAnalysis(this.view), delay)
  }

  private async runAnalysis(view: View): Promise<void> {
    const session = this.sessions[view]
    const outcome = this.outcomes[view]
    const request = requestOf(view, session.doc)
    if (!request.ready) {
      this.controllers[view]?.abort()
      Object.assign(outcome, { key: null, values: null, problems: [], pending: false, fromFile: false })
      this.render()
      return
    }
    if (request.key === outcome.key && !outcome.pending && !outcome.fromFile) return
    if (outcome.pending && this.pendingKeys[view] === request.key) return // already asked
    const cached = this.cache.get(request.key)
    let result: Analysis
    if (cached) {
      result = cached
    } else {
      this.controllers[view]?.abort()
      const controller = new AbortController()
      this.controllers[view] = controller
      this.pendingKeys[view] = request.key
      outcome.pending = true
      this.render()
      try {
        result = await analyze(view, request.body, controller.signal)
      } catch {
        return // aborted: a newer request is on its way
      } finally {
        if (this.controllers[view] === controller) {
          delete this.controllers[view]
          delete this.pendingKeys[view]
        }
      }
      if (result.ok || result.status === 422) {
        this.cache.set(request.key, result)
        if (this.cache.size > 100) this.cache.delete(this.cache.keys().next().value as string)
      }
    }
    // Only the answer to the document as it is now counts.
    const now = requestOf(view, session.doc)
    if (!now.ready || now.key !== request.key) return
    Object.assign(outcome, {
      key: request.key,
      values: result.ok ? result.values : null,
      problems: result.ok ? [] : result.problems,
      pending: false,
      fromFile: false,
    })
    this.render()
    this.buildReport()
  }

  // ---------------------------------------------------------------- stage

  private stageClick(p: Pt, hit: string | null): void {
    const s = this.session
    const photo = s.doc.photo
    if (!photo) return
    if (p[0] < 0 || p[1] < 0 || p[0] > photo.width || p[1] > photo.height) {
      this.toast('That click is outside the photo.')
      return
    }
    if (s.active) {
      const id = s.active
      const wasPlaced = isPlaced(s.doc, id)
      this.session.commit(withTarget(s.doc, id, p))
      // Guided: go on to the next marker still to place (re-placing keeps the selection if all are placed).
      const next = nextUnplaced(s.targets(), s.doc, id)
      s.active = next ?? (wasPlaced ? id : null)
      this.changed()
      // The scale is complete: the distance between its points is the next thing to enter.
      if (id === 'scale-b' && s.doc.gridCm === null) document.getElementById('prompt-grid-cm')?.focus({ preventScroll: true })
      return
    }
    if (hit) {
      s.active = hit
      this.render()
      return
    }
    // Nothing selected: the click places the next point still missing.
    const next = nextUnplaced(s.targets(), s.doc, null)
    if (next) {
      s.active = next
      this.stageClick(p, null)
    }
  }

  // ---------------------------------------------------------------- wiring

  private buildViewTabs(): void {
    const tabs = byId('view-tabs')
    for (const v of VIEW_NAMES) {
      const b = h('button', { type: 'button', role: 'tab', 'data-view': v, id: `tab-${v}`, title: VIEW_INFO[v].pose }, VIEW_INFO[v].title)
      b.addEventListener('click', () => this.setView(v))
      tabs.append(b)
    }
    tabs.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
      const i = VIEW_NAMES.indexOf(this.view)
      const next = VIEW_NAMES[(i + (e.key === 'ArrowRight' ? 1 : VIEW_NAMES.length - 1)) % VIEW_NAMES.length]!
      this.setView(next)
      byId(`tab-${next}`).focus()
      e.preventDefault()
      e.stopPropagation()
    })
  }

  setView(view: View): void {
    if (view === this.view) return
    this.view = view
    this.highlight = null
    this.render()
    this.scheduleAnalysis(0)
  }

  private wire(): void {
    const photoInput = byId<HTMLInputElement>('photo-input')
    photoInput.addEventListener('change', () => {
      const file = photoInput.files?.[0]
      photoInput.value = ''
      if (file) void this.openPhoto(file)
    })
    const sessionInput = byId<HTMLInputElement>('session-input')
    sessionInput.addEventListener('change', () => {
      const file = sessionInput.files?.[0]
      sessionInput.value = ''
      if (file) void this.loadSession(file)
    })
    byId('save-session').addEventListener('click', () => this.saveSession())
    byId('clear-markers').addEventListener('click', () => {
      const s = this.session
      if (Object.keys(s.doc.markers).length === 0) return
      this.commit({ ...s.doc, markers: {} })
      s.active = nextUnplaced(s.targets(), s.doc, null)
      this.render()
      this.toast('All markers of this view removed (Ctrl+Z brings them back).')
    })
    for (const id of ['export-csv', 'export-csv-2']) byId(id).addEventListener('click', () => this.exportCsv())
    for (const id of ['print-report', 'print-report-2']) byId(id).addEventListener('click', () => this.print())
    window.addEventListener('beforeprint', () => this.buildReport())
    matchMedia('print').addEventListener('change', (e) => e.matches && this.buildReport())
    const help = byId<HTMLDialogElement>('help-dialog')
    byId('help-button').addEventListener('click', () => help.showModal())

    for (const b of document.querySelectorAll<HTMLButtonElement>('.zoombar button')) {
      b.addEventListener('click', () => {
        const z = b.dataset.zoom
        if (z === 'in') this.stage.zoomBy(1.25)
        else if (z === 'out') this.stage.zoomBy(0.8)
        else if (z === 'fit') this.stage.fit()
        else this.stage.actualSize()
      })
    }

    // Drag and drop: a photo, or a session file.
    const app = byId('app')
    app.addEventListener('dragover', (e) => {
      if (!e.dataTransfer?.types.includes('Files')) return
      e.preventDefault()
      byId('stage').classList.add('drop-target')
    })
    app.addEventListener('dragleave', (e) => {
      if (e.relatedTarget === null) byId('stage').classList.remove('drop-target')
    })
    app.addEventListener('drop', (e) => {
      byId('stage').classList.remove('drop-target')
      const file = e.dataTransfer?.files[0]
      if (!file) return
      e.preventDefault()
      if (file.type === 'application/json' || file.name.toLowerCase().endsWith('.json')) void this.loadSession(file)
      else void this.openPhoto(file)
    })

    const grid = byId<HTMLInputElement>('grid-cm')
    grid.addEventListener('change', () => {
      const v = grid.value.trim() === '' ? null : Number(grid.value)
      if (v !== null && !(Number.isFinite(v) && v > 0)) {
        this.toast('The known distance must be a number of centimetres greater than 0.')
        this.render()
        return
      }
      this.commit({ ...this.session.doc, gridCm: v })
      byId('toast').classList.remove('show')
    })
    const fc = byId<HTMLInputElement>('fc-input')
    fc.addEventListener('change', () => {
      const v = fc.value.trim() === '' ? null : Number(fc.value)
      if (v !== null && !(Number.isFinite(v) && v > 0)) {
        this.toast('fc must be a number of centimetres per pixel greater than 0.')
        this.render()
        return
      }
      // Typing fc replaces the scale points.
      const doc = this.session.doc
      this.commit({ ...doc, fcTyped: v, scale: v === null ? doc.scale : [null, null], gridCm: v === null ? doc.gridCm : null })
      const s = this.session
      if (s.active === 'scale-a' || s.active === 'scale-b') s.active = nextUnplaced(s.targets(), s.doc, s.active)
      this.render()
    })

    document.addEventListener('keydown', (e) => this.key(e))
    document.addEventListener('keyup', (e) => {
      if (e.key === ' ') this.stage.spaceHeld = false
    })
  }

  // ---------------------------------------------------------------- keyboard

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    if (typing || document.querySelector('dialog[open]')) return
    const mod = e.ctrlKey || e.metaKey
    const s = this.session
    const onControl = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target instanceof HTMLLabelElement
    let handled = true
    const k = e.key
    if (mod && (k === 'z' || k === 'Z') && !e.shiftKey) this.undo()
    else if (mod && ((k === 'z' || k === 'Z') && e.shiftKey || k === 'y')) this.redo()
    else if (mod && k === 's') this.saveSession()
    else if (mod || e.altKey) handled = false
    else if (k === 'u' || k === 'U') this.undo()
    else if (k === 'n' || k === 'N' || k === ']') this.step(1)
    else if (k === 'p' || k === 'P' || k === '[') this.step(-1)
    else if (k === 'Delete' || k === 'Backspace') this.removeActive()
    else if (k === '+' || k === '=') this.stage.zoomBy(1.25)
    else if (k === '-' || k === '_') this.stage.zoomBy(0.8)
    else if (k === '0') this.stage.fit()
    else if (k === '1') this.stage.actualSize()
    else if (k === '?') byId<HTMLDialogElement>('help-dialog').showModal()
    else if (k === 'o' || k === 'O') byId('photo-input').click()
    else if (k === ' ' && !onControl) this.stage.spaceHeld = true
    else if (k === 'Enter' && !onControl) this.placeAtCentre()
    else if (k.startsWith('Arrow') && !onControl && !(target?.closest('[role=tablist]'))) {
      const step = e.shiftKey ? 10 : 1
      const dx = k === 'ArrowLeft' ? -step : k === 'ArrowRight' ? step : 0
      const dy = k === 'ArrowUp' ? -step : k === 'ArrowDown' ? step : 0
      const p = s.active ? positionOf(s.doc, s.active) : null
      if (s.active && p) {
        this.commit(withTarget(s.doc, s.active, [p[0] + dx, p[1] + dy]))
        this.stage.reveal(p)
      } else {
        this.stage.panBy(-dx * 5, -dy * 5)
      }
    } else handled = false
    if (handled) e.preventDefault()
  }

  undo(): void {
    if (this.session.undo()) this.changed()
    else this.toast('Nothing to undo.')
  }

  redo(): void {
    if (this.session.redo()) this.changed()
    else this.toast('Nothing to redo.')
  }

  /** Selects the next (+1) or previous (-1) target in guided order. */
  step(dir: 1 | -1): void {
    const s = this.session
    const targets = s.targets()
    const i = s.active === null ? (dir === 1 ? -1 : 0) : targets.findIndex((t) => t.id === s.active)
    const next = targets[(i + dir + targets.length) % targets.length]
    if (!next) return
    this.select(next.id)
  }

  select(id: string | null): void {
    const s = this.session
    s.active = id
    const p = id ? positionOf(s.doc, id) : null
    if (p) this.stage.reveal(p)
    this.render()
  }

  removeActive(): void {
    const s = this.session
    if (!s.active || !isPlaced(s.doc, s.active)) return
    this.commit(withTarget(s.doc, s.active, null))
  }

  remove(id: string): void {
    const s = this.session
    if (!isPlaced(s.doc, id)) return
    s.active = id
    this.commit(withTarget(s.doc, id, null))
  }

  /** Keyboard placement: puts the current target at the centre of the view, to be nudged with the arrows. */
  placeAtCentre(): void {
    const s = this.session
    if (!s.doc.photo || !s.active) return
    this.commit(withTarget(s.doc, s.active, this.stage.center()))
  }

  // ---------------------------------------------------------------- files

  async openPhoto(file: File): Promise<void> {
    if (file.type && !file.type.startsWith('image/')) {
      this.toast(`${file.name} is not an image. Open a photo (JPEG, PNG, WebP...).`)
      return
    }
    let url: string
    let width: number
    let height: number
    try {
      url = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as string)
        reader.onerror = () => reject(reader.error ?? new Error('read failed'))
        reader.readAsDataURL(file)
      })
      const img = new Image()
      img.src = url
      await img.decode()
      width = img.naturalWidth
      height = img.naturalHeight
      if (!width || !height) throw new Error('no size')
    } catch {
      this.toast(`This browser cannot display ${file.name}. Try a JPEG or PNG.`)
      return
    }
    const s = this.session
    const old = s.doc
    const photo = { name: file.name, width, height, url }
    if (old.photo && old.photo.url === null && old.photo.width === width && old.photo.height === height) {
      // The photo of a session loaded without it: keep its markers.
      this.commit({ ...old, photo })
      this.toast(`Photo attached to the loaded ${this.view} markers.`)
    } else if (old.photo && old.photo.url === null) {
      this.commit({ ...old, photo })
      this.toast(`Warning: this photo is ${width}×${height} px but the session was marked on a ${old.photo.width}×${old.photo.height} px photo.`, 8000)
    } else {
      const hadMarks = hasContent({ ...old, photo: null })
      this.commit({ ...old, photo, markers: {}, scale: [null, null], lrvX: null })
      if (hadMarks) this.toast('New photo: markers and calibration points cleared (Ctrl+Z brings them back).', 6000)
    }
    s.active = nextUnplaced(s.targets(), s.doc, null)
    this.stage.fit()
    this.render()
    byId('stage').focus({ preventScroll: true })
  }

  saveSession(): void {
    const views: SessionFile['views'] = {}
    for (const v of VIEW_NAMES) {
      const doc = this.sessions[v].doc
      if (!hasContent(doc)) continue
      const outcome = this.outcomes[v]
      const current = requestOf(v, doc)
      views[v] = savedView(v, doc, current.ready && current.key === outcome.key ? outcome.values : null)
    }
    if (Object.keys(views).length === 0) {
      this.toast('Nothing to save yet: open a photo and place some markers.')
      return
    }
    const file: SessionFile = { format: SESSION_FORMAT, version: SESSION_VERSION, saved_at: new Date().toISOString(), view: this.view, views }
    const base = (this.session.doc.photo?.name ?? 'posture').replace(/\.[^.]+$/, '')
    download(`${base}-session.json`, 'application/json', `${JSON.stringify(file, null, 2)}\n`)
    this.toast('Session saved (without the photo).')
  }

  async loadSession(file: File): Promise<void> {
    let parsed
    try {
      parsed = parseSession(await file.text())
    } catch (error) {
      this.toast(error instanceof SessionError ? `Cannot load ${file.name}: ${error.message}` : `Cannot load ${file.name}.`, 8000)
      return
    }
    const notes: string[] = []
    for (const v of VIEW_NAMES) {
      const loaded = parsed.views[v]
      if (!loaded) continue
      const s = this.sessions[v]
      // Keep the photo already open when it is the same size.
      const current = s.doc.photo
      const photo = loaded.doc.photo
      const keep = current?.url && photo && current.width === photo.width && current.height === photo.height
      s.commit(keep ? { ...loaded.doc, photo: current } : loaded.doc)
      s.active = nextUnplaced(s.targets(), s.doc, null)
      const request = requestOf(v, s.doc)
      Object.assign(this.outcomes[v], {
        key: request.ready ? request.key : null,
        values: request.ready ? loaded.results : null,
        problems: [],
        pending: false,
        fromFile: request.ready && loaded.results !== null,
      })
      if (loaded.unknown.length) notes.push(`ignored unknown ${v} markers: ${loaded.unknown.join(', ')}`)
      if (photo && !keep) notes.push(`open ${photo.name || 'the photo'} to see it under the ${v} markers`)
    }
    this.view = parsed.view
    this.render()
    this.stage.fit()
    this.toast(`Session loaded${notes.length ? `; ${notes.join('; ')}` : ''}.`, notes.length ? 8000 : 3000)
    // Re-analyse every loaded view, so the results shown are the service's.
    for (const v of VIEW_NAMES) if (parsed.views[v]) await this.runAnalysis(v)
  }

  private reportEntries(): ReportEntry[] {
    const entries: ReportEntry[] = []
    for (const v of VIEW_NAMES) {
      const doc = this.sessions[v].doc
      const outcome = this.outcomes[v]
      const request = requestOf(v, doc)
      if (!hasContent(doc)) continue
      const values = request.ready && request.key === outcome.key ? outcome.values : null
      entries.push({ view: v, title: VIEW_INFO[v].title, doc, metrics: metricsOf(v, doc.estimatePopliteal), values, scene: this.sceneOf(v, false) })
    }
    return entries
  }

  exportCsv(): void {
    const entries = this.reportEntries().filter((e) => e.values)
    if (entries.length === 0) {
      this.toast('No results to export yet: place every marker first.')
      return
    }
    download(`posture-metrics-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv', csvOf(entries))
    this.toast('Results exported as CSV.')
  }

  buildReport(): void {
    renderReport(byId('report'), this.reportEntries())
  }

  print(): void {
    this.buildReport()
    window.print()
  }

  toast(text: string, ms = 4000): void {
    const el = byId('toast')
    setText(el, text)
    el.classList.add('show')
    window.clearTimeout(this.toastTimer)
    this.toastTimer = window.setTimeout(() => el.classList.remove('show'), ms)
  }

  // ---------------------------------------------------------------- rendering

  /** Problems of the current analysis, by where they are shown. */
  private problemsByPlace(view: View): Map<string, string[]> {
    const map = new Map<string, string[]>()
    for (const p of this.outcomes[view].problems) {
      for (const place of placesOf(view, p)) map.set(place, [...(map.get(place) ?? []), p.msg])
    }
    return map
  }

  private sceneOf(view: View, interactive: boolean): Scene {
    const s = this.sessions[view]
    const outcome = this.outcomes[view]
    const metrics = metricsOf(view, s.doc.estimatePopliteal)
    const figures: Figure[] = []
    if (outcome.values) {
      metrics.forEach((info, i) => {
        const value = outcome.values?.[info.name]
        if (typeof value === 'number') figures.push({ info, value, color: PALETTE[i % PALETTE.length]! })
      })
    }
    const request = requestOf(view, s.doc)
    return {
      doc: s.doc,
      targets: s.targets(),
      active: interactive ? s.active : null,
      flagged: new Set(this.problemsByPlace(view).keys()),
      figures,
      highlight: interactive ? this.highlight : null,
      stale: interactive && (outcome.pending || !request.ready || request.key !== outcome.key),
    }
  }

  render(): void {
    const s = this.session
    const doc = s.doc
    const view = this.view
    document.body.dataset.view = view
    for (const b of document.querySelectorAll<HTMLButtonElement>('#view-tabs button')) {
      const on = b.dataset.view === view
      b.setAttribute('aria-selected', String(on))
      b.tabIndex = on ? 0 : -1
      b.classList.toggle('done', this.outcomes[b.dataset.view as View].values !== null)
    }
    const stageEl = byId('stage')
    stageEl.classList.toggle('has-photo', doc.photo !== null)
    stageEl.classList.toggle('placing', doc.photo !== null && s.active !== null)
    byId('dropzone').hidden = doc.photo !== null
    this.stage.show(this.sceneOf(view, true), (id) => positionOf(this.session.doc, id))

    const problems = this.problemsByPlace(view)
    this.renderPrompt(problems)
    this.renderOptions()
    this.renderCalibration(problems)
    this.renderMarkers(problems)
    this.renderResults(problems)
  }

  private renderPrompt(problems: Map<string, string[]>): void {
    const s = this.session
    const doc = s.doc
    const prompt = byId('prompt')
    const targets = s.targets()
    const parts: (Node | string)[] = []
    if (!doc.photo) {
      parts.push(
        h('p', { class: 'prompt-title' }, `${VIEW_INFO[this.view].title} view: open a photo (${VIEW_INFO[this.view].pose}).`),
        h('p', { class: 'prompt-hint' }, 'Use "Open photo" or drop a file on the area below. You can also load a saved session.'),
      )
      prompt.dataset.target = ''
    } else if (s.active) {
      const i = targets.findIndex((t) => t.id === s.active)
      const t = targets[i]!
      const p = positionOf(doc, t.id)
      const placed = p !== null
      prompt.dataset.target = t.id
      const errors = problems.get(t.id) ?? []
      parts.push(
        h(
          'div',
          { class: 'prompt-row' },
          h('p', { class: 'prompt-title' }, h('span', { class: 'step' }, `Step ${i + 1} of ${targets.length}`), ' ', h('strong', { id: 'prompt-label' }, t.label)),
          h(
            'span',
            { class: 'prompt-nav' },
            h('button', { type: 'button', 'data-act': 'prev', title: 'Previous (P)', 'aria-label': 'Previous marker' }, '\u25c0'),
            h('button', { type: 'button', 'data-act': 'next', title: 'Next (N)', 'aria-label': 'Next marker' }, '\u25b6'),
            h('button', { type: 'button', 'data-act': 'undo', title: 'Undo (Ctrl+Z)', disabled: !s.canUndo() }, 'Undo'),
          ),
        ),
        h('p', { class: 'prompt-hint' }, t.hint),
        h(
          'p',
          { class: 'prompt-action' },
          placed
            ? t.kind === 'lrv'
              ? `Placed at x = ${p[0]}. Click elsewhere on the photo to move it, or drag the line.`
              : `Placed at (${p[0]}, ${p[1]}). Click the photo to place it again, drag it, or nudge it with the arrow keys.`
            : t.kind === 'lrv'
              ? 'Click on the reference line in the photo.'
              : 'Click this point on the photo.',
          t.note ? ` ${t.note}` : '',
        ),
        ...errors.map((m) => h('p', { class: 'problem' }, m)),
      )
    } else {
      prompt.dataset.target = ''
      const missing = requestOf(this.view, doc)
      parts.push(
        h('p', { class: 'prompt-title' }, missing.ready ? 'All points placed.' : `Still needed: ${missing.missing.join(', ')}.`),
        h('p', { class: 'prompt-hint' }, 'Drag a marker to adjust it, or choose one in the list (or press N / P) to place it again.'),
      )
    }
    // Once the scale points are placed, ask for their distance here, where the eyes are.
    if (doc.photo && doc.scale[0] && doc.scale[1] && doc.gridCm === null) parts.push(this.distanceField())
    const focused = document.activeElement
    const typing = focused instanceof HTMLInputElement && prompt.contains(focused) ? { id: focused.id, value: focused.value } : null
    prompt.replaceChildren(...parts)
    if (typing) {
      const again = prompt.querySelector<HTMLInputElement>(`#${typing.id}`)
      if (again) {
        again.value = typing.value
        again.focus()
      }
    }
    for (const b of prompt.querySelectorAll<HTMLButtonElement>('button[data-act]')) {
      b.addEventListener('click', () => {
        const act = b.dataset.act
        if (act === 'prev') this.step(-1)
        else if (act === 'next') this.step(1)
        else this.undo()
      })
    }
  }

  /** The known-distance input, inline in the prompt. */
  private distanceField(): HTMLElement {
    const input = h('input', { type: 'number', id: 'prompt-grid-cm', min: 0, step: 'any', inputmode: 'decimal', placeholder: 'cm' })
    input.addEventListener('change', () => {
      const v = Number(input.value)
      if (input.value.trim() === '' || !(Number.isFinite(v) && v > 0)) {
        this.toast('The known distance must be a number of centimetres greater than 0.')
        return
      }
      this.commit({ ...this.session.doc, gridCm: v })
      byId('toast').classList.remove('show')
      byId('stage').focus({ preventScroll: true })
    })
    const px = scaleLengthPx(this.session.doc) ?? 0
    return h(
      'p',
      { class: 'prompt-distance' },
      h('label', { for: 'prompt-grid-cm' }, 'Distance between scale points A and B', h('span', { class: 'aside' }, ` (${px.toFixed(1)} px apart)`), ':'),
      ' ',
      h('span', { class: 'input-unit' }, input, ' cm'),
    )
  }

  private renderOptions(): void {
    const card = byId('options-card')
    const box = byId('options')
    const doc = this.session.doc
    card.hidden = this.view === 'anterior'
    if (this.view === 'posterior') {
      if (box.dataset.for !== 'posterior') {
        box.dataset.for = 'posterior'
        const input = h('input', { type: 'checkbox', id: 'estimate-popliteal' })
        input.addEventListener('change', () => {
          const s = this.session
          s.commit({ ...s.doc, estimatePopliteal: input.checked })
          // Guide to the popliteal markers when they become needed.
          if (s.active === null || !s.targets().find((t) => t.id === s.active)?.required) s.active = nextUnplaced(s.targets(), s.doc, s.active)
          this.changed()
        })
        box.replaceChildren(
          h('label', { class: 'check' }, input, ' Estimate popliteal points'),
          h('p', { class: 'field-help' }, 'When on, the knee-crease markers are not needed: each leg axis is taken as the vertical through the Achilles marker.'),
        )
      }
      ;(byId<HTMLInputElement>('estimate-popliteal')).checked = doc.estimatePopliteal
    } else if (this.view === 'lateral') {
      if (box.dataset.for !== 'lateral') {
        box.dataset.for = 'lateral'
        const group = h('fieldset', { class: 'side' }, h('legend', {}, 'Side toward the camera'))
        for (const side of SIDES) {
          const input = h('input', { type: 'radio', name: 'side', value: side, id: `side-${side}` })
          input.addEventListener('change', () => input.checked && this.commit({ ...this.session.doc, side }))
          group.append(h('label', { class: 'check' }, input, ` ${SIDE_TEXT[side] ?? side}`))
        }
        box.replaceChildren(group)
      }
      for (const side of SIDES) byId<HTMLInputElement>(`side-${side}`).checked = doc.side === side
    } else {
      box.dataset.for = ''
      box.replaceChildren()
    }
  }

  private targetRow(t: Target, number: string, problems: Map<string, string[]>): HTMLLIElement {
    const s = this.session
    const p = positionOf(s.doc, t.id)
    const active = s.active === t.id
    const errors = problems.get(t.id) ?? []
    const status = p === null ? (t.required ? 'not placed' : 'optional') : t.kind === 'lrv' ? `x ${p[0]}` : `${p[0]}, ${p[1]}`
    const li = h(
      'li',
      {
        class: ['target', p ? 'placed' : '', active ? 'active' : '', errors.length ? 'flagged' : '', t.required ? '' : 'optional'].filter(Boolean).join(' '),
        'data-target': t.id,
      },
      h(
        'button',
        { type: 'button', class: 'target-main', 'aria-current': active ? 'step' : null, title: t.hint },
        h('span', { class: 'badge' }, p ? '\u2713' : number),
        h('span', { class: 'target-label' }, t.label),
        h('span', { class: 'target-pos' }, status),
      ),
      p ? h('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${t.label}`, title: 'Remove (Delete)' }, '\u00d7') : null,
    )
    li.querySelector('.target-main')!.addEventListener('click', () => this.select(active ? null : t.id))
    li.querySelector('.remove')?.addEventListener('click', () => this.remove(t.id))
    if (active) {
      const fields = h('div', { class: 'target-detail' }, h('p', { class: 'target-hint' }, t.hint))
      if (t.note) fields.append(h('p', { class: 'target-hint' }, t.note))
      if (s.doc.photo) {
        const coords = h('div', { class: 'coords' })
        const axes = t.kind === 'lrv' ? (['x'] as const) : (['x', 'y'] as const)
        for (const axis of axes) {
          const k = axis === 'x' ? 0 : 1
          const input = h('input', { type: 'number', step: 'any', inputmode: 'decimal', id: `coord-${axis}`, value: p ? p[k] : '', 'aria-label': `${t.label} ${axis} in pixels` })
          input.addEventListener('change', () => {
            const v = Number(input.value)
            if (input.value.trim() === '' || !Number.isFinite(v)) return
            const cur = positionOf(this.session.doc, t.id) ?? this.stage.center()
            const next: Pt = k === 0 ? [v, cur[1]] : [cur[0], v]
            this.commit(withTarget(this.session.doc, t.id, next))
          })
          coords.append(h('label', {}, `${axis} `, input))
        }
        coords.append(h('span', { class: 'unit' }, 'px'))
        fields.append(coords)
      }
      li.append(fields)
    }
    for (const m of errors) li.append(h('p', { class: 'problem', role: 'alert' }, m))
    return li
  }

  /** Rebuilds a list, keeping keyboard focus (and any half-typed coordinate) where it was. */
  private fillList(list: HTMLElement, rows: HTMLElement[]): void {
    const focused = document.activeElement
    const inList = focused instanceof HTMLElement && list.contains(focused)
    const row = inList ? (focused.closest('li')?.dataset.target ?? null) : null
    const input = inList && focused instanceof HTMLInputElement ? { id: focused.id, value: focused.value } : null
    const remove = inList && focused.classList.contains('remove')
    list.replaceChildren(...rows)
    if (!row) return
    if (input) {
      const again = list.querySelector<HTMLInputElement>(`#${input.id}`)
      if (again) {
        again.value = input.value
        again.focus()
        return
      }
    }
    list.querySelector<HTMLElement>(`li[data-target="${row}"] ${remove ? '.remove' : '.target-main'}`)?.focus()
  }

  private renderCalibration(problems: Map<string, string[]>): void {
    const s = this.session
    const doc = s.doc
    const targets = s.targets().filter((t) => t.kind !== 'marker')
    this.fillList(
      byId('calibration-list'),
      targets.map((t) => this.targetRow(t, t.id === 'scale-a' ? 'A' : t.id === 'scale-b' ? 'B' : '|', problems)),
    )
    setText(byId('calibration-note'), this.view === 'lateral' ? 'Optional here: the lateral angles do not use fc or the reference line.' : '')
    const grid = byId<HTMLInputElement>('grid-cm')
    if (document.activeElement !== grid) grid.value = doc.gridCm === null ? '' : String(doc.gridCm)
    const fcInput = byId<HTMLInputElement>('fc-input')
    const fc = fcOf(doc)
    if (document.activeElement !== fcInput) fcInput.value = fc === null ? '' : String(Number(fc.toPrecision(6)))
    const px = scaleLengthPx(doc)
    const help =
      scaleFc(doc) !== null
        ? `fc = ${doc.gridCm} cm / ${px!.toFixed(1)} px = ${fc!.toPrecision(4)} cm per pixel.`
        : px !== null && px > 0
          ? `The scale points are ${px.toFixed(1)} px apart: type the distance between them.`
          : px === 0
            ? 'The two scale points are at the same place: place them at the two ends of the known distance.'
            : doc.fcTyped !== null && fc !== null
              ? 'fc typed in directly (no scale points).'
              : 'Place the two scale points and type the distance between them; or type fc (cm per pixel) if you know it.'
    setText(byId('fc-help'), help)
    const distanceProblems = problems.get('distance') ?? []
    byId('problems-distance').replaceChildren(...distanceProblems.map((m) => h('li', { class: 'problem', role: 'alert' }, m)))
  }

  private renderMarkers(problems: Map<string, string[]>): void {
    const s = this.session
    const markers = s.targets().filter((t) => t.kind === 'marker')
    const placed = markers.filter((t) => t.required && isPlaced(s.doc, t.id)).length
    const required = markers.filter((t) => t.required).length
    setText(byId('marker-count'), `${placed} / ${required}`)
    this.fillList(
      byId('marker-list'),
      markers.map((t, i) => this.targetRow(t, String(i + 1), problems)),
    )
  }

  private renderResults(problems: Map<string, string[]>): void {
    const view = this.view
    const s = this.session
    const outcome = this.outcome
    const request = requestOf(view, s.doc)
    const metrics = metricsOf(view, s.doc.estimatePopliteal)
    const status = byId('results-status')
    const table = byId('metrics-table')
    const results = byId('results')
    const fresh = request.ready && outcome.key === request.key
    const values = fresh ? outcome.values : null
    results.classList.toggle('pending', outcome.pending)
    results.dataset.state = values ? (outcome.fromFile ? 'saved' : 'ready') : outcome.pending ? 'pending' : outcome.problems.length ? 'error' : 'waiting'

    let text: string
    if (!request.ready) {
      const n = request.missing.length
      text = s.doc.photo || n < 20 ? `${n} item${n === 1 ? '' : 's'} still to place or enter: ${request.missing.slice(0, 4).join(', ')}${n > 4 ? '...' : ''}.` : ''
      if (!s.doc.photo) text = `Open a photo and place the ${VIEWS[view].length} markers to see the metrics.`
    } else if (outcome.pending) text = 'Analysing...'
    else if (outcome.problems.length) text = `The service could not compute the metrics (${outcome.problems.length} problem${outcome.problems.length === 1 ? '' : 's'}): see the messages next to the markers concerned.`
    else if (values) text = outcome.fromFile ? 'Results from the session file.' : `Computed by the service.${request.placeholders ? ' (Calibration placeholders sent: the lateral angles do not use them.)' : ''}`
    else text = ''
    setText(status, text)
    byId('problems-general').replaceChildren(...(problems.get('general') ?? []).map((m) => h('li', { class: 'problem', role: 'alert' }, m)))

    const head = h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Metric and what its sign means'), h('th', { scope: 'col', class: 'num' }, 'Value')))
    const body = h('tbody')
    metrics.forEach((info, i) => body.append(this.metricRow(info, values?.[info.name], PALETTE[i % PALETTE.length]!)))
    table.replaceChildren(h('caption', { class: 'visually-hidden' }, `${VIEW_INFO[view].title} metrics`), head, body)
  }

  private metricRow(info: MetricInfo, value: unknown, color: string): HTMLTableRowElement {
    const has = typeof value === 'number'
    const row = h(
      'tr',
      { 'data-metric': info.name, 'data-value': has ? String(value) : null, class: this.highlight === info.name ? 'highlight' : null, tabindex: 0 },
      h(
        'th',
        { scope: 'row' },
        swatch(color),
        h('span', { class: 'metric-label' }, info.label),
        h('code', {}, info.name),
        h('span', { class: 'meaning' }, info.meaning),
      ),
      h('td', { class: 'num value', title: has ? `${value} ${unitText(info)}` : null }, has ? formatValue(info, value) : '\u2014'),
    )
    const on = () => {
      this.highlight = info.name
      this.stage.show(this.sceneOf(this.view, true), (id) => positionOf(this.session.doc, id))
    }
    const off = () => {
      if (this.highlight !== info.name) return
      this.highlight = null
      this.stage.show(this.sceneOf(this.view, true), (id) => positionOf(this.session.doc, id))
    }
    row.addEventListener('mouseenter', on)
    row.addEventListener('focus', on)
    row.addEventListener('mouseleave', off)
    row.addEventListener('blur', off)
    return row
  }
}

new App()
