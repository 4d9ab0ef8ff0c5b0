/**
 * Which seat a mail is for. A seat's token reaches the service two ways: in
 * the address the player replies to (`orders+<token>@<mail domain>`, the
 * Reply-To of every mail the service sends a seat) or on a `PASSWORD <token>`
 * line of the body. A token alone finds its seat: only its SHA-256 is stored,
 * under a unique index.
 */
import type { Seat } from '../games/seats/seats.repository.ts';
import { secretMatches, sha256Hex } from '../games/secrets.ts';
import { cleanBody, COMMANDS, MASKED_PASSWORD, type Command } from '../orders/index.ts';
import { isOneOf, keyword, stripComment, words } from '../orders/words.ts';
import { kindOf, RULESETS } from '../kinds/index.ts';

/** What a body says before it is checked against a seat: enough to find the seat and to answer sensibly. */
export interface BodyOutline {
  /** The secret of a PASSWORD line (never logged, never echoed). */
  readonly password: string | null;
  /** The game a GAME line names. */
  readonly gameId: string | null;
  /** The turn a TURN line names. */
  readonly turn: number | null;
  readonly commands: readonly Command[];
  /** Whether the body holds a line opened by one of the order keywords it was read with, or sends a MESSAGE. */
  readonly orders: boolean;
  /** Whether the body holds a setting (`SET WIDTH 100`), well written or not: it is read like a command. */
  readonly settings: boolean;
  /** An `OBSERVE <game>` or `UNOBSERVE <game>` line (games/observers), the first one; the game as written. */
  readonly observe: { readonly word: 'OBSERVE' | 'UNOBSERVE'; readonly gameId: string } | null;
  /** A `JOIN <game> [side]` line: asking for an open side of a game (mail without a seat token). */
  readonly join: { readonly gameId: string | null; readonly side: string | null } | null;
}

/** A token as seats are given them: base64url, as secrets.ts makes them. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Tokens in the service's sub-addresses among `recipients`, in their order, each once. */
export function recipientTokens(recipients: readonly string[], mailDomain: string): string[] {
  const domain = mailDomain.toLowerCase();
  const out: string[] = [];
  for (const address of recipients) {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) continue;
    const local = address.slice(0, at);
    const plus = local.indexOf('+');
    if (plus < 0 || local.slice(0, plus).toLowerCase() !== 'orders') continue;
    const token = local.slice(plus + 1);
    if (TOKEN.test(token) && !out.includes(token)) out.push(token);
  }
  return out;
}

/** The words that open an order or setup line in any kind's languages: a mail whose game is not known yet. */
export const ANY_KIND_ORDER_KEYWORDS: readonly string[] = [
  ...new Set(RULESETS.flatMap((ruleset) => kindOf(ruleset).orderKeywords)),
];

/**
 * The lines that matter before the seat is known, read the way the orders
 * language reads them (quotes, reply headers and signatures dropped; a
 * MESSAGE's text skipped; nothing after END). A line opened by one of
 * `orderKeywords` is orders: those of the game's kind once the game is known
 * (`kindOf(ruleset).orderKeywords`), every kind's before.
 */
export function outlineBody(body: string, orderKeywords: readonly string[] = ANY_KIND_ORDER_KEYWORDS): BodyOutline {
  let password: string | null = null;
  let gameId: string | null = null;
  let turn: number | null = null;
  let orders = false;
  let settings = false;
  let observe: BodyOutline['observe'] = null;
  let join: BodyOutline['join'] = null;
  const commands: Command[] = [];
  let inMessage = false;
  for (const line of cleanBody(body).lines) {
    const text = stripComment(line.text);
    const ws = words(text);
    const head = keyword(ws[0]);
    if (inMessage) {
      if (head === 'END' && ws.length === 1) inMessage = false;
      continue;
    }
    if (head === 'END') break;
    if (head === 'MESSAGE') {
      inMessage = true;
      orders = true;
    } else if (orderKeywords.includes(head)) orders = true;
    else if (head === 'PASSWORD') password ??= text.split(' ')[1] ?? null;
    else if (head === 'NO' && keyword(ws[1]) === 'ORDERS' && ws.length === 2) {
      if (!commands.includes('HOLD')) commands.push('HOLD');
    } else if (head === 'SET') settings = true;
    else if ((head === 'OBSERVE' || head === 'UNOBSERVE') && ws.length === 2)
      observe ??= { word: head, gameId: ws[1]!.toLowerCase().slice(0, 64) };
    else if (head === 'JOIN')
      join ??= { gameId: ws[1]?.toLowerCase().slice(0, 64) ?? null, side: ws[2]?.toLowerCase().slice(0, 40) ?? null };
    else if (isOneOf(head, COMMANDS)) {
      if (!commands.includes(head)) commands.push(head);
    } else if (head === 'GAME' || head === 'TURN') {
      for (let k = 0; k < ws.length; k += 1) {
        const kw = keyword(ws[k]);
        const v = ws[k + 1];
        if (kw === 'GAME' && v !== undefined) gameId ??= v.toLowerCase().slice(0, 64);
        if (kw === 'TURN' && v !== undefined && /^\d{1,9}$/.test(v)) turn ??= Number(v);
      }
    }
  }
  return { password, gameId, turn, commands, orders, settings, observe, join };
}

/**
 * The body with every PASSWORD line's secret masked, as it is stored with the
 * orders and quoted in answers: the secret is checked, never kept. Line
 * numbers do not change.
 */
export function maskPasswords(body: string): string {
  return body.replace(/^([ \t>]*)password([ \t]+)[^\r\n]*/gim, (_line, lead: string) => `${lead}${MASKED_PASSWORD}`);
}

/** A token offered by a mail, and where it came from. */
export interface TokenCandidate {
  readonly token: string;
  readonly from: 'address' | 'password';
}

/** The SHA-256 of each candidate token that is well formed (only those can open a seat), to look the seats up by. */
export function candidateHashes(candidates: readonly TokenCandidate[]): string[] {
  return candidates.filter((c) => TOKEN.test(c.token)).map((c) => sha256Hex(c.token));
}

/**
 * The first of the candidate tokens that opens one of `seats` (those looked up by candidateHashes), and where it came
 * from; null for wrong, rotated or malformed tokens.
 */
export function pickSeat<S extends { readonly seat: Seat }>(
  candidates: readonly TokenCandidate[],
  seats: readonly S[],
): (S & { token: string; from: 'address' | 'password' }) | null {
  for (const c of candidates) {
    if (!TOKEN.test(c.token)) continue;
    const hit = seats.find((s) => secretMatches(c.token, s.seat.tokenHash));
    if (hit) return { ...hit, token: c.token, from: c.from };
  }
  return null;
}
