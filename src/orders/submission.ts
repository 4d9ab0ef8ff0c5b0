/**
 * Reading a submission (service.md "The orders language"), for every kind: a
 * mail body or a web form's text, read line by line — the header, commands,
 * settings, a message, greetings skipped, an order block edited in the quoted
 * report — with the kind's own order lines read by the kind (`OrderLines`), and
 * every problem listed by line. All or nothing: any problem and nothing is
 * accepted. Never throws on any input; the work is linear in the (capped) text.
 */
import type { RuleError } from '../rules/result.ts';
import { cleanBody, normalizeSpacing, quotedOrderBlock, type BodyLine } from './clean.ts';
import {
  COMMANDS,
  HISTORY_MAX_TURNS,
  LIMITS,
  REPORT_CHANNELS,
  REPORT_FORMATS,
  REPORT_WIDTH_CHOICES,
  SHELL_KEYWORDS,
  ANONYMOUS_WORD,
  PRESS_TO,
  type Command,
  type MessageOrder,
  type OrdersProblem,
  type UnderstoodLine,
} from './types.ts';
import { isOneOf, keyword, listWords, nearestKeyword, show, stripComment, unknownWordMessage, words } from './words.ts';
import { plainText } from '../lib/text.ts';

/** What a PASSWORD line is echoed as: the secret itself never goes back out. */
export const MASKED_PASSWORD = 'PASSWORD ********';

/** Who a submission is from and what it is for: what every kind's orders language checks the shared lines against. */
export interface SubmissionFrame {
  readonly gameId: string;
  /** The turn now open for orders. */
  readonly turn: number;
  /** The seat's side. */
  readonly side: string;
  /** Every side of the game, for MESSAGE. */
  readonly sides: readonly string[];
}

/** What every submission may say besides its orders: the header, commands, a message, the lines understood. */
export interface SubmissionCommon {
  gameId: string | null;
  turn: number | null;
  /** The seat's secret from a PASSWORD line: for checking only, never to be echoed. */
  password: string | null;
  commands: Command[];
  message: MessageOrder | null;
  lines: UnderstoodLine[];
  /**
   * What the service did with the text that the player should know: a greeting or sign-off skipped, orders read
   * from the quoted report. Said in the answer; empty when the text was read as written.
   */
  notes: string[];
}

/** The state of a submission being read, line by line. */
export class Reading {
  readonly value: SubmissionCommon = {
    gameId: null,
    turn: null,
    password: null,
    commands: [],
    message: null,
    lines: [],
    notes: [],
  };
  readonly problems: OrdersProblem[] = [];
  /** Whether a problem beyond LIMITS.errors came up: the submission is rejected, reading stops. */
  full = false;
  /** Whether any line asked for something (an order line, a command, a MESSAGE), understood or not. */
  attempted = false;

  constructor(readonly ctx: SubmissionFrame) {}

  report(line: number | null, p: RuleError): void {
    if (this.problems.length >= LIMITS.errors) {
      this.full = true;
      return;
    }
    this.problems.push(
      p.ship === undefined
        ? { line, code: p.code, message: p.message }
        : { line, code: p.code, message: p.message, ship: p.ship },
    );
  }

  /**
   * Problems so far, the ones past the limit included: compared before and after a line to see if it was understood.
   */
  get problemCount(): number {
    return this.problems.length + (this.full ? 1 : 0);
  }

  understood(line: number, text: string, ship?: string): void {
    this.value.lines.push(ship === undefined ? { line, text } : { line, text, ship });
  }
}

function readGameAndTurn(r: Reading, line: number, ws: readonly string[]): void {
  const { ctx } = r;
  let k = 0;
  while (k < ws.length) {
    const kw = keyword(ws[k]);
    const v = ws[k + 1];
    const hasValue = v !== undefined && !isOneOf(v, ['GAME', 'TURN']);
    if (kw === 'GAME') {
      if (!hasValue)
        r.report(line, { code: 'GAME_ID_MISSING', message: `GAME needs the game's id: GAME ${ctx.gameId}` });
      else if (v.toLowerCase() === ctx.gameId.toLowerCase()) r.value.gameId = ctx.gameId;
      else {
        r.value.gameId = show(v, 64);
        r.report(line, {
          code: 'WRONG_GAME',
          message: `GAME ${show(v)} is not this game: these orders went to game ${ctx.gameId}; write GAME ${ctx.gameId}, or send them to the other game's address`,
        });
      }
    } else if (kw === 'TURN') {
      if (!hasValue || !/^\d+$/.test(v)) {
        r.report(line, { code: 'TURN_NOT_NUMBER', message: `TURN needs the turn number: TURN ${ctx.turn}` });
      } else {
        const n = v.length > 12 ? Infinity : Number(v);
        if (n !== Infinity) r.value.turn = n;
        if (n < ctx.turn)
          r.report(line, { code: 'WRONG_TURN', message: `TURN ${n} is over; the current turn is ${ctx.turn}` });
        else if (n > ctx.turn)
          r.report(line, {
            code: 'WRONG_TURN',
            message: `TURN ${show(v)} has not begun; the current turn is ${ctx.turn}`,
          });
      }
    } else {
      r.report(line, {
        code: 'EXTRA_WORDS',
        message: `"${show(ws[k]!)}" is not understood here: the line reads GAME ${ctx.gameId} TURN ${ctx.turn}`,
      });
      return;
    }
    k += hasValue ? 2 : 1;
  }
}

function readPassword(r: Reading, line: number, text: string): void {
  // Split on spaces only: a secret may hold commas. Never quote the secret back, not even in a problem.
  const parts = text.split(' ');
  const secret = parts[1];
  if (secret === undefined) {
    r.report(line, {
      code: 'PASSWORD_MISSING',
      message: 'PASSWORD needs your secret after it, as in the order block of your report',
    });
    return;
  }
  if (parts.length > 2)
    r.report(line, { code: 'EXTRA_WORDS', message: 'PASSWORD takes one word, your secret, and nothing after it' });
  if (r.value.password !== null && r.value.password !== secret) {
    r.report(line, { code: 'PASSWORD_TWICE', message: 'two different PASSWORD lines: give your secret once' });
  }
  r.value.password ??= secret;
}

/**
 * `SET WIDTH <78 or 100>`: how wide the seat's text turn reports are; `SET REPORTS <MAIL or WEB>`: whether they are
 * mailed, or shown on the web only; `SET REPORT <JSON or TEXT>`: whether each one has the seat's view as JSON attached.
 */
function readSet(r: Reading, line: number, ws: readonly string[]): void {
  const choices = REPORT_WIDTH_CHOICES.join(' or ');
  const what = keyword(ws[1]);
  const value = ws[2];
  if (what === 'REPORTS') {
    const where = REPORT_CHANNELS.find((c) => c === keyword(value));
    if (where === undefined || ws.length > 3) {
      r.report(line, {
        code: 'SET_REPORTS',
        message: `SET REPORTS takes MAIL (turn reports by mail, the default) or WEB (on the game page only)${value === undefined ? '' : `, not ${show(ws.slice(2).join(' '))}`}`,
      });
      return;
    }
    const command: Command = `SET REPORTS ${where}`;
    r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('SET REPORTS')), command];
    return;
  }
  if (what === 'ABSENCE') {
    readAbsence(r, line, ws);
    return;
  }
  if (what === 'REPORT') {
    const format = REPORT_FORMATS.find((f) => f === keyword(value));
    if (format === undefined || ws.length > 3) {
      r.report(line, {
        code: 'SET_REPORT',
        message: `SET REPORT takes JSON (your view of the game attached to each turn report, as the API gives it) or TEXT (no attachment, the default)${value === undefined ? '' : `, not ${show(ws.slice(2).join(' '))}`}`,
      });
      return;
    }
    const command: Command = `SET REPORT ${format}`;
    r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('SET REPORT ')), command];
    return;
  }
  if (what !== 'WIDTH') {
    r.report(line, {
      code: 'SET_UNKNOWN',
      message: `SET ${what === '' ? 'needs a setting' : `${show(ws[1]!)} is not a setting`}: write SET WIDTH ${choices}, SET REPORTS MAIL or WEB, SET REPORT JSON or TEXT, or SET ABSENCE <first day> TO <last day>`,
    });
    return;
  }
  const width = REPORT_WIDTH_CHOICES.find((w) => String(w) === value);
  if (width === undefined || ws.length > 3) {
    r.report(line, {
      code: 'SET_WIDTH',
      message: `SET WIDTH takes ${choices} (columns of your turn reports${value === undefined ? '' : `, not ${show(ws.slice(2).join(' '))}`})`,
    });
    return;
  }
  const command: Command = `SET WIDTH ${width}`;
  r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('SET WIDTH')), command];
}

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * `SET ABSENCE <first day> TO <last day>` (or one day: `SET ABSENCE <day>`), days written YYYY-MM-DD in the seat's
 * time zone; `SET ABSENCE NONE` cancels. The game's limits, and whether the days are past, are checked when it is
 * stored (src/games/seats/absences.ts): they need the clock, the seat and the game.
 */
function readAbsence(r: Reading, line: number, ws: readonly string[]): void {
  const example =
    'SET ABSENCE 2026-12-20 TO 2026-12-28 (the first and the last day you cannot play), or SET ABSENCE NONE';
  const rest = ws.slice(2);
  if (rest.length === 1 && keyword(rest[0]) === 'NONE') {
    r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('SET ABSENCE')), 'SET ABSENCE NONE'];
    return;
  }
  const shape = rest.length === 1 || (rest.length === 3 && keyword(rest[1]) === 'TO');
  if (!shape) {
    r.report(line, {
      code: 'SET_ABSENCE',
      message: `SET ABSENCE takes a first and a last day: write ${example}${rest.length === 0 ? '' : `, not ${show(rest.join(' '))}`}`,
    });
    return;
  }
  const first = rest[0]!;
  const last = rest.at(-1)!;
  const bad = [first, last].find((d) => !isDay(d));
  if (bad !== undefined) {
    r.report(line, {
      code: 'ABSENCE_DATE',
      message: `${show(bad)} is not a day: write days as year-month-day, as in ${example}`,
    });
    return;
  }
  if (last < first) {
    r.report(line, {
      code: 'ABSENCE_BACKWARDS',
      message: `the absence ends (${last}) before it starts (${first}): write the first day first, SET ABSENCE ${last} TO ${first}`,
    });
    return;
  }
  const command: Command = `SET ABSENCE ${first} TO ${last}`;
  r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('SET ABSENCE')), command];
}

/** Finds a side by name, ignoring case and spacing. */
function findSide(r: Reading, name: string): string | undefined {
  const want = normalizeSpacing(name).toUpperCase();
  return r.ctx.sides.find((s) => normalizeSpacing(s).toUpperCase() === want);
}

/** Keeps a message as written, less what cannot travel in a mail or would make it read otherwise (tabs stay). */
const sanitizeMessageLine = (raw: string): string => plainText(raw, { tabs: true });

/**
 * Whom a MESSAGE line names: `ALL` (press; `ALL ANONYMOUS`, grey press) or a side, and the text that follows on the
 * line. `ALL` is press whatever the sides are called.
 */
function messageHead(
  r: Reading,
  ws: readonly string[],
): { to: string | undefined; anonymous: boolean; firstLine: string | null } {
  if (keyword(ws[1]) === PRESS_TO) {
    const anonymous = keyword(ws[2]) === ANONYMOUS_WORD;
    const rest = ws.slice(anonymous ? 3 : 2).join(' ');
    return { to: PRESS_TO, anonymous, firstLine: rest === '' ? null : rest };
  }
  const rest = ws.slice(1).join(' ');
  const whole = rest === '' ? undefined : findSide(r, rest);
  if (whole !== undefined || ws[1] === undefined) return { to: whole, anonymous: false, firstLine: null };
  const to = findSide(r, ws[1]);
  return { to, anonymous: false, firstLine: to === undefined ? null : ws.slice(2).join(' ') };
}

/**
 * `MESSAGE <side>` (or `MESSAGE ALL`, `MESSAGE ALL ANONYMOUS`: press) and the text after it, up to a line `END`
 * (which closes the message only) or the end of the player's text. Whether the game takes press is the use case's
 * check. Returns the index of the next line to read.
 */
function readMessage(r: Reading, lines: readonly BodyLine[], at: number, text: string): number {
  const head = lines[at]!;
  const ws = text.split(' ');
  const rest = ws.slice(1).join(' ');
  const { to, anonymous, firstLine } = messageHead(r, ws);
  const before = r.problemCount;
  const others = r.ctx.sides.filter((s) => s !== r.ctx.side);
  if (rest === '')
    r.report(head.line, {
      code: 'MESSAGE_NO_SIDE',
      message: `MESSAGE needs the side to send it to: ${listWords(others)} (or ALL, to every other player)`,
    });
  else if (to === undefined)
    r.report(head.line, {
      code: 'MESSAGE_UNKNOWN_SIDE',
      message: `there is no side ${show(ws[1]!)} in this game; send messages to ${listWords(others)}, or ALL`,
    });
  else if (to === r.ctx.side)
    r.report(head.line, {
      code: 'MESSAGE_OWN_SIDE',
      message: `${to} is your own side; send messages to ${listWords(others)}`,
    });
  if (r.value.message !== null)
    r.report(head.line, { code: 'MESSAGE_TWICE', message: 'only one MESSAGE per submission: put everything in one' });

  const body: string[] = firstLine === null || firstLine === '' ? [] : [firstLine];
  let size = body.join('\n').length;
  const read: { line: number; text: string }[] = [];
  let i = at + 1;
  for (; i < lines.length; i++) {
    const bl = lines[i]!;
    if (bl.text.toUpperCase() === 'END') {
      i += 1;
      break;
    }
    if (size > LIMITS.messageChars) continue; // already too long: read on to its END, keep nothing more
    const kept = sanitizeMessageLine(bl.raw);
    body.push(kept);
    size += kept.length + 1;
    if (bl.text !== '') read.push({ line: bl.line, text: kept });
  }
  const message = body
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
  if (message === '')
    r.report(head.line, {
      code: 'MESSAGE_EMPTY',
      message: 'the MESSAGE has no text: write it on the lines after MESSAGE <side>, then END',
    });
  else if (size > LIMITS.messageChars)
    r.report(head.line, {
      code: 'MESSAGE_TOO_LONG',
      message: `the MESSAGE is longer than ${LIMITS.messageChars} characters; shorten it`,
    });
  if (r.problemCount === before && to !== undefined) {
    r.value.message = anonymous ? { to, text: message, anonymous } : { to, text: message };
    r.understood(head.line, `MESSAGE ${to}${anonymous ? ` ${ANONYMOUS_WORD}` : ''}`);
    for (const l of read) r.understood(l.line, l.text);
  }
  return i;
}

/**
 * A kind's own order lines: the keywords that open them, and how to read one.
 * `read` reports problems on the Reading and returns the piece the line
 * ordered (a ship id), if any, for the echo of what was understood.
 */
export interface OrderLines {
  /** Keywords that open an order line (`SHIP`; `BUILD`, `MOVE` …). */
  readonly keywords: readonly string[];
  read(r: Reading, line: number, ws: readonly string[], head: string): string | undefined;
  /** What to say when a line starts with a word that only belongs inside an order line, or null. */
  misplaced?(head: string): string | null;
  /** Words that belong inside an order line (`SPEED`, `MOVE` …): a line that starts with one is not prose. */
  readonly clauses?: readonly string[];
  /** The problem for a text with no orders, commands or message in it. */
  readonly empty: string;
  /**
   * The order blocks the service sends the seat for this turn (in its report and reminders): a block quoted back
   * unchanged is not taken as orders.
   */
  readonly sent?: () => readonly string[];
}

/** Words that may open a line: the shared ones, with the kind's own order lines after PASSWORD. */
function lineKeywords(orderLines: OrderLines): string[] {
  const at = SHELL_KEYWORDS.indexOf('PASSWORD') + 1;
  return [...SHELL_KEYWORDS.slice(0, at), ...orderLines.keywords, ...SHELL_KEYWORDS.slice(at)];
}

/** `CONCEDE <game id>`: the concession confirmed, when the id is this game's. */
function readConcede(r: Reading, line: number, ws: readonly string[]): void {
  const { gameId } = r.ctx;
  if (ws.length > 2)
    r.report(line, {
      code: 'EXTRA_WORDS',
      message: `CONCEDE takes the game's id and nothing more: write CONCEDE ${gameId} to concede this game`,
    });
  else if (ws[1]!.toLowerCase() !== gameId.toLowerCase())
    r.report(line, {
      code: 'CONCEDE_WRONG_GAME',
      message: `CONCEDE ${show(ws[1]!)} does not name this game: write CONCEDE ${gameId} to concede it`,
    });
  else if (!r.value.commands.includes('CONCEDE CONFIRMED')) r.value.commands.push('CONCEDE CONFIRMED');
}

/**
 * `HISTORY`, `HISTORY <turn>` or `HISTORY <from>-<to>`: the seat's past reports, from turn 1 to the turn now open, at
 * most HISTORY_MAX_TURNS in one mail. A later HISTORY line replaces an earlier one.
 */
function readHistory(r: Reading, line: number, ws: readonly string[]): void {
  const open = r.ctx.turn;
  const asked = ws.slice(1).join('');
  const available = open === 1 ? 'turn 1 only' : `turns 1 to ${open}`;
  const example = open < 2 ? 'HISTORY 1' : `HISTORY ${Math.max(1, open - 2)}-${open}`;
  if (open < 1) {
    r.report(line, { code: 'HISTORY_TURN', message: 'HISTORY has nothing to send yet: no turn has been reported' });
    return;
  }
  const m = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(asked);
  if (asked !== '' && !m) {
    r.report(line, {
      code: 'HISTORY_TURN',
      message: `HISTORY takes a turn or a range of turns, not ${show(ws.slice(1).join(' '))}: write HISTORY ${open}, ${open < 2 ? 'or' : `${example}, or`} HISTORY alone for the last turns (the reports are of ${available})`,
    });
    return;
  }
  const from = m ? Number(m[1]) : null;
  const to = m ? Number(m[2] ?? m[1]) : null;
  if (from !== null && to !== null) {
    const bad = [from, to].find((n) => n < 1 || n > open);
    if (bad !== undefined) {
      r.report(line, {
        code: 'HISTORY_TURN',
        message: `${bad < 1 ? `there is no turn ${bad}: turns count from 1` : `there is no report for turn ${bad} yet`}; the reports are of ${available}; write ${example}`,
      });
      return;
    }
    if (from > to) {
      r.report(line, {
        code: 'HISTORY_RANGE',
        message: `HISTORY ${from}-${to} runs backwards: write the earlier turn first, HISTORY ${to}-${from}`,
      });
      return;
    }
    if (to - from + 1 > HISTORY_MAX_TURNS) {
      r.report(line, {
        code: 'HISTORY_RANGE',
        message: `HISTORY ${from}-${to} is ${to - from + 1} turns: one mail holds at most ${HISTORY_MAX_TURNS}; write HISTORY ${from}-${from + HISTORY_MAX_TURNS - 1}, then ask for the rest`,
      });
      return;
    }
  }
  const command: Command = from === null || to === null ? 'HISTORY' : `HISTORY ${from}-${to}`;
  r.value.commands = [...r.value.commands.filter((c) => !c.startsWith('HISTORY')), command];
}

/** Reads one command line (not a MESSAGE); returns false at END. */
function readLine(r: Reading, orderLines: OrderLines, line: number, text: string): boolean {
  const ws = words(text);
  const head = keyword(ws[0]);
  if (head === 'END') return false;
  const before = r.problemCount;
  let piece: string | undefined;
  const misplaced = orderLines.misplaced?.(head) ?? null;
  if (head === 'NO' && keyword(ws[1]) === 'ORDERS') {
    // `NO ORDERS`: the same as HOLD.
    r.attempted = true;
    if (ws.length > 2)
      r.report(line, { code: 'EXTRA_WORDS', message: 'NO ORDERS takes nothing after it: write NO ORDERS alone' });
    else if (!r.value.commands.includes('HOLD')) r.value.commands.push('HOLD');
  } else if (head === 'GAME' || head === 'TURN') readGameAndTurn(r, line, ws);
  else if (head === 'PASSWORD') readPassword(r, line, text);
  else if (head === 'SET') {
    r.attempted = true;
    readSet(r, line, ws);
  } else if (orderLines.keywords.includes(head)) {
    r.attempted = true;
    piece = orderLines.read(r, line, ws, head);
  } else if (head === 'HISTORY') {
    r.attempted = true;
    readHistory(r, line, ws);
  } else if (head === 'CONCEDE' && ws.length > 1) {
    r.attempted = true;
    readConcede(r, line, ws);
  } else if (isOneOf(head, COMMANDS)) {
    r.attempted = true;
    if (ws.length > 1)
      r.report(line, {
        code: 'EXTRA_WORDS',
        message: `${head} takes nothing after it: write ${head} alone on its line`,
      });
    else if (!r.value.commands.includes(head)) r.value.commands.push(head);
  } else if (misplaced !== null) {
    r.report(line, { code: 'CLAUSE_WITHOUT_SHIP', message: misplaced });
  } else {
    const keywords = lineKeywords(orderLines);
    r.report(line, {
      code: 'UNKNOWN_KEYWORD',
      message: unknownWordMessage(ws[0] ?? '', keywords, 'a line starts with'),
    });
  }
  if (r.problemCount === before) r.understood(line, head === 'PASSWORD' ? MASKED_PASSWORD : text, piece);
  return true;
}

/** Reads lines into `r` up to an END; true when an END was reached. */
function readLines(r: Reading, orderLines: OrderLines, lines: readonly BodyLine[]): boolean {
  let i = 0;
  while (i < lines.length && !r.full) {
    const bl = lines[i]!;
    if (bl.text.length > LIMITS.lineChars) {
      r.report(bl.line, {
        code: 'LINE_TOO_LONG',
        message: `this line is ${bl.text.length} characters long; a command line has at most ${LIMITS.lineChars}`,
      });
      i += 1;
      continue;
    }
    const command = stripComment(bl.text);
    if (command === '') i += 1;
    else if (keyword(words(command)[0]) === 'MESSAGE') {
      r.attempted = true;
      i = readMessage(r, lines, i, command);
    } else {
      if (!readLine(r, orderLines, bl.line, command)) return true;
      i += 1;
    }
  }
  return false;
}

/** Greetings and sign-offs that are a line of their own, without punctuation. */
const SALUTATIONS =
  /^(hi|hello|hey|dear|thanks|thank|thx|cheers|regards|best|bye|ciao|salut|bonjour|merci|hallo|danke|gruss|grüße|hola|gracias)$/i;

/**
 * Whether a line opens like an order or a command: its first word is a keyword, or close to one (a typo), so it is
 * read as one and never skipped.
 */
function keywordLike(text: string, keywords: readonly string[]): boolean {
  const ws = words(stripComment(text));
  const first = ws[0];
  if (first === undefined) return false;
  if (isOneOf(first, keywords)) return true;
  // A sentence of a few words that ends as one ("Here are my orders:") is prose even if its first word is near a
  // keyword (HERE and MERGE); a mistyped order ("Mrge Home R1") does not end in punctuation.
  if (ws.length >= 3 && /[.,!?:;]$/.test(stripComment(text)) && plainlyProse(text)) return false;
  return nearestKeyword(first, keywords) !== null;
}

/** A word of prose: letters (an apostrophe or hyphen inside), or a number, with punctuation around it. */
const PROSE_WORD = /^[("'“‘]*(\p{L}+(['’-]\p{L}+)*|\d+)[)"'”’.,!?:;…]*$/u;
/** A greeting or a sign-off is a few lines: a longer run of text is read, and its problems listed. */
const MAX_PROSE_LINES = 6;

/**
 * A line that is plainly prose, not a mistyped order nor junk: words of letters (or numbers), none that looks like a
 * clause of an order line, and a sentence (ends in punctuation, or has several words) or a greeting.
 */
function plainlyProse(text: string): boolean {
  const command = stripComment(text);
  if (command.length > 200 || !/\p{L}/u.test(command)) return false;
  if (!command.split(' ').every((w) => PROSE_WORD.test(w))) return false;
  if (/\b(speed\s+\d|move\s+[0-9lr]+\b|ship\s+\S+\s+speed\b)/i.test(command)) return false;
  const ws = words(command);
  const first = (ws[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  return /[.,!?:;)]$/.test(command) || ws.length >= 2 || SALUTATIONS.test(first);
}

/**
 * The lines to read, less a greeting before the first command line and a sign-off after the last one — when they are
 * plainly prose ("Hi," … "Thanks!"), so a reply without a signature separator is still read. Prose between command
 * lines is read, and reported, as it always was. With a MESSAGE that runs to the end of the text, its end is its own.
 */
function withoutProse(
  lines: readonly BodyLine[],
  orderLines: OrderLines,
): { lines: readonly BodyLine[]; ignored: BodyLine[] } {
  const keywords = [...new Set([...lineKeywords(orderLines), ...(orderLines.clauses ?? [])])];
  const like = lines.map((l) => keywordLike(l.text, keywords));
  const proseRun = (run: readonly BodyLine[]) => {
    const said = run.filter((l) => stripComment(l.text) !== '');
    return said.length > 0 && said.length <= MAX_PROSE_LINES && plainlyProse(said[0]!.text) ? said : null;
  };
  const first = like.indexOf(true);
  if (first < 0) {
    const all = proseRun(lines);
    return all ? { lines: [], ignored: all } : { lines, ignored: [] };
  }
  const last = like.lastIndexOf(true);
  const head = (l: BodyLine) => keyword(words(stripComment(l.text))[0]);
  const messageAt = lines.findLastIndex((l, i) => like[i] && head(l) === 'MESSAGE');
  const messageOpen = messageAt >= 0 && !lines.slice(messageAt + 1).some((l) => l.text.toUpperCase() === 'END');
  const before = proseRun(lines.slice(0, first));
  // Nothing after END is read anyway: only a sign-off after the last order, with no END, needs skipping.
  const after = messageOpen || head(lines[last]!) === 'END' ? null : proseRun(lines.slice(last + 1));
  const from = before ? first : 0;
  const to = after ? last + 1 : lines.length;
  return { lines: lines.slice(from, to), ignored: [...(before ?? []), ...(after ?? [])] };
}

/** Lines as a reply names them: `1`, `1 and 7`, `1, 2 and 9`. */
const lineNumbers = (lines: readonly BodyLine[]) =>
  listWords(
    lines.map((l) => String(l.line)),
    'and',
  );

/** A block as the service compares it: commands only, spacing and case made one. */
function commandsOf(lines: readonly string[]): string {
  return lines
    .map((l) => stripComment(normalizeSpacing(l)).toUpperCase())
    .filter((l) => l !== '')
    .join('\n');
}

/** A short line that says "nothing to change": `ok`, `no changes`, `same as before` … */
const NO_CHANGES =
  /^(ok(ay)?|no changes?|unchanged|same|same as before|as before|nothing to change|no change this turn|all the same)[.!]*$/i;

/**
 * Whether the text is only a short "no changes" line or two (`ok`, `same`) above the order block quoted back as the
 * service sent it: then it says HOLD, and the answer says how it was read. Null otherwise.
 */
function noChangesAboveQuote(lines: readonly BodyLine[], source: string, orderLines: OrderLines): string | null {
  const said = lines.filter((l) => stripComment(l.text) !== '');
  if (said.length === 0 || said.length > 2 || !said.every((l) => NO_CHANGES.test(stripComment(l.text)))) return null;
  const block = quotedOrderBlock(source);
  if (
    !block ||
    !(orderLines.sent?.() ?? []).some((s) => commandsOf(s.split('\n')) === commandsOf(block.map((l) => l.text)))
  )
    return null;
  return `${said.map((l) => `"${show(l.text, 30)}" (line ${l.line})`).join(' and ')} above the order block quoted unchanged (lines ${block[0]!.line}-${block.at(-1)!.line}) was read as HOLD: no changes this turn`;
}

/**
 * Reads a submission's text with a kind's order lines: the header, commands
 * and MESSAGE are the same in every kind. Returns the Reading, its problems
 * listed (the caller adds any of its own before deciding).
 *
 * A reply with nothing to read outside the quoted mail, whose quote holds an
 * order block the player edited, is read from that block (how most mail
 * clients reply: the report quoted, the block changed where it stands). A
 * block quoted back as the service sent it is not taken: the answer says so.
 */
export function readSubmission(text: string, frame: SubmissionFrame, orderLines: OrderLines): Reading {
  const r = new Reading(frame);
  const source = typeof text === 'string' ? text : '';
  const body = cleanBody(source);
  const unchanged = noChangesAboveQuote(body.lines, source, orderLines);
  if (unchanged) {
    r.attempted = true;
    r.value.commands.push('HOLD');
    r.value.notes.push(unchanged);
    return r;
  }
  const { lines, ignored } = withoutProse(body.lines, orderLines);
  const ended = readLines(r, orderLines, lines);
  if (!ended && !r.full && body.cut) r.report(body.cut.line, body.cut);
  const skipped =
    ignored.length === 0
      ? ''
      : `line${ignored.length > 1 ? 's' : ''} ${lineNumbers(ignored)} (${ignored.map((l) => `"${show(l.text, 30)}"`).join(', ')}) read as a greeting or sign-off and skipped`;
  if (!r.attempted && r.problems.length === 0) {
    const block = quotedOrderBlock(source);
    const where = block ? `lines ${block[0]!.line}-${block.at(-1)!.line}` : '';
    if (
      block &&
      (orderLines.sent?.() ?? []).some((sent) => commandsOf(sent.split('\n')) === commandsOf(block.map((l) => l.text)))
    ) {
      r.report(null, {
        code: 'QUOTED_UNCHANGED',
        message: `no orders found outside the quoted mail, and the order block quoted in it (${where}) is as the service sent it, unchanged: edit the block (in the quote is fine) or write your orders above the quote, then send again`,
      });
    } else if (block) {
      r.value.notes.push(
        `your orders were read from the order block you edited in the quoted mail (${where}): there were none outside the quote`,
      );
      readLines(r, orderLines, block);
    }
  }
  if (skipped !== '') r.value.notes.push(skipped);
  if (!r.attempted && r.problems.length === 0)
    r.report(null, { code: 'EMPTY', message: skipped === '' ? orderLines.empty : `${orderLines.empty} (${skipped})` });
  if (r.full) {
    r.problems.push({
      line: null,
      code: 'TOO_MANY_ERRORS',
      message: `more than ${LIMITS.errors} problems: reading stopped here; fix these and send again`,
    });
  }
  return r;
}
