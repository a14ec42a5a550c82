/**
 * Text for the PDF's standard fonts (Helvetica, WinAnsiEncoding, not embedded): every
 * character outside WinAnsi is mapped to a WinAnsi equivalent (U+2212 minus to "-",
 * thin and narrow spaces to spaces, "≈" to "~", ...), so nothing prints as garbage.
 * Spanish needs nothing mapped: its accents, ñ, ¿ and ¡ are in WinAnsi. Pure: no DOM.
 */

/** The characters of WinAnsiEncoding (Windows-1252) above Latin-1's printable ranges, by Unicode code point. */
const WIN_ANSI_EXTRA = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
    0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
  ].map((code) => String.fromCodePoint(code)),
)

/** True when the character (one code point) has a glyph in WinAnsiEncoding. */
export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || WIN_ANSI_EXTRA.has(char)
}

/** What the app's texts use outside WinAnsi, and what stands for it in the PDF. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2212': '-', // minus sign
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2002': ' ', // en space
  '\u2003': ' ', // em space
  '\u2007': '\u00a0', // figure space (does not break)
  '\u2008': ' ', // punctuation space
  '\u2009': ' ', // thin space
  '\u200a': ' ', // hair space
  '\u202f': '\u00a0', // narrow no-break space (French and Intl's time formats)
  '\u200b': '', // zero-width space
  '\u2060': '', // word joiner
  '\ufe0e': '', // text presentation selector
  '\ufe0f': '', // emoji presentation selector
  '\t': ' ',
  '\ufeff': '', // byte-order mark
  '\u2248': '~', // almost equal
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u221a': 'sqrt',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2191': '^',
  '\u2193': 'v',
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2713': 'v', // check mark
  '\u2715': 'x',
  '\u2080': '0',
  '\u2081': '1',
  '\u2082': '2',
  '\u2083': '3',
  '\u2074': '4',
  '\u2206': 'delta',
  '\u0394': 'Delta',
  '\u03b8': 'theta',
  '\u03c3': 'sigma',
}

/**
 * The text with every character outside WinAnsi replaced: by its entry in the table,
 * else by its letters without their accents when that gives WinAnsi (e.g. "ő" to "o"),
 * else by "?". WinAnsi text comes back unchanged.
 */
export function winAnsiText(text: string): string {
  let out = ''
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) out += char
    else if (char in REPLACEMENTS) out += REPLACEMENTS[char]
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '')
      out += bare !== '' && [...bare].every(isWinAnsi) ? bare : '?'
    }
  }
  return out
}
