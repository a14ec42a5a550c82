/**
 * The camera the capture benches film with: Chromium started with a fake camera that
 * plays a file made from the front test photo (a 720 x 1280 portrait frame at 30 fps,
 * the person framed as the app asks), and the steps that open the app's capture screen
 * on it. Shared by bench:capture and bench:app.
 */
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/browser.js'
import { writeCameraVideo } from '../test/web/fixtures/camera-video.js'
import { suggestionPhotos } from '../test/web/fixtures/photos.js'

/** The fake camera's frame. */
export const CAMERA_FRAME = { width: 720, height: 1280, fps: 30 } as const

/** What a page needs granted to open the capture screen. */
export const CAMERA_PERMISSIONS = ['camera', 'accelerometer', 'gyroscope', 'magnetometer']

/** Writes the camera's video into `dir` and starts a Chromium that films it. */
export async function launchWithFakeCamera(dir: string): Promise<Browser> {
  const plain = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  const video = join(dir, 'front.y4m')
  try {
    const photos = await suggestionPhotos(plain)
    await writeCameraVideo(plain, { photo: photos.anterior, ...CAMERA_FRAME, share: 0.78, soles: 0.9 }, video)
  } finally {
    await plain.close()
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
}

/** Opens the capture screen and waits until the preview is live and the framing check has run once (model loaded). */
export async function openCapturePreview(page: Page): Promise<void> {
  await page.locator('#take-photo').click()
  await page.locator('#capture-preview[data-state="live"]').waitFor()
  await page.locator('#capture-framing li[data-check="person"]').waitFor({ timeout: 240_000 })
}
