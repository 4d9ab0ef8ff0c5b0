/**
 * The one sanitizer of text a person wrote, before it is shown, mailed or
 * quoted back: it takes out the characters that do not travel or that make
 * text read other than it is —
 *
 * - control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F);
 * - zero-width and direction-changing characters (U+200B–U+200F,
 *   U+202A–U+202E, U+2060–U+2069) and the byte order mark (U+FEFF);
 * - half of a surrogate pair without its other half.
 */

const UNSAFE = new RegExp(
  [
    // control characters
    '[\\u0000-\\u001F\\u007F-\\u009F]',
    // zero-width and direction-changing characters, the byte order mark
    '[\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\uFEFF]',
    // a high surrogate without its low one, a low one without its high one
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
  'g',
);

export interface PlainTextOptions {
  /** Let tabs through; default false. */
  readonly tabs?: boolean;
  /** Let line feeds (`\n`) through; default false. */
  readonly lineFeeds?: boolean;
  /** What each character taken out becomes; default nothing. */
  readonly replacement?: string;
}

/** `text` without control, invisible or direction-changing characters (but the tabs and line feeds asked for). */
export function plainText(text: string, options: PlainTextOptions = {}): string {
  const { tabs = false, lineFeeds = false, replacement = '' } = options;
  return text.replace(UNSAFE, (ch) => ((ch === '\t' && tabs) || (ch === '\n' && lineFeeds) ? ch : replacement));
}
