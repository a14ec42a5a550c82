/**
 * The test layers (test/README.md): every test file belongs to the layer of the
 * deepest folder below that holds it. `unit` is pure (no server, no browser, no
 * build of the marking app), `integration` runs the service in this process or as
 * a process, `system` runs the service's processes behind nginx, in a cluster, under
 * a CPU quota or in a container, and `browser` runs the built app in a browser.
 */
export const LAYERS = ['unit', 'integration', 'system', 'browser'] as const
export type Layer = (typeof LAYERS)[number]

export const LAYER_OF_FOLDER: Readonly<Record<string, Layer>> = {
  'test/config': 'unit',
  'test/geometry': 'unit',
  'test/lint': 'unit',
  'test/metrics': 'unit',
  'test/repo': 'unit',
  'test/web/unit': 'unit',
  'test/api': 'integration',
  'test/bench': 'integration',
  'test/deploy': 'integration',
  'test/e2e': 'integration',
  'test/openapi': 'integration',
  'test/prometheus': 'integration',
  'test/record-server': 'integration',
  'test/robustness': 'integration',
  'test/web/integration': 'integration',
  'test/cluster': 'system',
  'test/container': 'system',
  'test/operations': 'system',
  'test/web': 'browser',
}

/** The layer of a test file given by its path in the repository (test/...), or undefined when no folder above it has one. */
export function layerOf(path: string): Layer | undefined {
  let best: string | undefined
  for (const folder of Object.keys(LAYER_OF_FOLDER)) {
    if (path.startsWith(`${folder}/`) && (best === undefined || folder.length > best.length)) best = folder
  }
  return best === undefined ? undefined : LAYER_OF_FOLDER[best]
}

export function isLayer(name: string): name is Layer {
  return (LAYERS as readonly string[]).includes(name)
}
