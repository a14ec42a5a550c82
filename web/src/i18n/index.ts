/**
 * The one way user-facing text is produced: t(key, params). Keys are typed from the
 * English catalogue; another language is a catalogue with the same keys (Record<MessageKey, Message>)
 * registered here. Pure: no DOM, so it runs in node tests too.
 */
import { en, type MessageKey } from './en.js'
import { es } from './es.js'
import { LOCALES, type Locale, plainNumber } from './format.js'
import { pt } from './pt.js'
import { PT_TERMS } from './pt-BR/terms.js'
import { TOUCH_PT } from './pt-BR/touch.js'
import { EN_TERMS, ES_TERMS, type MarkerText, type MetricText, type Terms } from './terms.js'
import { TOUCH_EN, TOUCH_ES, touchScreen } from './touch.js'
import type { Message, Params } from './types.js'

export type { Message, MessageKey, Params }

export type Catalogue = Readonly<Record<MessageKey, Message>>

const catalogues: Record<string, Catalogue> = { en, es, 'pt-BR': pt }
const TERMS: Record<string, Terms> = { en: EN_TERMS, es: ES_TERMS, 'pt-BR': PT_TERMS }
/** The touch screen's wording of the messages that say "click" (touch.ts), by language. */
const TOUCH: Record<string, Partial<Record<MessageKey, Message>>> = {
  en: TOUCH_EN,
  es: TOUCH_ES,
  'pt-BR': TOUCH_PT,
}
let locale = 'en'
let plurals = new Intl.PluralRules(locale)

/** The language texts are produced in. */
export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en'
}

/** Marker and metric wording in the current language (terms.ts). */
export function terms(): Terms {
  return TERMS[locale] ?? EN_TERMS
}

/** A marker's label and hint in the current language (the name itself for an unknown marker). */
export function markerText(name: string): MarkerText {
  return (terms().markers as Record<string, MarkerText>)[name] ?? { label: name, hint: '' }
}

/** A metric's name and sign meaning in the current language. */
export function metricText(view: keyof Terms['metrics'], name: string): MetricText {
  return terms().metrics[view][name] ?? EN_TERMS.metrics[view][name] ?? { label: name, meaning: '' }
}

/** Switches the language (a registered catalogue's code); unknown codes fall back to English. */
export function setLocale(code: string): void {
  locale = code in catalogues ? code : 'en'
  plurals = new Intl.PluralRules(locale)
}

/** Makes a catalogue available to setLocale. */
export function registerCatalogue(code: string, catalogue: Catalogue): void {
  catalogues[code] = catalogue
}

/**
 * The text of `key` in the current language (its touch wording on a touch screen: touch.ts),
 * with `{name}` replaced by params.name;
 * a number parameter is written with every digit in the language's notation
 * (Spanish and Portuguese: decimal comma), so no sentence shows a '.' decimal there.
 */
export function t(key: MessageKey, params: Params = {}): string {
  const entry: Message = (touchScreen() ? TOUCH[locale]?.[key] : undefined) ?? catalogues[locale]?.[key] ?? en[key]
  let text: string
  if (typeof entry === 'string') text = entry
  else {
    const count = typeof params.count === 'number' ? params.count : Number.NaN
    text = pluralForm(entry, count)
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? paramText(params[name]!) : whole))
}

/**
 * The form of a plural entry for `count`: `none` for exactly 0 when the entry has it,
 * else the language's plural category (Intl.PluralRules; a category the entry lacks,
 * such as CLDR's `zero` or `two`, falls back to `other`); `other` when there is no count.
 */
function pluralForm(entry: Exclude<Message, string>, count: number): string {
  if (Number.isNaN(count)) return entry.other
  if (count === 0 && entry.none !== undefined) return entry.none
  const category = plurals.select(count)
  const form = category === 'one' || category === 'few' || category === 'many' ? entry[category] : undefined
  return form ?? entry.other
}

function paramText(value: string | number): string {
  return typeof value === 'number' ? plainNumber(value, currentLocale()) : value
}
