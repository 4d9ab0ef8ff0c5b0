/**
 * Outgoing mail written to the outbox in the same transaction as the change it
 * reports, so a report is never lost nor sent for a turn that did not happen.
 * Each row holds the finished mail (subject, text, HTML, headers), rendered
 * when it is queued: a report is exactly what the turn produced, whenever the
 * sender (mail/outbound.ts) gets it out.
 *
 * Headers: a Message-ID of its own; In-Reply-To and References to the game's
 * thread root (and to the mail being answered), so a game's mails thread
 * together; Reply-To the seat's own order address (orders+TOKEN@domain) on mail
 * to a seat; Auto-Submitted, so that well-behaved auto-responders never answer.
 * From is the sender's (MAIL_FROM).
 *
 * The outbox holds finished mail, so the use cases compose it when they queue
 * it, through the mail port (ctx.mail, mail-port.ts): the mail channel's
 * templates, injected, so that nothing here imports the channel.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  loginTokens,
  outbox,
  submissions,
  type Game,
  type OutboxAttachment,
  type OutboxKind,
  type Seat,
  type Turn,
} from '../../db/schema.ts';
import { notifyStatement } from '../../db/notifications.ts';
import { namedInsert } from '../../db/prepared.ts';
import { kindOf } from '../../kinds/index.ts';
import type { ReportedBattle, TurnReportView } from '../../kinds/kind.ts';
import { describeDeadline } from '../../reports/turn-report.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import { createTurnsRepository, type TurnEventsRow } from './turns.repository.ts';
import { missedNotes } from './missed.ts';
import type { GamesContext, Tx } from '../context.ts';
import type { Composed } from '../outbox/mail-port.ts';
import { loginUrl, mintLoginToken, seatLoginLink } from '../logins/logins.ts';
import { seatToken } from '../secrets.ts';
import { sideName } from '../games/settings.ts';
import { isOver, settingsOf } from '../games/state.ts';
import {
  observePageUrl,
  observersOf,
  observersOfGames,
  observerStopUrl,
  type Observer,
} from '../observers/observers.repository.ts';
import { observerReport } from '../observers/observer-view.ts';
import { isSetupTurn, setupContext } from './kind-setup.ts';
import { heldFromSeat } from '../outbox/held.ts';
import { reportedBattles } from '../battles/views.ts';
import { battleOfGame } from '../battles/links.ts';

export { describeDeadline };

/** The channel the outbox sender is woken on when mail is queued. */
export const OUTBOX_CHANNEL = 'msc_outbox';

/** The Message-ID every mail of a game refers to, so that mail clients thread them together. */
export function threadId(gameId: string, mailDomain: string): string {
  return `<game.${gameId}@${mailDomain}>`;
}

/** A piece of a Message-ID: RFC 5322 atom characters only, never empty. */
const atom = (text: string) => text.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';

/** `<kind.game.turn.side.random@domain>`: readable in a log, unique by its random part. */
function newMessageId(parts: readonly (string | number)[], mailDomain: string): string {
  const pieces = parts.flatMap((p) => String(p).split('.')).map(atom);
  return `<${[...pieces, randomBytes(8).toString('hex')].join('.')}@${mailDomain}>`;
}

/** The mails that ask a seat for orders, their Message-ID naming the turn they ask for (`newMessageId`). */
const ASKING_FOR_ORDERS = ['game-start', 'turn-report', 'reminder'] as const;

/**
 * The turn a reply answers, from the Message-IDs it refers to (In-Reply-To first, then References newest first): the
 * turn of the first of this service's mails about `gameId` that asked for orders. Null when it refers to none.
 */
export function turnAskedIn(refersTo: readonly string[], gameId: string, mailDomain: string): number | null {
  const game = gameId.split('.').map(atom).join('.');
  for (const raw of refersTo) {
    const id = normalizeMessageId(raw);
    const parts = id === null ? null : /^<(.+)@([^@]+)>$/.exec(id);
    if (!parts || parts[2]!.toLowerCase() !== mailDomain.toLowerCase()) continue;
    for (const kind of ASKING_FOR_ORDERS) {
      const prefix = `${kind}.${game}.`;
      const turn = parts[1]!.startsWith(prefix) ? /^(\d{1,9})\./.exec(parts[1]!.slice(prefix.length)) : null;
      if (turn) return Number(turn[1]);
    }
  }
  return null;
}

/** A Message-ID as mail carries it, `<left@right>`; null for anything that is not one. */
function normalizeMessageId(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim();
  const id = /<([^<>\s]+@[^<>\s]+)>/.exec(text)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(text) ? text : null);
  return id && id.length <= 250 ? `<${id}>` : null;
}

/** The seat's own order address: replies to it reach the service with the seat's token. */
function seatAddress(
  ctx: Pick<GamesContext, 'serviceKey' | 'mailDomain'>,
  seat: Pick<Seat, 'id' | 'tokenRotatedAt'>,
): string {
  return `orders+${seatToken(ctx.serviceKey, seat.id, seat.tokenRotatedAt)}@${ctx.mailDomain}`;
}

function threading(gameId: string | null, answering: string | null, mailDomain: string): Record<string, string> {
  const root = gameId === null ? null : threadId(gameId, mailDomain);
  const refs = [root, answering].filter((r): r is string => r !== null);
  if (refs.length === 0) return {};
  return { 'In-Reply-To': answering ?? root!, References: refs.join(' ') };
}

/**
 * RFC 3834: answers to a mail are auto-replied, everything else auto-generated; neither is to be answered by a robot.
 */
function autoHeaders(answer: boolean): Record<string, string> {
  return { 'Auto-Submitted': answer ? 'auto-replied' : 'auto-generated', 'X-Auto-Response-Suppress': 'All' };
}

type OutboxRow = typeof outbox.$inferInsert;

/** An outbox row for a finished mail. */
function outboxRow(
  ctx: GamesContext,
  row: { gameId: string | null; kind: string; to: string; mail: Composed; headers: Record<string, string> },
): OutboxRow {
  return {
    gameId: row.gameId,
    kind: row.kind as OutboxKind,
    toAddress: row.to,
    subject: row.mail.subject,
    textBody: row.mail.text,
    htmlBody: row.mail.html,
    headers: row.headers,
    nextAttemptAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
  };
}

/** The columns of an outbox row that outboxRow sets, by field: the others (status, attempts…) take their defaults. */
const OUTBOX_FIELDS = {
  gameId: 'game_id',
  kind: 'kind',
  toAddress: 'to_address',
  subject: 'subject',
  textBody: 'text_body',
  htmlBody: 'html_body',
  headers: 'headers',
  attachments: 'attachments',
  nextAttemptAt: 'next_attempt_at',
  createdAt: 'created_at',
} as const;
const OUTBOX_COLUMNS = Object.values(OUTBOX_FIELDS);

/**
 * The rows as a named insert's parameters (namedInsert), each value as the ORM writes it (JSON as text, moments as ISO
 * text; a missing attachment list as the column's default, none); null for a row with another field, which the ORM
 * writes instead.
 */
function outboxParams(rows: readonly OutboxRow[]): unknown[] | null {
  const params: unknown[] = [];
  for (const r of rows) {
    if (!Object.keys(r).every((k) => k in OUTBOX_FIELDS)) return null;
    if (!(r.nextAttemptAt instanceof Date) || !(r.createdAt instanceof Date) || r.headers == null) return null;
    params.push(
      r.gameId ?? null,
      r.kind,
      r.toAddress,
      r.subject,
      r.textBody,
      r.htmlBody ?? null,
      JSON.stringify(r.headers),
      JSON.stringify(r.attachments ?? []),
      r.nextAttemptAt.toISOString(),
      r.createdAt.toISOString(),
    );
  }
  return params;
}

/** The columns of a login link's row that mintLoginToken sets: `used_at` takes its default (none). */
const LOGIN_FIELDS = {
  tokenHash: 'token_hash',
  email: 'email',
  gameId: 'game_id',
  purpose: 'purpose',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
} as const;
const LOGIN_COLUMNS = Object.values(LOGIN_FIELDS);

function loginParams(rows: readonly ReportRows['login'][]): unknown[] | null {
  const params: unknown[] = [];
  for (const r of rows) {
    if (!Object.keys(r).every((k) => k in LOGIN_FIELDS)) return null;
    if (!(r.createdAt instanceof Date) || !(r.expiresAt instanceof Date)) return null;
    params.push(
      r.tokenHash,
      r.email,
      r.gameId ?? null,
      r.purpose,
      r.createdAt.toISOString(),
      r.expiresAt.toISOString(),
    );
  }
  return params;
}

/** Transactions that have woken the sender already: one notification a transaction is enough. */
const senderWoken = new WeakSet<Tx>();

/** Writes mails to the outbox (one statement) and wakes the sender once, when the transaction commits. */
async function insertOutbox(tx: Tx, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  // Delivered when the transaction commits: the sender wakes to find the rows there. Sent by the insert itself when it
  // can be (one round trip).
  const wake = !senderWoken.has(tx);
  const byName = namedInsert('outbox', OUTBOX_COLUMNS, rows.length, wake ? OUTBOX_CHANNEL : null);
  const params = byName && outboxParams(rows);
  if (byName && params) await byName(tx, wake ? [...params, rows[0]!.kind] : params);
  else {
    await tx.insert(outbox).values([...rows]);
    if (wake) await tx.execute(notifyStatement(OUTBOX_CHANNEL, rows[0]!.kind));
  }
  if (wake) senderWoken.add(tx);
}

export interface SeatMail {
  readonly game: Pick<Game, 'id'>;
  /** With `joinedAt` when the caller has the seat's row (see `held`). */
  readonly seat: Pick<Seat, 'id' | 'email' | 'tokenRotatedAt'> & { readonly joinedAt?: Date | null };
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
  /** Without it, the text is laid out as a plain notice in both parts. */
  readonly html?: string | null;
  /** Makes the Message-ID readable: `<kind.game.KEY.random@domain>`, e.g. KEY = `2.black`. */
  readonly key: string;
  /** The Message-ID of the mail this one answers, if any. */
  readonly inReplyTo?: string | null;
}

/**
 * Whether mail to the seat is held back (outbox/held.ts). A seat row that shows it joined is believed (a seat does not
 * leave once joined: a new player in its place comes with a new row); one that does not is read again, since it may
 * have joined in this transaction.
 */
async function held(tx: Tx, seat: Pick<Seat, 'id'> & { readonly joinedAt?: Date | null }): Promise<boolean> {
  return seat.joinedAt instanceof Date ? false : heldFromSeat(tx, seat.id);
}

/** The outbox row of one mail to a seat, to its registered address, with its order address as Reply-To. */
function seatMailRow(ctx: GamesContext, m: SeatMail): OutboxRow {
  const mail: Composed =
    m.html == null
      ? ctx.mail.notice({ subject: m.subject, paragraphs: m.text.split(/\n{2,}/) })
      : { subject: m.subject, text: m.text, html: m.html };
  const answering = normalizeMessageId(m.inReplyTo);
  return outboxRow(ctx, {
    gameId: m.game.id,
    kind: m.kind,
    to: m.seat.email,
    mail,
    headers: {
      'Message-ID': newMessageId([m.kind, m.game.id, m.key], ctx.mailDomain),
      ...threading(m.game.id, answering, ctx.mailDomain),
      'Reply-To': seatAddress(ctx, m.seat),
      ...autoHeaders(answering !== null),
    },
  });
}

/** One mail to a seat; none to a seat that has not joined (outbox/held.ts). */
async function queueMail(ctx: GamesContext, tx: Tx, m: SeatMail): Promise<void> {
  if (await held(tx, m.seat)) return;
  await insertOutbox(tx, [seatMailRow(ctx, m)]);
}

/**
 * An answer to an inbound mail, to the address it came from (possibly about no
 * game), or any other mail to an address rather than a seat (inReplyTo null). The seat's order address goes in Reply-To
 * only when the answer goes
 * to the seat's registered address: an answer to any other sender must not
 * hand it the seat's token.
 */
export async function queueAnswer(
  ctx: GamesContext,
  tx: Tx,
  m: {
    to: string;
    gameId: string | null;
    kind: string;
    composed: Composed;
    inReplyTo: string | null;
    seat?: Seat;
    /** The seat's invitation (seats/invitations.ts): the one mail a seat that has not joined is sent. */
    invitation?: boolean;
  },
): Promise<void> {
  let gameId = m.gameId ?? m.seat?.gameId ?? null;
  // A mail may name a game that does not exist: the answer then belongs to no game. (A seat's game exists.)
  if (gameId !== null && gameId !== m.seat?.gameId && !(await createGamesRepository(tx).exists(gameId))) gameId = null;
  const answering = normalizeMessageId(m.inReplyTo);
  const toSeat = m.seat !== undefined && m.seat.email.toLowerCase() === m.to.trim().toLowerCase();
  if (toSeat && !m.invitation && (await held(tx, m.seat!))) return;
  await insertOutbox(tx, [
    outboxRow(ctx, {
      gameId,
      kind: m.kind,
      to: m.to.trim(),
      mail: m.composed,
      headers: {
        'Message-ID': newMessageId([m.kind, gameId ?? 'service', m.seat?.side ?? 'sender'], ctx.mailDomain),
        ...threading(gameId, answering, ctx.mailDomain),
        ...(toSeat ? { 'Reply-To': seatAddress(ctx, m.seat!) } : {}),
        // A mail sent on the service's own initiative (a login link, a relayed message) answers nothing.
        ...autoHeaders(answering !== null),
      },
    }),
  ]);
}

/** What every report of one turn is made from. */
interface TurnContext {
  readonly game: Game;
  readonly turn: Turn;
  readonly seats: Seat[];
  /** With the sides that missed each turn (the report after it says so). */
  readonly history: TurnEventsRow[];
  readonly standing: Array<{ seatId: string; orders: unknown }>;
  /** The last turn's battles fought as linked games (a campaign's), told in its reports. */
  readonly battles: readonly ReportedBattle[];
}

/** The events of the game's resolved turns (before turn `before`, if given), oldest first. */
async function resolvedHistory(tx: Tx, gameId: string, before?: number): Promise<TurnEventsRow[]> {
  const turnsOf = createTurnsRepository(tx);
  return before === undefined ? turnsOf.eventsOf([gameId]) : turnsOf.eventsBefore(gameId, before);
}

/** What a report needs that the caller's transaction has read or written already (it is not read again). */
export type KnownTurn = Partial<Pick<TurnContext, 'game' | 'turn' | 'seats' | 'standing' | 'history'>>;

async function loadTurn(
  ctx: GamesContext,
  tx: Tx,
  gameId: string,
  turnNumber: number,
  known: KnownTurn = {},
): Promise<TurnContext | null> {
  const game = known.game ?? (await createGamesRepository(tx).find(gameId));
  const turn = known.turn ?? (await createTurnsRepository(tx).find(gameId, turnNumber));
  if (!game || !turn) return null;
  const seatRows = known.seats ?? (await createSeatsRepository(tx).ofGame(gameId));
  const standing =
    known.standing ??
    (await tx
      .select({ seatId: submissions.seatId, orders: submissions.orders })
      .from(submissions)
      .where(and(eq(submissions.gameId, gameId), eq(submissions.turn, turnNumber), isNull(submissions.supersededAt))));
  const history = known.history ?? (await resolvedHistory(tx, gameId, turnNumber));
  const battles = await reportedBattles(tx, ctx.publicUrl, game, history.at(-1)?.number);
  return { game, turn, seats: seatRows, history, standing, battles };
}

/** What a report of turn `turnNumber` says of the sides that sent nothing for the turn before it (missed.ts). */
export function missedBefore(
  game: Pick<Game, 'ruleset' | 'settings'>,
  turnNumber: number,
  history: readonly TurnEventsRow[],
): string[] {
  const last = history.at(-1);
  return last && last.number === turnNumber - 1 ? missedNotes(game, last.number, last.missed) : [];
}

/**
 * The kind's report of turn `t` for one seat — only what its side may see — with `orders` (stored) as the orders it
 * has in, if any; every side's report says which sides sent nothing for the turn before, and what was applied instead.
 */
function seatView(t: TurnContext, seat: Seat, orders: unknown): TurnReportView {
  const kind = kindOf(t.game.ruleset);
  const view = kind.report({
    ...reportInput(t),
    reader: {
      kind: 'seat',
      side: seat.side,
      timeZone: seat.timeZone,
      currentOrders: orders === undefined ? null : kind.readOrders(orders),
    },
    width: seat.reportWidth ?? undefined,
  });
  return withMissed(t, view);
}

/** Each turn's report input (reportInput), made once for all its readers: the position is parsed once a turn. */
const inputs = new WeakMap<TurnContext, ReturnType<typeof makeReportInput>>();

/** What every reader's report of turn `t` is drawn from, whoever reads it: the same for every seat and observer. */
function reportInput(t: TurnContext) {
  let input = inputs.get(t);
  if (input === undefined) {
    input = makeReportInput(t);
    inputs.set(t, input);
  }
  return input;
}

function makeReportInput(t: TurnContext) {
  const settings = settingsOf(t.game);
  return {
    game: { id: t.game.id, name: t.game.name },
    turn: t.turn.number,
    state: kindOf(t.game.ruleset).readState(t.turn.stateBefore),
    history: t.history,
    deadline: t.turn.deadline,
    sideName: (side: string) => sideName(settings, side),
    seedCommitment: t.game.seedCommitment,
    battles: t.battles,
  };
}

/** Every side's report says which sides sent nothing for the turn before, and what was applied instead. */
function withMissed(t: TurnContext, view: TurnReportView): TurnReportView {
  const missed = missedBefore(t.game, t.turn.number, t.history);
  return missed.length > 0 ? { ...view, missed } : view;
}

/**
 * The observers' report of turn `t` (observers/observer-view.ts): what the public may see, no order block; null when
 * the game shows its observers nothing of its turns while it runs.
 */
function observerView(t: TurnContext): TurnReportView | null {
  const view = observerReport(t.game, reportInput(t));
  return view === null ? null : withMissed(t, view);
}

/** The outbox row of one mail to an observer: no seat's token anywhere, its own stop link in the text. */
function observerMailRow(
  ctx: GamesContext,
  game: Pick<Game, 'id'>,
  o: Observer,
  mail: Composed,
  m: { kind: OutboxKind; key: string },
): OutboxRow {
  return outboxRow(ctx, {
    gameId: game.id,
    kind: m.kind,
    to: o.email,
    mail,
    headers: {
      'Message-ID': newMessageId([m.kind, game.id, m.key], ctx.mailDomain),
      ...threading(game.id, null, ctx.mailDomain),
      'List-Unsubscribe': `<${observerStopUrl(ctx, o)}>`,
      ...autoHeaders(false),
    },
  });
}

/**
 * Press (`MESSAGE ALL`) to each observer of the game: `compose` makes its mail with that observer's stop link. How many
 * observers it went to.
 */
export async function queueObserverPress(
  ctx: GamesContext,
  tx: Tx,
  game: Pick<Game, 'id'>,
  compose: (stopUrl: string) => Composed,
): Promise<number> {
  const list = await observersOf(tx, game.id);
  if (list.length === 0) return 0;
  await insertOutbox(
    tx,
    list.map((o, i) =>
      observerMailRow(ctx, game, o, compose(observerStopUrl(ctx, o)), { kind: 'message', key: `press.${i}` }),
    ),
  );
  return list.length;
}

/**
 * Each observer's mail of turn `t`, just opened: its report, or a word that the turn before it resolved. `known`: the
 * game's observers, when the caller has read them already.
 */
async function observerReportRows(
  ctx: GamesContext,
  tx: Tx,
  t: TurnContext,
  known?: readonly Observer[],
): Promise<OutboxRow[]> {
  if (t.turn.number < 1) return [];
  const list = known ?? (await observersOf(tx, t.game.id));
  if (list.length === 0) return [];
  const report = observerView(t);
  return list.map((o) =>
    observerMailRow(
      ctx,
      t.game,
      o,
      ctx.mail.observerReport({
        game: { id: t.game.id, name: t.game.name },
        turn: t.turn.number,
        report,
        welcome: false,
        observeUrl: observePageUrl(ctx, t.game.id),
        stopUrl: observerStopUrl(ctx, o),
      }),
      { kind: 'observer-report', key: `${t.turn.number}.observer` },
    ),
  );
}

/** A new observer's first mail: what it may see of the open turn now, where to read it, how to stop. */
export async function queueObserverWelcome(ctx: GamesContext, tx: Tx, game: Game, o: Observer): Promise<void> {
  const turn = game.currentTurn >= 1 ? await createTurnsRepository(tx).find(game.id, game.currentTurn) : null;
  const t = turn?.status === 'open' ? await loadTurn(ctx, tx, game.id, turn.number, { game, turn }) : null;
  const mail = ctx.mail.observerReport({
    game: { id: game.id, name: game.name },
    turn: t ? t.turn.number : null,
    report: t ? observerView(t) : null,
    welcome: true,
    observeUrl: observePageUrl(ctx, game.id),
    stopUrl: observerStopUrl(ctx, o),
  });
  await insertOutbox(tx, [observerMailRow(ctx, game, o, mail, { kind: 'observer-report', key: 'welcome' })]);
}

/** The observers' report of the game's open turn for the observe page; null when there is none to show. */
export async function observerPageReport(ctx: GamesContext, tx: Tx, game: Game): Promise<TurnReportView | null> {
  if (game.currentTurn < 1 || isOver(game)) return null;
  const t = await loadTurn(ctx, tx, game.id, game.currentTurn);
  return t && t.turn.status === 'open' ? observerView(t) : null;
}

/**
 * The reports a seat received at the start of turns `from` to `to` (HISTORY), made again from the stored turns by the
 * game's kind for that seat's side alone, exactly as the seat's report of each turn was: never more than its side
 * saw. Without their order blocks (those turns are over). Turns the game never opened are left out.
 */
export async function seatPastReports(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  seat: Seat,
  range: { readonly from: number; readonly to: number },
): Promise<TurnReportView[]> {
  const from = Math.max(1, range.from);
  const to = Math.min(range.to, game.currentTurn);
  if (to < from) return [];
  const all = await resolvedHistory(tx, game.id);
  const seatRows = await createSeatsRepository(tx).ofGame(game.id);
  const turnsOf = createTurnsRepository(tx);
  const views: TurnReportView[] = [];
  for (let n = from; n <= to; n += 1) {
    const turn = await turnsOf.find(game.id, n);
    if (!turn) continue;
    const history = all.filter((h) => h.number < n);
    const t = await loadTurn(ctx, tx, game.id, n, { game, turn, seats: seatRows, standing: [], history });
    if (!t) continue;
    views.push({ ...seatView(t, seat, undefined), orderBlock: null, noOrdersReason: null });
  }
  return views;
}

/** A report's mail and the login link in it: rows to write together. */
interface ReportRows {
  readonly login: ReturnType<typeof mintLoginToken>['row'];
  readonly mail: OutboxRow;
}

/**
 * One seat's report of the turn, its order block starting from the orders it has in (after a rollback, or on STATUS),
 * ready to write; null for a seat that has not joined (outbox/held.ts): nothing to render, no link to make for it.
 */
function reportRows(ctx: GamesContext, t: TurnContext, seat: Seat, inReplyTo: string | null): ReportRows | null {
  if (seat.joinedAt === null) return null;
  const view = seatView(t, seat, t.standing.find((s) => s.seatId === seat.id)?.orders);
  const first = t.turn.number === 1;
  const login = mintLoginToken(ctx, { email: seat.email, purpose: 'report', gameId: seat.gameId });
  const links = { gameUrl: `${ctx.publicUrl}/games/${t.game.id}`, loginUrl: loginUrl(ctx, login.token) };
  const mail = first ? ctx.mail.gameStart(view, links) : ctx.mail.turnReport(view, links);
  return {
    login: login.row,
    mail: seatMailRow(ctx, {
      game: t.game,
      seat,
      kind: first ? 'game-start' : 'turn-report',
      ...mail,
      key: `${t.turn.number}.${seat.side}`,
      inReplyTo,
    }),
  };
}

/**
 * The reports of the turn for `seats` (reportRows), each with the seat's view of the game attached as JSON when its
 * player asked for it (SET REPORT JSON): the document GET /api/games/:id gives the seat, read in this transaction.
 */
async function seatReports(
  ctx: GamesContext,
  tx: Tx,
  t: TurnContext,
  seatRows: readonly Seat[],
  inReplyTo: string | null,
): Promise<(ReportRows | null)[]> {
  const reports: (ReportRows | null)[] = [];
  // Loaded when needed: the game views import this module (a report's missed-turn notes) through moderation.
  const documents = seatRows.some((s) => s.reportJson) ? await import('../games/documents.ts') : null;
  for (const seat of seatRows) {
    const rows = reportRows(ctx, t, seat, inReplyTo);
    if (rows === null || !seat.reportJson || documents === null) {
      reports.push(rows);
      continue;
    }
    const json: OutboxAttachment = {
      filename: `${t.game.id}-turn-${t.turn.number}-${seat.side}.json`,
      contentType: 'application/json',
      content: await documents.seatDocumentJson(ctx, tx, t.game.id, seat),
    };
    reports.push({ ...rows, mail: { ...rows.mail, attachments: [json] } });
  }
  return reports;
}

/**
 * Whether a seat is mailed the turn's reports: not when its player chose the web only (SET REPORTS WEB, or the game
 * page's control), nor while mail to it bounces for good (outbox/bounces.ts: each report would only bounce again). Its
 * STATUS, the answers to its own mail and the game's end are mailed all the same.
 */
const mailsReports = (seat: Seat): boolean => seat.reportMails && seat.bouncedAt === null;

/** Writes reports and their login links: two statements, however many seats. */
async function insertReports(tx: Tx, reports: readonly (ReportRows | null)[]): Promise<void> {
  const rows = reports.filter((r): r is ReportRows => r !== null);
  if (rows.length === 0) return;
  const byName = namedInsert('login_tokens', LOGIN_COLUMNS, rows.length);
  const params = byName && loginParams(rows.map((r) => r.login));
  if (byName && params) await byName(tx, params);
  else await tx.insert(loginTokens).values(rows.map((r) => r.login));
  await insertOutbox(
    tx,
    rows.map((r) => r.mail),
  );
}

/** Transactions whose turn reports wait for writeTurnReports: a batch of resolutions (resolution.ts). */
const deferred = new WeakMap<Tx, Array<{ gameId: string; turnNumber: number; known: KnownTurn }>>();

/** From now on the transaction's turn reports are kept back, to be rendered and written by writeTurnReports. */
export function deferTurnReports(tx: Tx): void {
  deferred.set(tx, []);
}

/**
 * Renders and writes the turn reports kept back in the transaction (deferTurnReports): the earlier turns' events of
 * all their games in one statement, every report and its login link in two more.
 */
export async function writeTurnReports(ctx: GamesContext, tx: Tx): Promise<void> {
  const pending = deferred.get(tx) ?? [];
  deferred.delete(tx);
  if (pending.length === 0) return;
  const rows = await createTurnsRepository(tx).eventsOf(pending.map((p) => p.gameId));
  const observing = await observersOfGames(
    tx,
    pending.filter((p) => p.turnNumber >= 1).map((p) => p.gameId),
  );
  const reports: (ReportRows | null)[] = [];
  const observed: OutboxRow[] = [];
  for (const p of pending) {
    const history = rows
      .filter((r) => r.gameId === p.gameId && r.number < p.turnNumber)
      .map((r) => ({ number: r.number, events: r.events, missed: r.missed }));
    const t = await loadTurn(ctx, tx, p.gameId, p.turnNumber, { ...p.known, history });
    if (!t) continue;
    reports.push(...(await seatReports(ctx, tx, t, t.seats.filter(mailsReports), null)));
    observed.push(...(await observerReportRows(ctx, tx, t, observing.get(p.gameId) ?? [])));
  }
  await insertReports(tx, reports);
  await insertOutbox(tx, observed);
}

/**
 * Every seat's report for the turn that has just opened (with what happened in the turn before it); kept back to the
 * end of the transaction's batch when it has one (deferTurnReports).
 */
export async function queueTurnReports(
  ctx: GamesContext,
  tx: Tx,
  gameId: string,
  turnNumber: number,
  known: KnownTurn = {},
): Promise<void> {
  const later = deferred.get(tx);
  if (later) {
    later.push({ gameId, turnNumber, known });
    return;
  }
  const t = await loadTurn(ctx, tx, gameId, turnNumber, known);
  if (!t) return;
  await insertReports(tx, await seatReports(ctx, tx, t, t.seats.filter(mailsReports), null));
  await insertOutbox(tx, await observerReportRows(ctx, tx, t));
}

/**
 * The seat's report for the open turn again (the STATUS command), as an
 * answer to `inReplyTo` when given. False when the game has no open turn.
 */
export async function queueSeatReport(
  ctx: GamesContext,
  tx: Tx,
  gameId: string,
  seat: Seat,
  options: { inReplyTo?: string | null } = {},
): Promise<boolean> {
  const game = await createGamesRepository(tx).find(gameId);
  if (!game) return false;
  const t = await loadTurn(ctx, tx, gameId, game.currentTurn);
  if (!t || t.turn.status !== 'open') return false;
  await insertReports(tx, await seatReports(ctx, tx, t, [seat], options.inReplyTo ?? null));
  return true;
}

/**
 * A reminder to a seat whose orders are not in, with its orders ready to edit. `labels` name the reminders it stands
 * for, e.g. `24h`.
 */
export async function queueReminder(
  ctx: GamesContext,
  tx: Tx,
  m: { game: Game; turn: Turn; seat: Seat; labels: readonly string[] },
): Promise<void> {
  // Not to a seat that has not joined, nor to one whose mail bounces for good (outbox/bounces.ts).
  if (m.seat.joinedAt === null || m.seat.bouncedAt !== null) return;
  const kind = kindOf(m.game.ruleset);
  const at = { gameId: m.game.id, turn: m.turn.number, side: m.seat.side, state: kind.readState(m.turn.stateBefore) };
  const mail = ctx.mail.reminder({
    game: { id: m.game.id, name: m.game.name },
    turn: m.turn.number,
    deadline: m.turn.deadline,
    timeZone: m.seat.timeZone,
    noOrders: settingsOf(m.game).noOrders,
    standingOrders: kind.standingOrders,
    // In a kind's setup phase the block to send back is the setup's.
    orderBlock: isSetupTurn(m.game, m.turn.number)
      ? kind.setup.setupBlock(setupContext(m.game, m.turn, m.seat.side))
      : kind.orderBlock(at),
    loginUrl: await seatLoginLink(ctx, tx, m.seat),
  });
  await queueMail(ctx, tx, {
    game: m.game,
    seat: m.seat,
    kind: 'reminder',
    ...mail,
    key: `${m.turn.number}.${m.seat.side}.${m.labels.join('-')}`,
  });
}

/**
 * The end of a game: the result, the last turn, the final position, every ship's record, and the seed, so every roll
 * can be verified. Each seat's mail is drawn from its own side (a campaign's map marks the reader's ships as its own);
 * a campaign's battle says what becomes of its campaign.
 */
export async function queueGameEnd(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  summary: string,
  events: readonly unknown[],
): Promise<void> {
  // The caller has written the final position already; `game` may be the row as it was before.
  const current = await createGamesRepository(tx).find(game.id);
  const state = current?.state ?? game.state;
  const kind = kindOf(game.ruleset);
  const history = await resolvedHistory(tx, game.id);
  const settings = settingsOf(game);
  const name = (side: string) => sideName(settings, side);
  const lastTurn = events.length > 0 ? (history.at(-1)?.number ?? null) : null;
  const battles = await reportedBattles(tx, ctx.publicUrl, game, lastTurn);
  const campaign = await campaignOfBattleGame(ctx, tx, game.id);
  const mailFor = (side: string | null) =>
    ctx.mail.gameEnd({
      observing: side === null,
      game: { id: game.id, name: game.name },
      summary,
      lastTurn,
      ...kind.endReport({
        state: state ? kind.readState(state) : null,
        lastEvents: events,
        history,
        sideName: name,
        side,
        battles,
      }),
      seed: game.seed,
      seedCommitment: game.seedCommitment,
      archiveUrl: `${ctx.publicUrl}/archive/${game.id}`,
      ...(campaign ? { campaign } : {}),
    });
  const seatRows = await createSeatsRepository(tx).ofGame(game.id);
  const rows: OutboxRow[] = [];
  for (const seat of seatRows)
    if (!(await held(tx, seat)))
      rows.push(seatMailRow(ctx, { game, seat, kind: 'game-end', ...mailFor(seat.side), key: `end.${seat.side}` }));
  // Observers read the end as a reader with no side does: everything, now that nothing is secret.
  const observed = await observersOf(tx, game.id);
  if (observed.length > 0) {
    const end = mailFor(null);
    for (const o of observed) rows.push(observerMailRow(ctx, game, o, end, { kind: 'game-end', key: 'end.observer' }));
  }
  await insertOutbox(tx, rows);
}

/**
 * The campaign a game fights a battle of, as its end mail names it: the campaign, the turn, its page, and whether it
 * goes on (the battle ended by being fought, not abandoned because its campaign ended or its turn was rolled back).
 */
async function campaignOfBattleGame(ctx: GamesContext, tx: Tx, gameId: string) {
  const battle = await battleOfGame(tx, gameId);
  if (!battle) return null;
  const campaign = await createGamesRepository(tx).find(battle.campaignId);
  if (!campaign) return null;
  return {
    id: campaign.id,
    name: campaign.name,
    turn: battle.turn,
    url: `${ctx.publicUrl}/games/${campaign.id}`,
    goesOn: battle.endedAt === null,
  };
}
