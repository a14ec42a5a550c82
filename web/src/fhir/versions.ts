/**
 * The versions a FHIR export names (the app's and the pose model's, as the Device that
 * made the measurements): written into the build by Vite's `define` (web/vite.config.ts,
 * from package.json and @mediapipe/pose's package.json); 'development' where the code
 * runs unbuilt (the unit tests in node, `vite` in dev mode gives the real values too).
 */

declare const __APP_VERSION__: string | undefined
declare const __POSE_MODEL_VERSION__: string | undefined

/** The value when the build did not define one. */
export const UNBUILT_VERSION = 'development'

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : UNBUILT_VERSION
export const POSE_MODEL_VERSION: string =
  typeof __POSE_MODEL_VERSION__ === 'string' ? __POSE_MODEL_VERSION__ : UNBUILT_VERSION
