/**
 * Mail-body cleaning: from whatever a player's mail client or a web textarea
 * sends, keep only the lines the player wrote themselves, numbered as in the
 * original text. Quoted lines (`> …`), reply headers ("On … wrote:") and
 * blank-spacing quirks are dropped; a signature or a quoted original ends the
 * player's text. Pure and linear: each line is looked at a bounded number of times.
 */
import { LIMITS, type OrdersProblem } from './types.ts';

export interface BodyLine {
  /** 1-based line number in the text as sent. */
  readonly line: number;
  /** The line verbatim, without its line break. */
  readonly raw: string;
  /** The line with every run of spacing made one space, trimmed; '' for a blank line. */
  readonly text: string;
}

export interface CleanBody {
  readonly lines: readonly BodyLine[];
  /**
   * Set when examination stopped at a limit (LIMITS.textChars or LIMITS.lines)
   * rather than at the end of the text, a signature or a quoted original. Only
   * a problem if the player's text had not already ended (an END line) by then.
   */
  readonly cut: OrdersProblem | null;
}

/** Characters that take no room: dropped outright (HTML-to-text conversions sprinkle them). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Tabs, non-breaking and other Unicode spaces: all one space. `\s` covers them. */
export function normalizeSpacing(raw: string): string {
  return raw.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** Splits the text into lines at `\r\n`, `\r` or `\n`, keeping at most `max`. */
function splitLines(text: string, max: number): { lines: string[]; more: boolean } {
  const lines: string[] = [];
  const br = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    if (lines.length === max) return { lines, more: start < text.length };
    const m = br.exec(text);
    if (!m) {
      lines.push(text.slice(start));
      return { lines, more: false };
    }
    lines.push(text.slice(start, m.index));
    start = m.index + m[0].length;
  }
}

/** A signature separator: a line that is exactly `-- ` or `--` (RFC 3676), or a mobile client's footer. */
function isSignature(text: string): boolean {
  if (text === '--') return true;
  return text.length <= 80 && /^(sent from my |get outlook for )/i.test(text);
}

const QUOTED_ORIGINAL = [
  /^-{2,} ?(original message|forwarded message|message d'origine|ursprüngliche nachricht|message transféré) ?-{2,}$/i,
  /^begin forwarded message:?$/i,
];

/** Outlook's unquoted copy of the original: "From: …" followed closely by "Sent:"/"Date:"/"To:"/"Subject:". */
const HEADER_FROM = /^(from|de|von|da|van|från) ?:/i;
const HEADER_NEXT =
  /^(sent|date|to|subject|cc|envoyé|à|objet|gesendet|datum|an|betreff|enviado|para|asunto|inviato|oggetto|verzonden|aan|onderwerp) ?:/i;

function startsHeaderBlock(lines: readonly string[], i: number): boolean {
  const first = normalizeSpacing(lines[i] ?? '');
  if (!HEADER_FROM.test(first)) return false;
  for (let j = i + 1; j < lines.length && j <= i + 4; j++) {
    if (HEADER_NEXT.test(normalizeSpacing(lines[j]!))) return true;
  }
  return false;
}

/** Whether the player's own text ends before line i: what follows is a quoted or forwarded original. */
function endsOwnText(lines: readonly string[], i: number, text: string): boolean {
  if (QUOTED_ORIGINAL.some((re) => re.test(text))) return true;
  if (/^_{10,}$/.test(text)) {
    let j = i + 1;
    while (j < lines.length && normalizeSpacing(lines[j]!) === '') j++;
    return startsHeaderBlock(lines, j);
  }
  return startsHeaderBlock(lines, i);
}

/** "wrote:" in the languages mail clients write it in, possibly followed by the author before the colon. */
const WROTE =
  /(wrote|a écrit|schrieb|escribió|escribio|ha scritto|schreef|escreveu|skrev|kirjoitti|napisał|napsal|написал)[^:]{0,200}:$/i;
/** How a reply header begins, for headers wrapped over two lines. */
const OPENER = /^(on|le|am|el|il|op|em|den|w dniu|dne) /i;

/**
 * A reply header: ends in "wrote:" (or its translation) and names a date or an
 * address — so a message line like "As Sun Tzu wrote:" is kept.
 */
export function isReplyHeader(text: string): boolean {
  return text.length <= 400 && WROTE.test(text) && /[\d@]/.test(text);
}

export function isQuoted(text: string): boolean {
  return text.startsWith('>');
}

/** A quoted line without its quote marks (`> > x` is `x`), and how deep it was quoted. */
function unquote(text: string): { depth: number; text: string } {
  const m = /^((?:> ?)+)/.exec(text);
  if (!m) return { depth: 0, text };
  return { depth: m[1]!.replace(/ /g, '').length, text: text.slice(m[1]!.length).trim() };
}

const BLOCK_START = /^game\s+\S+(\s+turn\b.*)?$/i;
const BLOCK_END = /^end$/i;

/**
 * The order block of the mail this one answers, as the player left it: the
 * first `GAME … END` block in the quoted part of the body — in `> ` quoted
 * lines (Gmail, Thunderbird, Apple Mail), or under the header of an unquoted
 * original (Outlook's "From: … Sent: …", "-----Original Message-----") —
 * without its quote marks, each line with its number in the mail. Null when
 * the quoted part holds no whole block. Orders written outside the quote always
 * come first; the caller reads this only when there are none.
 */
export function quotedOrderBlock(body: string): BodyLine[] | null {
  const examined = body.length > LIMITS.textChars ? body.slice(0, LIMITS.textChars) : body;
  const { lines: raws } = splitLines(examined, LIMITS.lines);
  let own = true;
  let block: BodyLine[] | null = null;
  let depth = 0;
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i]!;
    const text = normalizeSpacing(raw);
    if (own && (isSignature(text) || endsOwnText(raws, i, text))) own = false;
    const q = unquote(text);
    const inQuote = !own || q.depth > 0;
    // A block goes on at its own quote depth; a line at another depth, or the player's own text, ends it unfinished.
    if (block !== null && (!inQuote || q.depth !== depth)) block = null;
    if (inQuote && BLOCK_START.test(q.text)) {
      block = [{ line: i + 1, raw: q.text, text: q.text }];
      depth = q.depth;
      continue;
    }
    if (block === null) continue;
    block.push({ line: i + 1, raw: q.text, text: q.text });
    if (BLOCK_END.test(q.text)) return block;
  }
  return null;
}

/** The player's own lines of a body, in order, with their original line numbers. */
export function cleanBody(body: string): CleanBody {
  const tooLong = body.length > LIMITS.textChars;
  const examined = tooLong ? body.slice(0, LIMITS.textChars) : body;
  const { lines: raws, more } = splitLines(examined, LIMITS.lines);
  if (raws.length > 0 && raws[0]!.startsWith('\uFEFF')) raws[0] = raws[0]!.slice(1);

  const lines: BodyLine[] = [];
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i]!;
    const text = normalizeSpacing(raw);
    if (isSignature(text) || endsOwnText(raws, i, text)) return { lines, cut: null };
    if (isQuoted(text) || isReplyHeader(text)) continue;
    const next = raws[i + 1];
    if (next !== undefined && OPENER.test(text) && isReplyHeader(`${text} ${normalizeSpacing(next)}`)) {
      i += 1; // a header wrapped over two lines: skip both halves
      continue;
    }
    lines.push({ line: i + 1, raw, text });
  }
  const last = raws.length;
  if (more) {
    return {
      lines,
      cut: {
        line: last,
        code: 'TOO_MANY_LINES',
        message: `the text has more than ${LIMITS.lines} lines; only the first ${LIMITS.lines} were read — send your orders without the rest, or end them with END`,
      },
    };
  }
  if (tooLong) {
    return {
      lines,
      cut: {
        line: last,
        code: 'TEXT_TOO_LONG',
        message: `the text is ${body.length} characters long; only the first ${LIMITS.textChars} were read — send your orders without the rest, or end them with END`,
      },
    };
  }
  return { lines, cut: null };
}
