/**
 * The sync bench's pure parts (bench/sync.ts runs the processes): the clinic it seeds
 * (patients, their visits, one photo per visit), each photo's bytes, a visit's content
 * as the app saves it, and the latency summary. No I/O here, so test/bench/sync-seed.test.ts
 * checks them without a server.
 *
 * A photo is a JPEG by its header (SOI, then a baseline frame header stating its size,
 * which is all the record server reads of a photo: core/files/raster-bytes.ts), followed
 * by comment segments of pseudo-random bytes (incompressible, as JPEG data is) seeded by
 * the photo's number, so that every photo has bytes, and a SHA-256, of its own. It is not
 * a picture a browser could decode.
 */
import { ANTERIOR_MARKERS } from '#core/markers.js'
import { quantile } from './stats.js'

/** The size of a seeded photo, bytes: a 1200 x 1600 JPEG from a phone or tablet at ordinary quality. */
export const PHOTO_BYTES = 300_000
export const PHOTO_WIDTH = 1200
export const PHOTO_HEIGHT = 1600

/** How many patients and visits a run seeds. */
export interface ClinicSize {
  readonly patients: number
  readonly visits: number
}

/** The patient a visit belongs to: visits dealt out to the patients in turn (5,000 over 1,000: 5 each). */
export const patientOfVisit = (visit: number, size: ClinicSize): number => visit % size.patients

export const patientId = (patient: number): string => `bench-patient-${String(patient).padStart(6, '0')}`
export const visitId = (visit: number): string => `bench-visit-${String(visit).padStart(7, '0')}`
export const patientIdentifier = (patient: number): string => `HC-${String(100_000 + patient)}`

/** A JPEG header and `size` bytes in all: distinct pseudo-random bytes for each `index`. */
export function photoBytes(index: number, size = PHOTO_BYTES, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Uint8Array {
  const bytes = new Uint8Array(size)
  // The filler first, four bytes at a time: xorshift32 seeded by the photo's number (never 0).
  const words = new Uint32Array(bytes.buffer, 0, size >>> 2)
  let state = ((index + 1) * 2654435761) >>> 0 || 1
  for (let i = 0; i < words.length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    words[i] = state >>> 0
  }
  // SOI, then SOF0: length 17, 8 bits, height, width, 3 components (id, sampling, table).
  bytes.set([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3])
  bytes.set([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 12)
  // Comment segments (FFFE, length including itself) over the filler up to the last 2 bytes, EOI.
  let at = 21
  while (at < size - 2) {
    const segment = Math.min(size - 2 - at, 65_537)
    if (segment < 4) {
      bytes.fill(0xff, at, size - 2) // fill bytes between markers
      break
    }
    bytes.set([0xff, 0xfe, (segment - 2) >> 8, (segment - 2) & 0xff], at)
    at += segment
  }
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

/**
 * A visit's content as the app saves it (an assessment file, core/files/record-file-schema.ts):
 * the anterior view with its photo's name and size, the grid calibration and every anterior
 * marker placed; `edit` moves the markers a little (a clinician dragging one, then autosave).
 */
export function visitContent(visit: number, edit = 0, savedAt = '2026-03-02T10:00:00.000Z'): unknown {
  const markers: Record<string, [number, number]> = {}
  ANTERIOR_MARKERS.forEach((m, i) => {
    markers[m.name] = [300 + ((i * 37 + visit + edit) % 600) + 0.5, 200 + i * 55 + (edit % 7)]
  })
  return {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: savedAt,
    view: 'anterior',
    patient_id: patientIdentifier(visit),
    assessment_date: '2026-03-02',
    placement_error_px: 2,
    views: {
      anterior: {
        image: { name: `anterior-${visit}.jpg`, width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
        calibration: {
          lrv_x: 600,
          fc: null,
          grid_size_cm: 5,
          scale_points: [
            [100, 100],
            [100, 300],
          ],
        },
        markers,
        results: null,
      },
    },
  }
}

/** Latencies (ms) as the bench reports them: count, p50, p99 (type 7 quantiles, bench/stats.ts) and max. */
export interface LatencySummary {
  readonly count: number
  readonly p50: number
  readonly p99: number
  readonly max: number
}

export function summarize(latencies: readonly number[]): LatencySummary {
  return {
    count: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.length === 0 ? Number.NaN : Math.max(...latencies),
  }
}

/** Seconds to move `bytes` at `bitsPerSecond` (the payload alone: no protocol overhead). */
export const secondsAt = (bytes: number, bitsPerSecond: number): number => (bytes * 8) / bitsPerSecond
