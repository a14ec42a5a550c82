/**
 * The capture screen: "Take photo" opens a dialog with the camera's live preview, the
 * guides over it (plumb line, grid, the view's silhouette frame and floor line), the
 * level, the framing sentences, and three ways to take the photo (the button, a 3 s
 * timer, or by itself when every check holds and the person stands still). The still
 * is taken at the camera's full resolution and opened in the current view with the
 * reference line at the plumb line and the capture conditions (capture/commands.ts);
 * suggestions then run as for any photo when that setting is on. A still taken with the
 * level beyond the limit is shown with a question in the dialog, keep it or retake it,
 * before anything is opened. Problems (no camera, permission refused, page not secure)
 * are said in the dialog; "Open photo" is untouched by all of this.
 */

import { t } from '../i18n/index.js'
import type { Landmark } from '../pose/landmarks.js'
import { byId, h, s, setText } from '../render/dom.js'
import type { Viewport } from '../render/viewport.js'
import { isTilted } from '../state/capture-conditions.js'
import type { CaptureConditions, Photo } from '../state/model.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'
import { browserCamera, type CameraAccess, type OpenCamera } from './camera.js'
import { type CameraProblem, preferredCamera } from './camera-choice.js'
import { photoCaptured } from './commands.js'
import { captureConditionsOf } from './conditions.js'
import { type FramingCheck, framingHolds, type Guides, guidesFor, isSteady, plumbOnStill } from './framing.js'
import { FramingLoop, type FramingResult } from './framing-loop.js'
import type { LevelReading } from './level.js'
import { askOrientationPermission, watchLevel } from './orientation.js'
import {
  checkText,
  framingUnavailableText,
  keepTiltedQuestion,
  levelText,
  problemDetails,
  problemText,
} from './wording.js'

const CAMERA_KEY = 'posture-metrics.camera'
const TIMER_SECONDS = 3
/** docs/photo-protocol.md, which the build copies beside the app (vite.config.ts). */
export const PROTOCOL_PAGE = 'photo-protocol.txt'

/** A still taken, with what it opens with: the reference line's x and its capture conditions. */
interface Shot {
  readonly photo: Photo
  readonly plumbX: number
  readonly capture: CaptureConditions
}

export class CaptureScreen {
  /** Focusable itself (tabindex -1): it holds the focus until the shutter is enabled, so Space shoots from the start. */
  private readonly dialog = h('dialog', {
    id: 'capture-dialog',
    class: 'capture',
    'aria-labelledby': 'capture-title',
    tabindex: '-1',
  })
  private readonly title = h('h2', { id: 'capture-title' })
  private readonly cameraLabel = h('label', { for: 'capture-camera' })
  private readonly cameraSelect = h('select', { id: 'capture-camera' })
  private readonly protocol = h('a', { id: 'capture-protocol', href: PROTOCOL_PAGE, target: '_blank', rel: 'noopener' })
  private readonly closeButton = h('button', { type: 'button', id: 'capture-close' })
  private readonly preview = h('div', { class: 'capture-preview', id: 'capture-preview', 'data-state': 'closed' })
  private readonly video = h('video', { id: 'capture-video', playsinline: true, muted: true, autoplay: true })
  private readonly guides = s('svg', {
    id: 'capture-guides',
    class: 'capture-guides',
    preserveAspectRatio: 'xMidYMid meet',
    'aria-hidden': 'true',
  })
  private readonly countdown = h('output', { id: 'capture-countdown', class: 'capture-countdown', hidden: true })
  /** The still a question is about, over the live preview. */
  private readonly still = h('img', { id: 'capture-still', class: 'capture-still', alt: '', hidden: true })
  private readonly questionTitle = h('h3', { id: 'capture-question-title' })
  private readonly questionText = h('p', { id: 'capture-question-text' })
  private readonly keepButton = h('button', { type: 'button', id: 'capture-keep' })
  private readonly retakeButton = h('button', { type: 'button', id: 'capture-retake', class: 'primary' })
  private readonly question = h(
    'div',
    {
      id: 'capture-question',
      class: 'capture-question',
      role: 'group',
      'aria-labelledby': 'capture-question-title',
      'aria-describedby': 'capture-question-text',
      hidden: true,
    },
    this.questionTitle,
    this.questionText,
    h('p', { class: 'capture-actions' }, this.retakeButton, this.keepButton),
  )
  private readonly status = h('p', {
    id: 'capture-status',
    class: 'capture-status',
    role: 'status',
    'aria-live': 'polite',
  })
  private readonly retry = h('button', { type: 'button', id: 'capture-retry', hidden: true })
  private readonly level = h('p', {
    id: 'capture-level',
    class: 'capture-level',
    'data-state': 'waiting',
    'aria-live': 'polite',
  })
  private readonly framingTitle = h('h3', {})
  private readonly framing = h('ul', { id: 'capture-framing', class: 'capture-framing', 'data-runs': '0' })
  private readonly guidesHelp = h('p', { class: 'field-help' })
  private readonly shootButton = h('button', { type: 'button', id: 'capture-shoot', class: 'primary', disabled: true })
  private readonly timerButton = h('button', { type: 'button', id: 'capture-timer', disabled: true })
  private readonly auto = h('input', { type: 'checkbox', id: 'capture-auto' })
  private readonly autoText = document.createTextNode('')

  private camera: OpenCamera | null = null
  private loop: FramingLoop | null = null
  private stopLevel: () => void = () => {}
  private levelReading: LevelReading = { kind: 'waiting' }
  private guideGeometry: Guides | null = null
  private checks: readonly FramingCheck[] = []
  private previous: readonly Landmark[] | null = null
  private countdownTimer: ReturnType<typeof setTimeout> | undefined
  private problem: CameraProblem | null = null
  /** A tilted still waiting for the answer to "keep or retake?". */
  private pending: Shot | null = null
  /** Bumped on every open and close, so a camera that opens after the dialog closed is let go. */
  private session = 0

  constructor(
    private readonly store: Store<AppState>,
    private readonly viewport: Viewport,
    private readonly access: CameraAccess = browserCamera,
  ) {
    this.preview.append(this.video, this.guides, this.still, this.countdown)
    const head = h(
      'div',
      { class: 'capture-head' },
      this.title,
      h('span', { class: 'capture-camera' }, this.cameraLabel, ' ', this.cameraSelect),
      this.protocol,
      this.closeButton,
    )
    const actions = h(
      'div',
      { class: 'capture-actions' },
      this.shootButton,
      this.timerButton,
      h('label', { class: 'check' }, this.auto, this.autoText),
    )
    const side = h(
      'div',
      { class: 'capture-side' },
      this.status,
      this.retry,
      this.level,
      this.question,
      this.framingTitle,
      this.framing,
      this.guidesHelp,
      actions,
    )
    this.dialog.append(head, h('div', { class: 'capture-body' }, this.preview, side))
    document.body.append(this.dialog)

    this.closeButton.addEventListener('click', () => this.close())
    this.dialog.addEventListener('close', () => this.stop())
    // Escape while asking answers "retake" rather than closing the camera.
    this.dialog.addEventListener('cancel', (e) => {
      if (!this.pending) return
      e.preventDefault()
      this.answer(false)
    })
    this.keepButton.addEventListener('click', () => this.answer(true))
    this.retakeButton.addEventListener('click', () => this.answer(false))
    this.retry.addEventListener('click', () => void this.start(null))
    this.cameraSelect.addEventListener('change', () => void this.start(this.cameraSelect.value))
    this.shootButton.addEventListener('click', () => this.shoot())
    this.timerButton.addEventListener('click', () => this.toggleTimer())
    this.dialog.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return
      if (e.key === 't' || e.key === 'T') {
        e.preventDefault()
        this.toggleTimer()
      } else if (e.key === ' ' && !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLInputElement)) {
        e.preventDefault()
        this.shoot()
      }
    })
    store.subscribe((state, previous) => {
      if (state.settings.locale !== previous.settings.locale || state.view !== previous.view) this.renderText()
    })
    this.renderText()
  }

  /** Opens the dialog and the camera (call from a click: the level sensor may ask for permission). */
  open(): void {
    askOrientationPermission()
    this.renderText()
    if (!this.dialog.open) this.dialog.showModal()
    // The shutter is disabled until the camera runs: the dialog holds the focus (Space is the shutter there too).
    this.dialog.focus()
    void this.start(null)
  }

  close(): void {
    if (this.dialog.open) this.dialog.close()
    this.stop()
  }

  private stop(): void {
    this.session++
    this.hideQuestion()
    this.loop?.stop()
    this.loop = null
    this.stopLevel()
    this.stopLevel = () => {}
    this.camera?.stop()
    this.camera = null
    this.video.srcObject = null
    this.cancelTimer()
    this.preview.dataset.state = 'closed'
  }

  private async start(deviceId: string | null): Promise<void> {
    this.stop()
    const session = this.session
    this.problem = null
    this.retry.hidden = true
    this.checks = []
    this.previous = null
    this.preview.dataset.state = 'starting'
    this.renderStatus(t('capture.starting'))
    this.renderFraming()
    this.setEnabled(false)
    let remembered: string | null = deviceId
    if (remembered === null) {
      try {
        remembered = localStorage.getItem(CAMERA_KEY)
      } catch {
        remembered = null
      }
    }
    const unavailable = this.access.availability()
    const result = unavailable
      ? { ok: false as const, problem: unavailable }
      : await this.access.open(preferredCamera(await this.access.list(), remembered))
    if (session !== this.session) {
      if (result.ok) result.camera.stop()
      return
    }
    if (!result.ok) return this.showProblem(result.problem)
    const camera = result.camera
    this.camera = camera
    try {
      localStorage.setItem(CAMERA_KEY, camera.deviceId)
    } catch {
      // Not remembered: the rear camera is chosen again next time.
    }
    this.video.srcObject = camera.stream
    await this.video.play().catch(() => undefined)
    if (!this.video.videoWidth)
      await new Promise((resolve) => this.video.addEventListener('loadedmetadata', resolve, { once: true }))
    if (session !== this.session) return
    this.preview.dataset.state = 'live'
    this.preview.dataset.width = String(this.video.videoWidth)
    this.preview.dataset.height = String(this.video.videoHeight)
    this.renderStatus('')
    this.drawGuides()
    void this.listCameras(camera.deviceId)
    this.stopLevel = watchLevel((reading) => {
      this.levelReading = reading
      this.renderLevel()
    })
    this.setEnabled(true)
    this.loop = new FramingLoop(
      this.video,
      () => ({ view: this.store.get().view, side: current(this.store.get()).doc.side }),
      (r) => this.framed(r),
    )
    this.loop.start()
  }

  private async listCameras(selected: string): Promise<void> {
    const cameras = await this.access.list()
    this.cameraSelect.replaceChildren(
      ...cameras.map((c, i) =>
        h(
          'option',
          { value: c.deviceId, selected: c.deviceId === selected },
          c.label || t('capture.cameraNumber', { number: i + 1 }),
        ),
      ),
    )
    this.cameraLabel.parentElement!.hidden = cameras.length < 2
  }

  private showProblem(problem: CameraProblem): void {
    this.problem = problem
    this.preview.dataset.state = 'problem'
    this.status.dataset.problem = problem.type
    this.renderProblem(problem)
    this.retry.hidden = problem.type === 'insecure-context' || problem.type === 'no-camera-api'
  }

  private setEnabled(on: boolean): void {
    this.shootButton.disabled = !on
    this.timerButton.disabled = !on
    // Focus on the shutter once it works, unless the user has moved it to another control.
    const focus = document.activeElement
    if (on && this.dialog.open && (focus === this.dialog || focus === document.body || focus === null))
      this.shootButton.focus()
  }

  private framed(result: FramingResult): void {
    if (!this.loop) return
    this.framing.dataset.runs = String(this.loop.runs)
    if (result.kind === 'unavailable') {
      this.loop.stop()
      this.framing.replaceChildren(h('li', { 'data-check': 'unavailable' }, framingUnavailableText(result.failure)))
      return
    }
    const steady = isSteady(this.previous, result.landmarks)
    this.previous = result.landmarks
    this.checks = result.checks
    this.framing.dataset.lastMs = String(Math.round(result.runMs))
    this.renderFraming()
    const levelOk = this.levelReading.kind !== 'tilt' || this.levelReading.level
    const ready = framingHolds(this.checks) && levelOk
    this.framing.dataset.ready = String(ready)
    if (ready && this.auto.checked && steady && this.countdownTimer === undefined) this.shoot()
    else if (ready && this.auto.checked) this.renderStatus(t('capture.holdStill'))
  }

  private drawGuides(): void {
    const width = this.video.videoWidth
    const height = this.video.videoHeight
    const g = guidesFor(this.store.get().view, { width, height })
    this.guideGeometry = g
    this.guides.setAttribute('viewBox', `0 0 ${width} ${height}`)
    const stroke = Math.max(1, Math.round(height / 400))
    const { left, top, right, bottom } = g.silhouette
    this.guides.replaceChildren(
      s(
        'g',
        { class: 'grid', 'stroke-width': stroke },
        ...g.gridX.map((x) => s('line', { x1: x, y1: 0, x2: x, y2: height })),
        ...g.gridY.map((y) => s('line', { x1: 0, y1: y, x2: width, y2: y })),
      ),
      s('rect', {
        class: 'silhouette',
        x: left,
        y: top,
        width: right - left,
        height: bottom - top,
        rx: (right - left) / 4,
        'stroke-width': stroke * 2,
      }),
      s('line', {
        class: 'floor',
        x1: left - (right - left) / 2,
        y1: bottom,
        x2: right + (right - left) / 2,
        y2: bottom,
        'stroke-width': stroke * 3,
      }),
      s('line', {
        class: 'plumb',
        id: 'capture-plumb',
        x1: g.plumbX,
        y1: 0,
        x2: g.plumbX,
        y2: height,
        'stroke-width': stroke * 2,
        'data-x': g.plumbX,
      }),
    )
    this.guides.dataset.view = this.store.get().view
  }

  private toggleTimer(): void {
    if (!this.camera || this.pending) return
    if (this.countdownTimer !== undefined) {
      this.cancelTimer()
      return
    }
    let left = TIMER_SECONDS
    const tick = () => {
      if (left === 0) {
        this.countdownTimer = undefined
        this.countdown.hidden = true
        this.shoot()
        return
      }
      this.countdown.hidden = false
      setText(this.countdown, t('capture.countdown', { seconds: left }))
      left--
      this.countdownTimer = setTimeout(tick, 1000)
    }
    tick()
  }

  private cancelTimer(): void {
    clearTimeout(this.countdownTimer)
    this.countdownTimer = undefined
    this.countdown.hidden = true
  }

  private shoot(): void {
    if (!this.camera || !this.guideGeometry || this.pending) return
    const still = this.access.still(this.video)
    if (!still) {
      this.renderStatus(t('capture.failed'))
      return
    }
    const preview = { width: this.video.videoWidth, height: this.video.videoHeight }
    const takenAt = new Date()
    const stamp = takenAt.toISOString().slice(0, 19).replace(/[:T]/g, '-')
    const shot: Shot = {
      photo: {
        name: `camera-${this.store.get().view}-${stamp}.jpg`,
        width: still.width,
        height: still.height,
        url: still.url,
      },
      plumbX: plumbOnStill(this.guideGeometry, preview, still),
      // The level as it read at the shutter, not when the question is answered.
      capture: captureConditionsOf(this.levelReading, still, takenAt),
    }
    if (isTilted(shot.capture)) this.ask(shot)
    else this.keep(shot)
  }

  /** Shows the still with the question "keep or retake?"; the buttons and the timer wait for the answer. */
  private ask(shot: Shot): void {
    this.pending = shot
    this.cancelTimer()
    this.setEnabled(false)
    this.still.src = shot.photo.url ?? ''
    this.still.hidden = false
    this.renderQuestion()
    this.question.hidden = false
    this.retakeButton.focus()
  }

  private answer(keep: boolean): void {
    const shot = this.pending
    if (!shot) return
    this.hideQuestion()
    if (keep) {
      this.keep({ ...shot, capture: { ...shot.capture, keptTilted: true } })
      return
    }
    this.setEnabled(this.camera !== null)
    this.shootButton.focus()
  }

  private hideQuestion(): void {
    this.pending = null
    this.question.hidden = true
    this.still.hidden = true
    this.still.removeAttribute('src')
  }

  /** Opens the still in the current view and closes the dialog. */
  private keep(shot: Shot): void {
    this.close()
    this.store.set((state) => photoCaptured(state, shot.photo, shot.plumbX, shot.capture))
    this.viewport.fit()
    byId('stage').focus({ preventScroll: true })
  }

  private renderQuestion(): void {
    if (!this.pending) return
    setText(this.questionTitle, t('capture.keep.title'))
    setText(this.questionText, keepTiltedQuestion(this.pending.capture))
  }

  /** The problem's sentence, and the engine's own text apart under "Technical details" where there is one. */
  private renderProblem(problem: CameraProblem): void {
    setText(this.status, problemText(problem))
    const details = problemDetails(problem)
    if (details !== undefined)
      this.status.append(
        h('details', { class: 'notice-details' }, h('summary', {}, t('notice.details')), h('pre', {}, details)),
      )
  }

  private renderStatus(text: string): void {
    if (!this.problem) delete this.status.dataset.problem
    setText(this.status, text)
  }

  private renderLevel(): void {
    const r = this.levelReading
    this.level.dataset.state = r.kind === 'tilt' ? (r.level ? 'level' : 'tilted') : r.kind
    if (r.kind === 'tilt') {
      this.level.dataset.roll = String(Math.round(r.tilt.roll * 10) / 10)
      this.level.dataset.pitch = String(Math.round(r.tilt.pitch * 10) / 10)
    }
    this.preview.dataset.level = this.level.dataset.state
    setText(this.level, levelText(r))
  }

  private renderFraming(): void {
    if (this.checks.length === 0) {
      this.framing.replaceChildren(h('li', { 'data-check': 'waiting' }, t('capture.framing.waiting')))
      return
    }
    this.framing.replaceChildren(
      ...this.checks.map((c) => h('li', { 'data-check': c.type, 'data-ok': String(c.ok) }, checkText(c))),
    )
  }

  /** Every text of the dialog, in the chosen language. */
  private renderText(): void {
    const state = this.store.get()
    setText(this.title, t('capture.title', { view: t(`view.${state.view}.title`).toLowerCase() }))
    setText(this.cameraLabel, t('capture.camera'))
    setText(this.protocol, t('capture.protocol'))
    setText(this.closeButton, t('capture.close'))
    setText(this.retry, t('capture.retry'))
    setText(this.framingTitle, t('capture.framing.title'))
    setText(this.guidesHelp, t('capture.guides'))
    setText(this.shootButton, t('capture.shoot'))
    this.shootButton.title = t('capture.shoot.title')
    setText(this.timerButton, t('capture.timer'))
    this.timerButton.title = t('capture.timer.title')
    this.autoText.textContent = ` ${t('capture.auto')}`
    setText(this.keepButton, t('capture.keep.yes'))
    setText(this.retakeButton, t('capture.keep.retake'))
    this.renderQuestion()
    this.renderLevel()
    if (this.problem) this.renderProblem(this.problem)
    if (this.preview.dataset.state !== 'closed') this.renderFraming()
    if (this.camera && this.video.videoWidth) this.drawGuides()
  }
}

/** The "Take photo" button of the toolbar and its dialog. */
export function mountCapture(
  store: Store<AppState>,
  viewport: Viewport,
  access: CameraAccess = browserCamera,
): CaptureScreen {
  const screen = new CaptureScreen(store, viewport, access)
  byId('take-photo').addEventListener('click', () => screen.open())
  return screen
}
