/**
 * The mail the use cases write, as a port: the games layer says what a mail
 * is about (plain data) and gets back its finished subject, text and HTML, to
 * store in the outbox. The mail channel's templates (mail/compose.ts) are the
 * implementation, injected through GamesContext.mail, so nothing in src/games
 * imports from src/mail.
 */
import type { ReportSheet, SideRecords, TurnReportView } from '../../reports/turn-report.ts';

export interface Composed {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface GameRef {
  readonly id: string;
  readonly name: string;
}

export interface ReminderMail {
  readonly game: GameRef;
  readonly turn: number;
  readonly deadline: Date | null;
  readonly timeZone: string;
  /** What happens without orders: the game's no-orders policy. */
  readonly noOrders: 'standing' | 'solo';
  /** What the game's kind does with a side's pieces without orders (`GameKind.standingOrders`). */
  readonly standingOrders: string;
  /** The seat's ready-to-edit orders, to reply with at once. */
  readonly orderBlock: string | null;
  /** A link that logs the seat's player in and opens the game (seatLoginLink). */
  readonly loginUrl?: string | null;
}

export interface GameEndMail {
  readonly game: GameRef;
  readonly summary: string;
  /** The last turn played and what happened in it; null when the game ended between turns. */
  readonly lastTurn: number | null;
  readonly narrative: readonly string[];
  /** The final position; null when the game never started. */
  readonly diagram: string | null;
  readonly sides: readonly SideRecords[];
  readonly sheets?: readonly ReportSheet[];
  readonly seed: string;
  readonly seedCommitment: string;
  readonly archiveUrl: string;
  /** Mailed to an observer of the game, who plays no side: no players' footer. */
  readonly observing?: boolean;
  /** A campaign's battle: the campaign and turn it was fought for, and whether the campaign goes on. */
  readonly campaign?: {
    readonly id: string;
    readonly name: string;
    readonly turn: number;
    readonly url: string;
    readonly goesOn: boolean;
  };
}

export interface RelayedMessageMail {
  readonly game: GameRef;
  /** The sender's side and name; null for grey press (`MESSAGE ALL ANONYMOUS`), whose recipients never learn them. */
  readonly fromSide: string | null;
  readonly fromName: string | null;
  readonly text: string;
  /** Press: the message went to every other seat (`MESSAGE ALL`). */
  readonly toAll?: boolean;
  /** Press as mailed to an observer of the game: how to stop observing, instead of how to answer. */
  readonly observer?: { readonly stopUrl: string };
}

export interface NoticeMail {
  readonly subject: string;
  readonly paragraphs: string[];
  /** A link that logs a seat's player in and opens the game (seatLoginLink), after the paragraphs. */
  readonly loginUrl?: string | null;
  /** To someone with no seat in the game (a JOIN, OBSERVE or seat request answered): no players' footer. */
  readonly outsider?: boolean;
}

/**
 * Where a report points its reader on the web: the game's page (the whole map, when the mail's is cropped), and a
 * link that logs the seat's player in and opens it (seatLoginLink).
 */
export interface ReportLinks {
  readonly gameUrl?: string | null;
  readonly loginUrl?: string | null;
}

/** A mail to an observer of a game (games/observers): its report of a turn, or a word that the turn resolved. */
export interface ObserverMail {
  readonly game: GameRef;
  /** The turn that has just opened (or is open, on a welcome); null before the game's first turn. */
  readonly turn: number | null;
  /** What observers may read of it (no order block); null when the game shows them nothing until it ends. */
  readonly report: TurnReportView | null;
  /** The first mail of a new observer. */
  readonly welcome: boolean;
  /** The observe page. */
  readonly observeUrl: string;
  /** The link that stops these mails; null on a page. */
  readonly stopUrl: string | null;
}

export interface MailComposer {
  /** The first report of a game: turn 1 with the commitment to the dice seed. */
  gameStart(view: TurnReportView, links?: ReportLinks): Composed;
  /** The report of a newly opened turn (or the same again, on STATUS). */
  turnReport(view: TurnReportView, links?: ReportLinks): Composed;
  reminder(m: ReminderMail): Composed;
  gameEnd(m: GameEndMail): Composed;
  /** A message from one player to another: it names the sender's side and name, never the address. */
  relayedMessage(m: RelayedMessageMail): Composed;
  /** Any other mail: a subject and paragraphs of plain text. */
  notice(m: NoticeMail): Composed;
  /** A mail to an observer: what the public may see of a turn, never a side's secret. */
  observerReport(m: ObserverMail): Composed;
}
