/**
 * Which language the app speaks: the one the user chose (remembered in
 * localStorage), else the first of the browser's preferred languages that the app
 * has (`es*` -> Spanish, `en*` -> English, `pt*` -> Brazilian Portuguese), else English.
 */
import { LOCALES, type Locale } from './format.js'

export const LANGUAGE_STORAGE_KEY = 'posture-metrics.language'

/** The minimal Storage the app needs (window.localStorage in the browser). */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v)
}

/** The first browser language the app has, by its primary subtag ("es-AR" -> "es"). */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    // Portuguese of any region (pt, pt-BR, pt-PT) gets the one Portuguese the app has, Brazil's.
    if (primary === 'pt') return 'pt-BR'
    if (isLocale(primary)) return primary
  }
  return null
}

/** The stored choice, ignoring a missing, unknown or unreadable value (private mode, blocked storage). */
export function storedLocale(store: KeyValueStore | null): Locale | null {
  try {
    const v = store?.getItem(LANGUAGE_STORAGE_KEY)
    return isLocale(v) ? v : null
  } catch {
    return null
  }
}

/** The language to start in. */
export function initialLocale(store: KeyValueStore | null, languages: readonly string[]): Locale {
  return storedLocale(store) ?? browserLocale(languages) ?? 'en'
}

/** Remembers the user's choice; a storage that refuses it only means it is not remembered. */
export function rememberLocale(store: KeyValueStore | null, locale: Locale): void {
  try {
    store?.setItem(LANGUAGE_STORAGE_KEY, locale)
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
}
