/**
 * The marking app's build. Run from the repo root as `vite build web` (root = web/):
 * the static files go to dist/web, which the service serves at `/`.
 * `vite web` starts a dev server that proxies the API to the service on :8000.
 * `#core/x.js` is the shared core (../core/x.ts), as package.json "imports" names it for node.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { POSE_DIR, POSE_FILES } from './src/pose/model-files.js'

/**
 * Copies the pose model's files (web/src/pose/model-files.ts) from @mediapipe/pose into the
 * build as they are, under pose/: pose.js fetches them by name at run time, so they
 * are served as files, never bundled, and only when the app first suggests markers.
 */
function poseFiles(): Plugin {
  const require = createRequire(import.meta.url)
  return {
    name: 'pose-files',
    apply: 'build',
    generateBundle() {
      for (const file of POSE_FILES) {
        const source = readFileSync(require.resolve(`@mediapipe/pose/${file}`))
        this.emitFile({ type: 'asset', fileName: `${POSE_DIR}${file}`, source })
      }
    },
  }
}

/**
 * Copies docs/photo-protocol.md into the build as photo-protocol.txt, the page the
 * capture screen links to (served from the app's own origin, shown as plain text).
 */
function photoProtocol(): Plugin {
  return {
    name: 'photo-protocol',
    apply: 'build',
    generateBundle() {
      const source = readFileSync(new URL('../docs/photo-protocol.md', import.meta.url))
      this.emitFile({ type: 'asset', fileName: 'photo-protocol.txt', source })
    },
  }
}

/** The installable app's files (web/pwa/: the manifest, the icon and its PNG renderings), copied into the build as they are. */
const PWA_FILES = {
  'manifest.webmanifest': 'manifest.webmanifest',
  'icons/icon.svg': 'icon.svg',
  'icons/icon-192.png': 'icon-192.png',
  'icons/icon-512.png': 'icon-512.png',
} as const

/** The page's links to the manifest and the icons, in place of index.html's empty icon. */
const PWA_HEAD =
  '<link rel="manifest" href="./manifest.webmanifest" />\n' +
  '    <meta name="theme-color" content="#0a66a3" />\n' +
  '    <link rel="icon" href="./icons/icon.svg" type="image/svg+xml" />\n' +
  '    <link rel="apple-touch-icon" href="./icons/icon-192.png" />'

/**
 * Installable and offline (docs/offline.md): copies the manifest and icons, links them from
 * the page, and builds the service worker (src/offline/sw.ts) alone as sw.js beside the page
 * (its scope is the app's folder), then writes at its top what it caches: every file of the
 * build but source maps, the pose files (cached on first use instead) and itself, the page
 * as '' (the app's folder), and a build id hashed from those files' bytes, so any change to
 * the app makes a new sw.js, which the browser installs and the app offers as an update.
 */
function offline(): Plugin {
  return {
    name: 'offline',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: fileURLToPath(new URL('./src/offline/sw.ts', import.meta.url)),
        fileName: 'sw.js',
      })
      for (const [fileName, source] of Object.entries(PWA_FILES))
        this.emitFile({ type: 'asset', fileName, source: readFileSync(new URL(`./pwa/${source}`, import.meta.url)) })
    },
    transformIndexHtml(html) {
      const empty = '<link rel="icon" href="data:," />'
      if (!html.includes(empty))
        throw new Error(`web/index.html: expected ${empty} (the offline plugin puts the icons there)`)
      return html.replace(empty, PWA_HEAD)
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle['sw.js']
        if (sw?.type !== 'chunk') return this.error('sw.js was not built')
        if (sw.imports.length > 0)
          return this.error(
            `sw.js must import nothing (it runs as a classic worker); it imports ${sw.imports.join(', ')}`,
          )
        const files = Object.keys(bundle)
          .filter((name) => name !== 'sw.js' && !name.endsWith('.map') && !name.startsWith(POSE_DIR))
          .sort()
        const hash = createHash('sha256').update(VERSIONS.__POSE_MODEL_VERSION__)
        for (const name of files) {
          const file = bundle[name]!
          hash.update(name).update(file.type === 'chunk' ? file.code : file.source)
        }
        const manifest = {
          build: hash.digest('hex').slice(0, 16),
          pose: JSON.parse(VERSIONS.__POSE_MODEL_VERSION__) as string,
          files: files.map((name) => (name === 'index.html' ? '' : name)),
          poseFiles: POSE_FILES.map((file) => `${POSE_DIR}${file}`),
        }
        sw.code = `self.__SW_MANIFEST__ = ${JSON.stringify(manifest)};\n${sw.code}`
      },
    },
  }
}

/** A package.json's version: the app's own, or a dependency's (resolved from here). */
function versionOf(packageJson: string): string {
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version
}

/**
 * The versions a FHIR export names (web/src/fhir/versions.ts): the app's (package.json) and
 * the pose model's (@mediapipe/pose, whose suggestions the clinician may have confirmed).
 */
const VERSIONS = {
  __APP_VERSION__: JSON.stringify(versionOf(fileURLToPath(new URL('../package.json', import.meta.url)))),
  __POSE_MODEL_VERSION__: JSON.stringify(
    versionOf(createRequire(import.meta.url).resolve('@mediapipe/pose/package.json')),
  ),
}

/** The core's sources: the app bundles them as TypeScript, never the service's build of them. */
const CORE_DIR = fileURLToPath(new URL('../core/', import.meta.url))

/** jsPDF's optional modules, loaded only by methods the PDF report does not use: not shipped (src/files/jspdf-unused.ts). */
const JSPDF_UNUSED = fileURLToPath(new URL('./src/files/jspdf-unused.ts', import.meta.url))

export default defineConfig({
  base: './',
  plugins: [poseFiles(), photoProtocol(), offline()],
  define: VERSIONS,
  resolve: {
    alias: [
      { find: /^#core\/(.*)\.js$/, replacement: `${CORE_DIR}$1.ts` },
      { find: /^(html2canvas|canvg|dompurify)$/, replacement: JSPDF_UNUSED },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // One small bundle; no external requests of any kind.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/health': 'http://127.0.0.1:8000',
    },
  },
})
