/**
 * Every mail the service writes, as a subject, a text part and an HTML part,
 * rendered from the templates in templates/ (templates.ts). These functions
 * take plain data and do no I/O: the outbox stores what they return, so a
 * mail is exactly what was true when it was queued.
 *
 * No mail ever carries a seat's secret in its body or another player's
 * address: the secret travels only in the Reply-To address of mail to its own
 * seat (games/messages.ts), and players are named by side and display name.
 */
import type {
  Composed,
  GameRef,
  MailComposer,
  NoticeMail,
  ObserverMail,
  RelayedMessageMail,
  ReportLinks,
} from '../games/outbox/mail-port.ts';
import { MASKED_PASSWORD } from '../orders/index.ts';
import { narrativeText } from '../reports/narrative.ts';
import {
  deadlineView,
  type DeadlineView,
  type ReportSheet,
  type SideRecords,
  type TurnReportView,
} from '../reports/turn-report.ts';
import { headerText, kindPartial, render, TEXT_WIDTH, type MailTemplate } from './templates.ts';
import { DEFAULT_RULESET, kindOf, type Ruleset } from '../kinds/index.ts';
import { plainText } from '../lib/text.ts';
import { wrapWords } from '../reports/wrap.ts';

export type { Composed, GameRef };

export interface Problem {
  readonly line: number | null;
  readonly code: string;
  readonly message: string;
  readonly ship?: string;
}

function composed(kind: MailTemplate, subject: string, data: object, width: number = TEXT_WIDTH): Composed {
  const clean = headerText(subject);
  return { subject: clean, ...render(kind, { subject: clean, ...data }, width) };
}

const tag = (game: GameRef | null) => (game ? `[${game.id}] ` : '');

// ---- reports ----------------------------------------------------------------

/** Where a report points for what the text cannot show: the game's web page (the whole map). */

const reportData = (view: TurnReportView, links: ReportLinks) => ({
  ...view,
  sheets: view.sheets ?? [],
  narrativeText: narrativeText(view.narrative, view.width ?? TEXT_WIDTH),
  missed: view.missed ?? [],
  missedText: (view.missed ?? []).flatMap((line) => wrapWords(line, view.width ?? TEXT_WIDTH, '')),
  wholeMap: view.wholeMap ?? true,
  gameUrl: links.gameUrl ?? null,
  loginUrl: links.loginUrl ?? null,
  wide: (view.width ?? TEXT_WIDTH) > TEXT_WIDTH,
});

/** The first report of a game: turn 1 with the commitment to the dice seed. */
export function composeGameStart(view: TurnReportView, links: ReportLinks = {}): Composed {
  return composed(
    'game-start',
    `${tag(view.game)}Turn ${view.turn}: the game begins`,
    reportData(view, links),
    view.width ?? TEXT_WIDTH,
  );
}

/** The report of a newly opened turn (or the same again, on STATUS). */
export function composeTurnReport(view: TurnReportView, links: ReportLinks = {}): Composed {
  const due = view.orderBlock && view.deadline.utc ? `: orders due ${view.deadline.utc}` : '';
  return composed(
    'turn-report',
    `${tag(view.game)}Turn ${view.turn} report${due}`,
    reportData(view, links),
    view.width ?? TEXT_WIDTH,
  );
}

/**
 * HISTORY: the seat's past reports in one mail, each as its side received it at the start of its turn (without its
 * order block: that turn is over), oldest first. `asked` says what was asked for when it is more than was sent.
 */
export function composeHistory(m: {
  game: GameRef;
  sideName: string | null;
  openTurn: number;
  reports: readonly TurnReportView[];
  gameUrl?: string | null;
  asked?: string | null;
}): Composed {
  const turns = m.reports.map((r) => r.turn);
  const first = turns[0];
  const last = turns.at(-1);
  const which = first === undefined ? 'no turns' : first === last ? `turn ${first}` : `turns ${first}-${last}`;
  const width = Math.max(TEXT_WIDTH, ...m.reports.map((r) => r.width ?? TEXT_WIDTH));
  return composed(
    'history',
    `${tag(m.game)}Your past reports: ${which}`,
    {
      game: m.game,
      sideName: m.sideName,
      openTurn: m.openTurn,
      asked: m.asked ?? null,
      reports: m.reports.map((view) => reportData({ ...view, orderBlock: null }, { gameUrl: m.gameUrl ?? null })),
    },
    width,
  );
}

export function composeReminder(m: {
  game: GameRef;
  turn: number;
  deadline: Date | null;
  timeZone: string;
  /** What happens without orders: the game's no-orders policy. */
  noOrders: 'standing' | 'solo';
  /** What the game's kind does with a side's pieces without orders (`GameKind.standingOrders`). */
  standingOrders: string;
  /** The seat's ready-to-edit orders, to reply with at once. */
  orderBlock: string | null;
  /** A link that logs the seat's player in and opens the game. */
  loginUrl?: string | null;
}): Composed {
  const deadline = deadlineView(m.deadline, m.timeZone);
  const without =
    m.noOrders === 'solo'
      ? 'Without orders, your ships will be played by the solo rules this turn.'
      : `Without orders, ${m.standingOrders}.`;
  return composed(
    'reminder',
    `${tag(m.game)}Reminder: your orders for turn ${m.turn}${deadline.utc ? ` are due ${deadline.utc}` : ''}`,
    {
      game: m.game,
      turn: m.turn,
      deadline,
      without,
      withoutText: wrapWords(without, TEXT_WIDTH, '').join('\n'),
      orderBlock: m.orderBlock?.trimEnd() ?? null,
      loginUrl: m.loginUrl ?? null,
    },
  );
}

export function composeGameEnd(m: {
  game: GameRef;
  summary: string;
  /** The last turn played and what happened in it; null when the game ended between turns. */
  lastTurn: number | null;
  narrative: readonly string[];
  /** The final position; null when the game never started. */
  diagram: string | null;
  sides: readonly SideRecords[];
  /** A campaign's Fleet and Production Control Sheets, every side's. */
  sheets?: readonly ReportSheet[];
  seed: string;
  seedCommitment: string;
  archiveUrl: string;
  /** Mailed to an observer of the game, who plays no side: no players' footer. */
  observing?: boolean;
  /** A campaign's battle: the campaign and turn it was fought for, and whether the campaign goes on. */
  campaign?: { id: string; name: string; turn: number; url: string; goesOn: boolean };
}): Composed {
  const c = m.campaign;
  const subject = c
    ? `${tag(m.game)}Battle over: ${m.summary}${c.goesOn ? '; the campaign goes on' : ''}`
    : `${tag(m.game)}Game over: ${m.summary}`;
  const campaignText = c
    ? c.goesOn
      ? `This battle was fought for turn ${c.turn} of the campaign "${c.name}" (game ${c.id}): its outcome goes back to that turn, and the campaign goes on. The campaign's next mail tells what the battle changed: ${c.url}`
      : `This battle was fought for turn ${c.turn} of the campaign "${c.name}" (game ${c.id}), and ended with it: ${c.url}`
    : null;
  // The game is over: everyone sees every side's records.
  return composed('game-end', subject, {
    ...m,
    campaignText: campaignText === null ? null : wrapWords(campaignText, TEXT_WIDTH, '').join('\n'),
    campaignHtml: campaignText,
    narrativeText: narrativeText(m.narrative, TEXT_WIDTH),
    sheets: m.sheets ?? [],
    observer: true,
  });
}

// ---- answers to mail (the contract with the inbound side) --------------------

const COMMAND_NOTES: Record<string, string> = {
  HELP: 'HELP: the instructions follow in a separate mail',
  STATUS: 'STATUS: your turn report follows in a separate mail',
  ORDERS: 'ORDERS: the orders you have in follow in a separate mail',
  HISTORY: 'HISTORY: your reports of the last turns follow in a separate mail',
  CONCEDE: 'CONCEDE: nothing conceded yet; what to send to confirm follows in a separate mail',
  'CONCEDE CONFIRMED': 'CONCEDE: your side concedes',
  'SET WIDTH 78': 'SET WIDTH 78: your turn reports are 78 columns wide from now on',
  'SET WIDTH 100': 'SET WIDTH 100: your turn reports are 100 columns wide from now on',
  'SET REPORTS WEB': 'SET REPORTS WEB: your turn reports are on the game page only from now on, no longer mailed',
  'SET REPORTS MAIL': 'SET REPORTS MAIL: your turn reports are mailed to you again from now on',
  'SET REPORT JSON': 'SET REPORT JSON: your turn report mails have your view of the game attached as JSON from now on',
  'SET REPORT TEXT': 'SET REPORT TEXT: your turn report mails have no JSON attached from now on',
};

/** What the acceptance says of a command it found. */
function commandNote(command: string): string {
  const range = /^HISTORY (\d+)-(\d+)$/.exec(command);
  if (range)
    return `${command}: your report${range[1] === range[2] ? ` of turn ${range[1]}` : `s of turns ${range[1]}-${range[2]}`} follow${range[1] === range[2] ? 's' : ''} in a separate mail`;
  if (command.startsWith('SET ABSENCE '))
    return command === 'SET ABSENCE NONE'
      ? `${command}: your absences not yet over are cancelled; every player is told in a separate mail`
      : `${command}: your absence is kept, and every player is told in a separate mail, with the deadline it moved`;
  return COMMAND_NOTES[command] ?? command;
}

export function composeAccepted(m: {
  game: GameRef;
  turn: number;
  side: string;
  canonical: string;
  deadline: Date | null;
  timeZone: string;
  commands: string[];
  /** How the mail was read, where the player should know. */
  notes?: readonly string[];
  /** Whether orders were stored; without it, told from the canonical text (any line but its GAME line and END). */
  hasOrders?: boolean;
}): Composed {
  const hasOrders = m.hasOrders ?? /^(?!GAME\b|END\b)\S/m.test(m.canonical);
  return composed('accepted', `${tag(m.game)}${hasOrders ? 'Orders accepted' : 'Mail received'} for turn ${m.turn}`, {
    game: m.game,
    turn: m.turn,
    side: m.side,
    hasOrders,
    canonical: m.canonical.trimEnd(),
    commands: m.commands.map(commandNote),
    notes: m.notes ?? [],
    deadline: deadlineView(m.deadline, m.timeZone),
  });
}

/** A line as it may be quoted back: no secret, no control characters, short enough to fit the page. */
function quotable(raw: string, room: number): string {
  const line = plainText(raw.replace(/\t/g, ' ')).trimEnd();
  if (/^\s*password(\s|$)/i.test(line)) return MASKED_PASSWORD;
  const chars = [...line];
  return chars.length <= room ? line : `${chars.slice(0, room - 1).join('')}…`;
}

/** The numbered lines of `text` that have a problem, in order, each once. */
function quotedLines(text: string | null, problems: readonly Problem[]) {
  if (text === null) return [];
  const lines = text.split(/\r\n|\r|\n/);
  const numbers = [
    ...new Set(problems.map((p) => p.line).filter((n): n is number => n !== null && n >= 1 && n <= lines.length)),
  ].sort((a, b) => a - b);
  const digits = String(numbers.at(-1) ?? 0).length;
  const room = TEXT_WIDTH - (2 + digits + 3);
  return numbers.map((n) => ({ number: String(n).padStart(digits), text: quotable(lines[n - 1]!, room) }));
}

export function composeRejected(m: {
  game: GameRef | null;
  turn: number | null;
  problems: Problem[];
  text: string | null;
}): Composed {
  const what = m.game && m.turn !== null ? `Orders for turn ${m.turn} not accepted` : 'Your mail was not accepted';
  return composed('rejected', `${tag(m.game)}${what}`, {
    game: m.game,
    turn: m.turn,
    quoted: quotedLines(m.text, m.problems),
    problems: m.problems.map((p) => ({
      where: p.line === null ? 'the whole mail' : `line ${p.line}${p.ship ? ` (ship ${p.ship})` : ''}`,
      code: p.code,
      message: p.message,
    })),
  });
}

/**
 * HELP: the commands every game has, and the part the game's kind writes (templates/kinds/<ruleset>/help.*.hbs: its
 * orders language); without a game, the default kind's.
 */
export function composeHelp(m: { game: GameRef | null; mailDomain: string; ruleset?: Ruleset }): Composed {
  const ruleset = m.ruleset ?? DEFAULT_RULESET;
  return composed('help', `${tag(m.game)}How to play by mail`, {
    game: m.game,
    mailDomain: m.mailDomain,
    kindHelp: kindPartial(ruleset, 'help'),
    noun: kindOf(ruleset).noun,
    exampleGame: m.game?.id ?? 'orion-7',
  });
}

export function composeOrdersList(m: {
  game: GameRef;
  turn: number;
  side: string;
  canonical: string | null;
  deadline: Date | null;
  timeZone: string;
}): Composed {
  return composed('orders', `${tag(m.game)}Your orders for turn ${m.turn}`, {
    game: m.game,
    turn: m.turn,
    side: m.side,
    canonical: m.canonical?.trimEnd() ?? null,
    deadline: deadlineView(m.deadline, m.timeZone),
  });
}

/** A message from one player to another, relayed: the reader sees the sender's side and name, never the address. */
export function composeRelayedMessage(m: RelayedMessageMail): Composed {
  const lines = m.text.replace(/\r\n?/g, '\n').split('\n');
  // Grey press: nothing of the sender, side, name or address, goes into the mail.
  if (m.fromSide === null || m.fromName === null)
    return composed('message', `${tag(m.game)}Anonymous press to every player`, {
      game: m.game,
      anonymous: true,
      toAll: true,
      lines,
      observer: m.observer ?? null,
    });
  const fromName = headerText(m.fromName, 60);
  return composed(
    'message',
    `${tag(m.game)}${m.toAll ? 'Press' : 'Message'} from ${fromName} (${m.fromSide})${m.toAll ? ' to every player' : ''}`,
    {
      game: m.game,
      fromSide: m.fromSide,
      fromName,
      toAll: m.toAll === true,
      anonymous: false,
      lines,
      observer: m.observer ?? null,
    },
  );
}

/** Any other answer: a subject and paragraphs of plain text. */
export function composeNotice(m: NoticeMail): Composed {
  return composed('notice', m.subject, {
    // A paragraph of three lines or more is set out line by line (a map, an order block): the HTML part shows it in a
    // fixed-width font, so that its columns line up there as in the text.
    paragraphs: m.paragraphs.map((p) => {
      const lines = p.replace(/\r\n?/g, '\n').split('\n');
      return { lines, pre: lines.length >= 3 };
    }),
    loginUrl: m.loginUrl ?? null,
    outsider: m.outsider === true,
  });
}

/**
 * A mail to an observer: the report every side may read of the turn that has just opened (without an order block), or
 * — for a game that shows its observers nothing until it ends — a word that the turn before it resolved.
 */
export function composeObserverReport(m: ObserverMail): Composed {
  const what = m.welcome
    ? 'You observe'
    : m.report
      ? `Turn ${m.turn} report`
      : m.turn === null || m.turn <= 1
        ? 'The game begins'
        : `Turn ${m.turn - 1} resolved`;
  return composed(
    'observer-report',
    `${tag(m.game)}${what}: ${m.game.name}`,
    {
      game: m.game,
      turn: m.turn,
      welcome: m.welcome,
      report: m.report ? reportData({ ...m.report, orderBlock: null, noOrdersReason: null }, {}) : null,
      observeUrl: m.observeUrl,
      stopUrl: m.stopUrl,
      observing: true,
    },
    m.report?.width ?? TEXT_WIDTH,
  );
}

export type { DeadlineView };

/** The mail port of the games layer (games/mail-port.ts), written with these templates. */
export const mailComposer: MailComposer = {
  gameStart: composeGameStart,
  turnReport: composeTurnReport,
  reminder: composeReminder,
  gameEnd: composeGameEnd,
  relayedMessage: composeRelayedMessage,
  notice: composeNotice,
  observerReport: composeObserverReport,
};
