/**
 * The FHIR settings a clinician types once: the server's base URL, the patient
 * identifier system and the clinician's name (kept in localStorage, like the language),
 * and the access token, kept in sessionStorage only: it lives while the tab is open and
 * is never written to the record, a backup, a file or a log. Also the origins this
 * browser was already allowed to send to (asked before the first send to each).
 * Pure: the storages come in as arguments (null where the browser blocks them).
 */

/** The part of Web Storage used here (localStorage, sessionStorage, or a Map-backed stand-in). */
export interface KeyValue {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface FhirSettings {
  readonly baseUrl: string
  readonly identifierSystem: string
  readonly performerName: string
}

export const EMPTY_FHIR_SETTINGS: FhirSettings = { baseUrl: '', identifierSystem: '', performerName: '' }

export const SETTINGS_KEY = 'posture-metrics.fhir'
export const CONFIRMED_KEY = 'posture-metrics.fhir.confirmed'
export const TOKEN_KEY = 'posture-metrics.fhir.token'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

function read(storage: KeyValue | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(storage: KeyValue | null, key: string, value: string | null): void {
  try {
    if (value === null || value === '') storage?.removeItem(key)
    else storage?.setItem(key, value)
  } catch {
    // Storage blocked or full: the setting lasts as long as the page.
  }
}

export class FhirSettingsStore {
  /** What the page holds when a storage is blocked. */
  private memory: { settings: FhirSettings; token: string; confirmed: string[] } = {
    settings: EMPTY_FHIR_SETTINGS,
    token: '',
    confirmed: [],
  }

  constructor(
    private readonly local: KeyValue | null,
    private readonly session: KeyValue | null,
  ) {}

  settings(): FhirSettings {
    const raw = read(this.local, SETTINGS_KEY)
    if (raw === null) return this.memory.settings
    try {
      const v = JSON.parse(raw) as Record<string, unknown>
      return {
        baseUrl: text(v.baseUrl),
        identifierSystem: text(v.identifierSystem),
        performerName: text(v.performerName),
      }
    } catch {
      return this.memory.settings
    }
  }

  saveSettings(settings: FhirSettings): void {
    this.memory.settings = settings
    write(this.local, SETTINGS_KEY, JSON.stringify(settings))
  }

  /** The access token of this tab's session ('' when none). */
  token(): string {
    return read(this.session, TOKEN_KEY) ?? this.memory.token
  }

  saveToken(token: string): void {
    this.memory.token = token
    write(this.session, TOKEN_KEY, token)
  }

  /** Whether this browser already sent to `origin` after the clinician confirmed it. */
  confirmed(origin: string): boolean {
    return this.confirmedOrigins().includes(origin)
  }

  confirm(origin: string): void {
    const origins = [...new Set([...this.confirmedOrigins(), origin])]
    this.memory.confirmed = origins
    write(this.local, CONFIRMED_KEY, JSON.stringify(origins))
  }

  private confirmedOrigins(): string[] {
    const raw = read(this.local, CONFIRMED_KEY)
    if (raw === null) return this.memory.confirmed
    try {
      const v = JSON.parse(raw) as unknown
      return Array.isArray(v) ? v.filter((o): o is string => typeof o === 'string') : []
    } catch {
      return []
    }
  }
}
