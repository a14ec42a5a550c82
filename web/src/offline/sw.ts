/**
 * The app's service worker (docs/offline.md): keeps the app's files so that, once the app
 * has been opened, it loads and works with no network, and never touches anything else.
 *
 * - The app's files (the page, scripts and styles with both languages' words, the manifest,
 *   icons, the photo protocol) are precached when the worker installs, listed by the build
 *   (vite.config.ts writes `self.__SW_MANIFEST__` at the top of the built sw.js, with a
 *   build id that changes with any file), and answered from that cache, the page too: the
 *   app on screen changes version only when the clinician chooses (web/src/offline/update.ts).
 * - The pose model's files (pose/) are cached on first use, when the clinician first asks
 *   for suggestions, in a cache named by the model's version.
 * - Nothing else: not the API (POST, marker coordinates in and metrics out), /health, /docs,
 *   another origin (a FHIR or record server), and no request that is not a GET (but the
 *   HEAD check of a pose file). Patient data lives in IndexedDB, which a worker does not see.
 *
 * A new worker waits until the page asks it to take over (the message 'skip-waiting'). No
 * imports: the build emits this file alone as sw.js, a classic worker script.
 */

interface SwManifest {
  /** Changes whenever any precached file changes: names the cache. */
  readonly build: string
  /** The pose model's version (@mediapipe/pose): names the pose cache. */
  readonly pose: string
  /** The app's files, relative to the worker's scope ('' is the page itself). */
  readonly files: readonly string[]
  /** The pose files, relative to the scope (pose/...). */
  readonly poseFiles: readonly string[]
}

/** What this worker uses of ServiceWorkerGlobalScope (the page's DOM types do not have it). */
interface WorkerScope {
  readonly __SW_MANIFEST__: SwManifest
  readonly registration: { readonly scope: string }
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly unknown[]> }
  readonly location: Location
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}

const scope = self as unknown as WorkerScope
const MANIFEST = scope.__SW_MANIFEST__
const APP_CACHE = `app-${MANIFEST.build}`
const POSE_CACHE = `pose-${MANIFEST.pose}`
const OURS = /^(app|pose)-/

/** A path relative to the scope, without query or hash; null for a URL outside it. */
function inScope(url: string): string | null {
  const base = scope.registration.scope
  if (!url.startsWith(base)) return null
  return url.slice(base.length).replace(/[?#].*$/, '')
}

const APP_FILES = new Set(MANIFEST.files)
const POSE_FILES = new Set(MANIFEST.poseFiles)

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE)
      // Past the HTTP cache: the files of this build, not a copy a proxy kept.
      await cache.addAll(
        MANIFEST.files.map((file) => new Request(new URL(file, scope.registration.scope), { cache: 'reload' })),
      )
    })(),
  )
})

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Another tab may still run the version it was opened with (it is never reloaded for
      // it): its files are kept until an update finds this tab alone.
      const windows = await scope.clients.matchAll({ type: 'window' })
      if (windows.length <= 1)
        for (const name of await caches.keys())
          if (OURS.test(name) && name !== APP_CACHE && name !== POSE_CACHE) await caches.delete(name)
      // The page that installed the first worker is controlled at once (no reload needed).
      await scope.clients.claim()
    })(),
  )
})

scope.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void scope.skipWaiting()
})

/** From the app's cache when there, else from the network. */
async function cached(cacheName: string, request: Request, key: string): Promise<Response> {
  const hit = await (await caches.open(cacheName)).match(key)
  return hit ?? fetch(request)
}

/** Pose files being downloaded into their cache, so that a check and pose.js's own request share one download. */
const downloads = new Map<string, Promise<void>>()

/** Downloads a pose file into its cache once (a failed download leaves nothing). */
function keepPoseFile(key: string): Promise<void> {
  let download = downloads.get(key)
  if (!download) {
    download = (async () => {
      const cache = await caches.open(POSE_CACHE)
      if (await cache.match(key)) return
      const response = await fetch(key)
      if (response.ok && response.type === 'basic') await cache.put(key, response)
    })().finally(() => downloads.delete(key))
    downloads.set(key, download)
  }
  return download
}

/**
 * A pose file, kept on first use. The app checks every file with a HEAD request before it
 * loads the model (web/src/pose/detector.ts), and pose.js picks its WebAssembly build at run
 * time: so each file checked is downloaded into the cache too, and a HEAD is answered from
 * the cache once the file is there, offline as well.
 */
async function poseFile(event: FetchEvent, key: string): Promise<Response> {
  const request = event.request
  const cache = await caches.open(POSE_CACHE)
  const hit = await cache.match(key)
  if (hit && request.method === 'HEAD')
    return new Response(null, { status: hit.status, statusText: hit.statusText, headers: hit.headers })
  if (hit) return hit
  if (request.method === 'HEAD') {
    const response = await fetch(request)
    if (response.ok) event.waitUntil(keepPoseFile(key).catch(() => undefined))
    return response
  }
  await keepPoseFile(key).catch(() => undefined)
  return (await cache.match(key)) ?? fetch(request)
}

scope.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  const path = inScope(request.url)
  if (path === null) return
  const key = new URL(path, scope.registration.scope).href
  if (POSE_FILES.has(path)) {
    event.respondWith(poseFile(event, key))
    return
  }
  // Beyond the pose files' check, only GETs.
  if (request.method !== 'GET') return
  if (request.mode === 'navigate') {
    // The app's page, at the scope or by name; any other page (/docs) goes to the network.
    if (path !== '' && path !== 'index.html') return
    event.respondWith(cached(APP_CACHE, request, scope.registration.scope))
    return
  }
  if (APP_FILES.has(path)) event.respondWith(cached(APP_CACHE, request, key))
  else if (path.startsWith('assets/')) event.respondWith(earlier(request, key))
})

/** A file of an earlier version (a tab that kept it asks for a chunk it has not loaded yet): from its cache, else the network. */
async function earlier(request: Request, key: string): Promise<Response> {
  for (const name of await caches.keys()) {
    if (!name.startsWith('app-')) continue
    const hit = await (await caches.open(name)).match(key)
    if (hit) return hit
  }
  return fetch(request)
}

export {}
