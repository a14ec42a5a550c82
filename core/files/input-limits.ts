/**
 * The ranges the app accepts for the numbers a clinician types, which the file
 * schema (core/files/record-file-schema.ts) widens into its physical bounds: shared
 * by the app (its fields), the files it reads and the record server.
 */

/** Plausible values: fc of a posture photo (cm per px), and the known distance between the scale points (cm). */
export const PLAUSIBLE = {
  fc: { min: 0.005, max: 5 },
  knownDistance: { min: 1, max: 300 },
} as const

/** The range the app accepts for the placement error, px. */
export const PLACEMENT_SD_LIMITS = { min: 0, max: 50, step: 0.5 } as const
