/**
 * The shape of a catalogue entry: a string, or plural forms picked by the `count`
 * parameter through Intl.PluralRules (`one`, `few`, `many`, `other`), and `none`, the
 * words for a count of exactly 0 where a language says it otherwise ("No visits left"
 * rather than "0 visits left"); without `none`, 0 takes the form PluralRules gives it.
 */
export type Message =
  | string
  | {
      readonly none?: string
      readonly one?: string
      readonly few?: string
      readonly many?: string
      readonly other: string
    }

/** Values a message's `{name}` parameters take. */
export type Params = Readonly<Record<string, string | number>>
