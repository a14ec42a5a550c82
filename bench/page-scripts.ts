/**
 * Scripts the benches run inside the app's page (as strings for page.evaluate), and
 * the figures they resolve with: shared by bench:capture, bench:pose and bench:app so
 * each figure is measured one way.
 */

/** How long the window of MEASURE_PREVIEW lasts. */
export const PREVIEW_WINDOW_MS = 5000

export interface PreviewFigures {
  readonly presentedFps: number
  readonly dropped: number
  readonly total: number
  readonly animationFps: number
  readonly longestGapMs: number
  readonly checks: number
  readonly lastCheckMs: number
}

/** In the page: the preview's figures over the window. */
export const MEASURE_PREVIEW = `new Promise((resolve) => {
  const video = document.querySelector('#capture-video')
  const framing = document.querySelector('#capture-framing')
  const runs0 = Number(framing.dataset.runs)
  const quality0 = video.getVideoPlaybackQuality()
  const started = performance.now()
  const end = started + ${PREVIEW_WINDOW_MS}
  let first = null
  let last = null
  const onVideoFrame = (now, meta) => {
    first ??= meta
    last = meta
    if (now < end) video.requestVideoFrameCallback(onVideoFrame)
  }
  video.requestVideoFrameCallback(onVideoFrame)
  let frames = 0
  let previous = null
  let longest = 0
  const onAnimationFrame = (now) => {
    if (previous !== null) longest = Math.max(longest, now - previous)
    previous = now
    frames++
    if (now < end) return requestAnimationFrame(onAnimationFrame)
    const seconds = (now - started) / 1000
    const quality = video.getVideoPlaybackQuality()
    resolve({
      presentedFps: (last.presentedFrames - first.presentedFrames) / seconds,
      dropped: quality.droppedVideoFrames - quality0.droppedVideoFrames,
      total: quality.totalVideoFrames - quality0.totalVideoFrames,
      animationFps: frames / seconds,
      longestGapMs: longest,
      checks: Number(framing.dataset.runs) - runs0,
      lastCheckMs: Number(framing.dataset.lastMs),
    })
  }
  requestAnimationFrame(onAnimationFrame)
})`

/** Clicks "Suggest markers" and returns the in-page time until the run has been applied. */
export const CLICK_AND_TIME = `new Promise((resolve) => {
  const button = document.querySelector('#suggest-markers')
  const before = button.dataset.completed
  const started = performance.now()
  const observer = new MutationObserver(() => {
    if (button.dataset.completed !== before && button.dataset.busy === 'false') {
      observer.disconnect()
      resolve(performance.now() - started)
    }
  })
  observer.observe(button, { attributes: true })
  button.click()
})`
