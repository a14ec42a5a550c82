/** The shape of a catalogue entry: a string, or plural forms picked by the `count` parameter. */
export type Message =
  | string
  | { readonly one?: string; readonly few?: string; readonly many?: string; readonly other: string }

/** Values a message's `{name}` parameters take. */
export type Params = Readonly<Record<string, string | number>>
