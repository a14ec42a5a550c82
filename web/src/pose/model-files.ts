/**
 * The pose model's files: which of @mediapipe/pose's files the app ships, where the
 * service serves them (dist/web/pose/, from the app's own origin) and which model.
 * vite.config.ts copies exactly this list into the build; the detector asks pose.js
 * for nothing else. Pure data, no DOM: the build and the tests read it too.
 */

/** Folder of the pose files, relative to the app's page. */
export const POSE_DIR = 'pose/'

/**
 * The landmark model: MediaPipe's `modelComplexity` 0 = lite, 1 = full (2 = heavy is
 * not shipped). Chosen by the accuracy and time measured in bench/pose.ts (see
 * bench/README.md, "Marker suggestions").
 */
export const POSE_MODEL = { name: 'full', complexity: 1, file: 'pose_landmark_full.tflite' } as const

/**
 * Every file pose.js requests with the model above: its loaders, the SIMD WebAssembly
 * build and the non-SIMD fallback (pose.js picks one by feature detection), the packed
 * assets (the person detector) and the graph.
 */
export const POSE_FILES = [
  'pose_solution_packed_assets_loader.js',
  'pose_solution_packed_assets.data',
  'pose_web.binarypb',
  'pose_solution_simd_wasm_bin.js',
  'pose_solution_simd_wasm_bin.wasm',
  'pose_solution_wasm_bin.js',
  'pose_solution_wasm_bin.wasm',
  POSE_MODEL.file,
] as const
