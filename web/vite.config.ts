/**
 * The marking app's build. Run from the repo root as `vite build web` (root = web/):
 * the static files go to dist/web, which the service serves at `/`.
 * `vite web` starts a dev server that proxies the API to the service on :8000.
 * `#core/x.js` is the shared core (../core/x.ts), as package.json "imports" names it for node.
 */
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
  plugins: [poseFiles(), photoProtocol()],
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
