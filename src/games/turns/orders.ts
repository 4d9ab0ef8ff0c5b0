/**
 * Submitting orders — the same use case for mail, web, API and CLI. Orders are
 * checked at once by the orders language against the turn's position; a valid
 * submission replaces the seat's earlier one (the history is kept); an invalid
 * one changes nothing. When the last seat is in, the turn falls due.
 */
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  games,
  seats,
  submissions,
  turns,
  type Game,
  type Seat,
  type SubmissionChannel,
  type Turn,
} from '../../db/schema.ts';
import { inLineOrder, PRESS_TO, type Command, type MessageOrder } from '../../orders/index.ts';
import { kindOf } from '../../kinds/index.ts';
import { notifyStatement } from '../../db/notifications.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { TURN_DUE_CHANNEL, type GamesContext, type Tx } from '../context.ts';
import { commitWithNext, type AppTransaction } from '../../db/client.ts';
import { rowReader } from '../../db/rows.ts';
import { namedStatement } from '../../db/prepared.ts';
import { badRequest, conflict, invalid } from '../errors.ts';
import { audit, markDue, markDueIfComplete, sidesThatMustOrder } from '../games/lifecycle.ts';
import { setReportSettings, setReportWidth } from '../seats/preferences.ts';
import { seatAmong, seatByToken } from '../seats/seats.ts';
import { secretMatches, sha256Hex } from '../secrets.ts';
import { isSetupTurn, setupContext } from './kind-setup.ts';
import type { SetupContext, SetupPhase, SubmissionParse } from '../../kinds/kind.ts';
import { settingsOf } from '../games/state.ts';
import { checkPress } from './side-messages.ts';

/** Orders as JSON (the API's form): each ship's SPEED, plot, target list and hold. */
export const jsonOrdersSchema = z.record(
  z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'a ship id is 1–12 letters or digits'),
  z.strictObject({
    speed: z.number().int().min(0).max(99),
    move: z
      .string()
      .regex(/^[0-9LRlr ]{0,64}$/, 'a plot is digits and L/R, e.g. 2L1')
      .optional(),
    fire: z
      .array(z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'a ship id is 1–12 letters or digits'))
      .max(50)
      .optional(),
    hold: z.boolean().optional(),
  }),
);

export interface SubmitOrdersInput {
  readonly gameId: string;
  readonly token: string;
  /** Orders-language text (a mail body, a form); or … */
  readonly text?: string;
  /** … orders as JSON. */
  readonly orders?: unknown;
  readonly channel: SubmissionChannel;
  readonly messageId?: string | null;
  /**
   * The turn whose report the text answers, when the channel knows it and the text names no turn itself (a mail's
   * In-Reply-To): orders answering a turn that is over are refused rather than taken for the open turn.
   */
  readonly answersTurn?: number | null;
  /**
   * The caller's transaction does nothing after these orders when the text holds nothing but orders: then, on
   * PostgreSQL, the orders are stored and committed in one round trip (commitWithNext), and the turn falls due in
   * that same statement. A change to the game's seats seen then throws SeatsChangedMeanwhile, nothing stored: the
   * caller runs the submission again without this.
   */
  readonly lastInTransaction?: boolean;
  /**
   * The caller runs the submission again on SeatsChangedMeanwhile (lastInTransactionOrAgain) even where its
   * transaction goes on after the orders (a mail's, in the savepoint its caller holds): the turn then falls due in the
   * statement that stores the orders, as with lastInTransaction, without committing — one round trip fewer for the
   * orders that complete a turn.
   */
  readonly dueInStatement?: boolean;
}

/**
 * The game's seats, or the submitting seat's token, changed between the lock's snapshot and the store
 * (lastInTransaction, dueInStatement): nothing was stored.
 */
export class SeatsChangedMeanwhile extends Error {
  constructor(gameId: string) {
    super(`the seats of ${gameId} changed while the orders waited for the turn: submit again`);
  }
}

export interface SubmitOrdersResult {
  readonly turn: number;
  /** Whether orders were stored (a text with commands only stores none). */
  readonly stored: boolean;
  /** The orders as understood, in canonical form. */
  readonly canonical: string;
  readonly deadline: Date | null;
  readonly commands: readonly Command[];
  readonly message: MessageOrder | null;
  /** How the text was read, where the player should know (a greeting skipped, orders taken from the quote). */
  readonly notes: readonly string[];
  /** Every seat that must order has orders in: the turn will resolve now. */
  readonly turnComplete: boolean;
  /** The seat, as the submission left it (a SET WIDTH applied). */
  readonly seat: Seat;
}

/** JSON orders written as orders-language lines, so both forms pass one and the same check. */
function jsonToText(gameId: string, turn: number, raw: unknown): string {
  const parsed = jsonOrdersSchema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(
      'INVALID_ORDERS',
      'the orders could not be read',
      parsed.error.issues.map((i) => ({ code: 'INVALID_FIELD', message: `${i.path.join('.')}: ${i.message}` })),
    );
  }
  const lines = Object.entries(parsed.data).map(([id, o]) => {
    const fire = o.fire?.length ? ` FIRE ${o.fire.join(' ')}` : '';
    return `SHIP ${id} SPEED ${o.speed} MOVE ${(o.move ?? '').replace(/ /g, '') || '0'}${fire}${o.hold ? ' HOLD' : ''}`;
  });
  return [`GAME ${gameId} TURN ${turn}`, ...lines, 'END'].join('\n');
}

/** A setup submission read as the kind's setup language reads it, in the shape orders are handled in. */
function readSetupSubmission(
  setup: SetupPhase<unknown>,
  text: string,
  at: SetupContext<unknown>,
): SubmissionParse<unknown> {
  const parsed = setup.parseSetup(text, at);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    orders: parsed.setup,
    hasOrders: parsed.hasOrders ?? true,
    commands: parsed.commands ?? [],
    message: parsed.message,
    ...(parsed.notes ? { notes: parsed.notes } : {}),
  };
}

const gameReader = rowReader(games, 'g_');
const turnReader = rowReader(turns, 't_');
const seatReader = rowReader(seats, '');

// A submission's statements, written out and run by name (src/db/prepared.ts): the server plans each once a connection.

/** The game with its current turn, the turn row locked ($1: the game). */
const lockCurrentTurn = namedStatement(
  'msc_lock_current_turn',
  `select ${gameReader.columns}, ${turnReader.columns}
   from "turns" inner join "games" on "games"."id" = "turns"."game_id"
   where "turns"."game_id" = $1 and "turns"."number" = "games"."current_turn"
   for update of "turns"`,
);

/**
 * A digest of what the sides that must order depend on, of each of a game's seats (`game`: the SQL naming the game):
 * compared, it tells whether they changed between two statements.
 */
export function seatsDigest(game: string): string {
  return `(select md5(coalesce(string_agg(d.id::text || '/' || d.side || '/' || coalesce(d.conceded_at::text, '-') || '/' ||
     coalesce(d.ruled_since::text, '-'), ',' order by d.side, d.id), '')) from "seats" d where d.game_id = ${game})`;
}

/** A game's seats, by side, as the seats repository's ofGame ($1: the game). */
const seatsOfGame = namedStatement(
  'msc_seats_of_game',
  `select ${seatReader.columns} from "seats" where "seats"."game_id" = $1 order by "seats"."side" asc`,
);

const tokenSeatReader = rowReader(seats, 's_');
/** Of the game and its turn, what a submission reads (the lock's row is parsed for every submission). */
const gameBrief = rowReader(games, 'g_', ['id', 'ruleset', 'status', 'settings', 'currentTurn']);
const turnBrief = rowReader(turns, 't_', ['number', 'status', 'stateBefore', 'deadline']);

/**
 * A submission's lock: the game with its current turn, the turn row locked, and the seat the token's hash names (none:
 * all its columns null). $1: the game, $2: the token's SHA-256. The seat is as the statement's snapshot saw it, which
 * may be older than the lock when the statement waited for it: the store checks it again once the turn is locked.
 */
export const lockForSubmission = namedStatement(
  'msc_lock_for_submission',
  `select ${gameBrief.columns}, ${turnBrief.columns}, ${tokenSeatReader.columns},
     ${seatsDigest('$1::text')} as seats_digest,
     (select json_agg(json_build_object('side', d.side, 'concededAt', d.conceded_at, 'ruledSince', d.ruled_since)
       order by d.side, d.id) from "seats" d where d.game_id = $1::text) as seat_standings
   from "turns" inner join "games" on "games"."id" = "turns"."game_id"
   left join "seats" on "seats"."game_id" = "turns"."game_id" and "seats"."token_hash" = $2
   where "turns"."game_id" = $1 and "turns"."number" = "games"."current_turn"
   for update of "turns"`,
);

/** The seats as of the lock's snapshot: what decides which sides must order (sidesThatMustOrder). */
function seatStandingsOf(
  row: Record<string, unknown>,
): { side: string; concededAt: Date | null; ruledSince: Date | null }[] {
  const list = (row.seat_standings ?? []) as { side: string; concededAt: string | null; ruledSince: string | null }[];
  return list.map((s) => ({
    side: s.side,
    concededAt: s.concededAt === null ? null : new Date(s.concededAt),
    ruledSince: s.ruledSince === null ? null : new Date(s.ruledSince),
  }));
}

/**
 * A seat's orders stored in one round trip, if the seat still holds the token and has not conceded (checked as the
 * seats are now, the turn locked): its standing submission superseded (the insert waits for that: its where reads
 * `superseded`), the new one inserted.
 * $1 game, $2 turn, $3 seat, $4 now, $5 channel, $6 text, $7 orders (JSON), $8 message id, $9 the token's SHA-256.
 *
 * With $10 (the sides that must order, from the seats as the lock saw them) and $11 (their digest then), it also
 * stores nothing unless the seats are still as the lock saw them (`fresh`), and makes the turn due when the orders are
 * stored and every side that must order has orders standing (`complete`), notifying the workers at commit — so that
 * the transaction can commit with this statement (lastInTransaction), or go on without a markDue (dueInStatement).
 * Without them ($10, $11 null), markDue is the caller's.
 *
 * `answer`: what the statement answers. 'seats': the game's seats, by side, as they are now, each with whether it
 * (another seat) has orders standing (the statement's snapshot is from before the insert), and on every row whether
 * the orders were stored (and `fresh`, `complete`) — what the caller needs to decide completion itself. 'outcome':
 * one row, only `stored`, `fresh` and `complete`, for the caller that lets the statement decide it (its seat is the
 * one the lock read, checked again here): a tenth of the columns to describe and read.
 */
function storeStatement(answer: 'seats' | 'outcome'): string {
  const outcome = `(select count(*) from inserted) as stored,
     (select fresh from standings) as fresh,
     (select count(*) from notified) > 0 as complete`;
  return `with standings as (
     select $11::text is null or ${seatsDigest('$1::text')} = $11::text as fresh
   ), seat as (
     select 1 from "seats" where id = $3::uuid and token_hash = $9::text and conceded_at is null
       and (select fresh from standings)
   ), superseded as (
     update "submissions" set superseded_at = $4::timestamptz
     where game_id = $1::text and turn = $2::integer and seat_id = $3::uuid and superseded_at is null
       and exists (select 1 from seat)
     returning 1
   ), inserted as (
     insert into "submissions" (game_id, turn, seat_id, channel, text, orders, received_at, message_id)
     select $1::text, $2::integer, $3::uuid, $5::text, $6::text, $7::jsonb, $4::timestamptz, $8::text
     where exists (select 1 from seat) and (select count(*) from superseded) >= 0
     returning 1
   ), complete as (
     select $10::text[] is not null and (select count(*) from inserted) = 1 and not exists (
       select 1 from unnest($10::text[]) as must(side) where not exists (
         select 1 from "seats" o where o.game_id = $1::text and o.side = must.side and (o.id = $3::uuid or exists (
           select 1 from "submissions" s
           where s.game_id = $1::text and s.turn = $2::integer and s.seat_id = o.id and s.superseded_at is null)))
     ) as yes
   ), due as (
     update "turns" set due_at = $4::timestamptz, next_reminder_at = null
     where game_id = $1::text and number = $2::integer and status = 'open' and due_at is null
       and (select yes from complete)
     returning 1
   ), notified as (
     select pg_notify('${TURN_DUE_CHANNEL}', $1::text) from complete where yes
   )
   ${
     answer === 'outcome'
       ? `select ${outcome}`
       : `select ${seatReader.columns},
     ${outcome},
     "seats"."id" <> $3::uuid and exists (
       select 1 from "submissions" s
       where s.game_id = $1::text and s.turn = $2::integer and s.seat_id = "seats"."id" and s.superseded_at is null
     ) as standing
   from "seats" where "seats"."game_id" = $1::text order by "seats"."side" asc`
   }`;
}

type StoreOutcome = { stored: string | number; fresh: boolean; complete: boolean };

/** The orders stored; answers the game's seats (storeStatement's 'seats'). */
export const storeSubmission = namedStatement<Record<string, unknown> & StoreOutcome & { standing: boolean }>(
  'msc_store_submission',
  storeStatement('seats'),
);

/** The orders stored, the turn made due by the statement if they complete it; answers its outcome alone. */
export const storeSubmissionDue = namedStatement<StoreOutcome>('msc_store_submission_due', storeStatement('outcome'));

/** The game and its open turn, locked against resolution for the rest of the transaction. */
export async function lockOpenTurn(tx: Tx, gameId: string): Promise<{ game: Game; turn: Turn }> {
  // One round trip in the usual case: the game with its current turn, the turn row locked.
  const [found] = await lockCurrentTurn(tx, [gameId]);
  return openTurnOf(tx, gameId, found ? { game: gameReader.read(found), turn: turnReader.read(found) } : undefined);
}

/** The game and its open turn from the lock's row (none: the game has no current turn, or no such game), checked. */
async function openTurnOf<
  G extends Pick<Game, 'status' | 'currentTurn' | 'ruleset'>,
  T extends Pick<Turn, 'number' | 'status'>,
>(tx: Tx, gameId: string, row: { game: G; turn: T } | undefined): Promise<{ game: G; turn: T }> {
  const game = row?.game ?? (await createGamesRepository(tx).byId(gameId, { hint: ': check the GAME line' }));
  // A kind's setup phase is turn 0 and takes each side's setup like orders; a tactical battle's setup takes fleets.
  if (game.status === 'setup' && !(row && isSetupTurn(game, row.turn.number)))
    throw conflict('GAME_NOT_STARTED', `game ${gameId} has not started: every side must first send its fleet`);
  if (game.status === 'finished' || game.status === 'abandoned')
    throw conflict('GAME_OVER', `game ${gameId} is over: it takes no more orders`);
  if (!row || row.turn.status !== 'open') {
    throw conflict(
      'TURN_CLOSED',
      `turn ${game.currentTurn} of ${gameId} is being resolved: your next report has the new order block`,
    );
  }
  return row;
}

/** The seat among the game's seats as they are now that the token opens, if it has not conceded. */
function usableSeat(rows: readonly Seat[], gameId: string, token: string): Seat {
  const seat = seatAmong(rows, gameId, token);
  if (seat.concededAt)
    throw conflict('SEAT_CONCEDED', `your side (${seat.side}) has conceded: it takes no more orders`);
  return seat;
}

export async function submitOrders(ctx: GamesContext, input: SubmitOrdersInput): Promise<SubmitOrdersResult> {
  return lastInTransactionOrAgain((last) =>
    ctx.db.transaction((tx) => submitOrdersIn(ctx, tx, { ...input, lastInTransaction: last })),
  );
}

/**
 * Runs a submission whose transaction ends with its orders (lastInTransaction), and again without that if the seats
 * changed while it waited for the turn (SeatsChangedMeanwhile: nothing was stored), to be taken as they are now.
 */
export async function lastInTransactionOrAgain<T>(run: (lastInTransaction: boolean) => Promise<T>): Promise<T> {
  try {
    return await run(true);
  } catch (error) {
    if (error instanceof SeatsChangedMeanwhile) return run(false);
    throw error;
  }
}

/**
 * submitOrders in a transaction the caller holds and rolls back if this throws (submitText's, so that orders and the
 * commands in the same text are one transaction without a savepoint between them).
 */
export async function submitOrdersIn(
  ctx: GamesContext,
  tx: AppTransaction,
  input: SubmitOrdersInput,
): Promise<SubmitOrdersResult> {
  const tokenHash = sha256Hex(input.token);
  const [found] = await lockForSubmission(tx, [input.gameId, tokenHash]);
  const { game, turn } = await openTurnOf(
    tx,
    input.gameId,
    found ? { game: gameBrief.read(found), turn: turnBrief.read(found) } : undefined,
  );
  const readSeats = async () => (await seatsOfGame(tx, [input.gameId])).map((r) => seatReader.read(r));
  // The seat the token opens, as the lock's snapshot saw it: taken as it is only when it may order, and checked again
  // as the seats are once the turn is locked (by the store, or by reading them). Otherwise its refusal (BAD_TOKEN,
  // SEAT_CONCEDED) comes from the seats as they are now.
  const early = found && found.s_id !== null ? tokenSeatReader.read(found) : null;
  let seatRows: Seat[] | null = null;
  let seat: Seat;
  if (early && secretMatches(input.token, early.tokenHash) && !early.concededAt) seat = early;
  else seat = usableSeat((seatRows = await readSeats()), input.gameId, input.token);
  const kind = kindOf(game.ruleset);
  // The turn's state, read once for the whole submission (the orders' check, the sides that must order).
  const state = kind.readState(turn.stateBefore);
  const at = { gameId: input.gameId, turn: turn.number, side: seat.side, state };
  const setupPhase = isSetupTurn(game, turn.number) ? kind.setup : null;
  if (setupPhase && input.text === undefined)
    throw badRequest('SETUP_AS_TEXT', 'a setup is sent as text: BUILD lines between the GAME line and END');
  const text = input.text ?? jsonToText(input.gameId, turn.number, input.orders ?? {});
  const parsed = setupPhase
    ? readSetupSubmission(setupPhase, text, setupContext(game, turn, seat.side))
    : kind.parseSubmission(text, at);
  // A setup the kind takes only as a document (a tactical fleet) is not sent as text: the game has not started.
  const notStarted = !parsed.ok && setupPhase ? parsed.errors.find((e) => e.code === 'GAME_NOT_STARTED') : undefined;
  if (notStarted) throw conflict('GAME_NOT_STARTED', notStarted.message);
  if (!parsed.ok) {
    throw invalid(
      setupPhase ? 'SETUP_REJECTED' : 'ORDERS_REJECTED',
      setupPhase
        ? 'your setup was not accepted: nothing was stored, fix every line listed'
        : `your orders for turn ${turn.number} were not accepted: nothing was stored, fix every line listed`,
      inLineOrder(parsed.errors),
    );
  }
  const { message } = parsed;
  if (message?.to === PRESS_TO) checkPress(settingsOf(game), message.anonymous === true);
  let { orders, commands, hasOrders } = parsed;
  // A side the rules took over from a player who kept missing turns (missed.ts) is theirs until the moderator gives
  // the seat to a player again. Commands and messages still work.
  if ((hasOrders || commands.includes('HOLD')) && seat.ruledSince && !setupPhase)
    throw conflict(
      'SIDE_PLAYED_BY_RULES',
      `your side (${seat.side}) missed too many turns in a row and ${kind.rulesPlaying ?? 'the rules'} play it now: nothing was stored; ask the game's moderator to give the seat back to you`,
    );
  const notes = [...(parsed.notes ?? [])];
  // HOLD (NO ORDERS): nothing to change — the standing orders, sent as the side's orders; in a setup, the default one.
  if (commands.includes('HOLD')) {
    if (hasOrders)
      throw invalid(
        'HOLD_WITH_ORDERS',
        'HOLD says you have no orders this turn, yet the text has orders too: nothing was stored; ' +
          'send the orders without HOLD, or HOLD alone',
        [
          {
            line: null,
            code: 'HOLD_WITH_ORDERS',
            message: 'write HOLD (or NO ORDERS) alone, or your orders without it',
          },
        ],
      );
    commands = commands.filter((c) => c !== 'HOLD');
    hasOrders = true;
    if (setupPhase) {
      orders = setupPhase.defaultSetup(setupContext(game, turn, seat.side));
      notes.push('HOLD: your setup is the default one, as below');
    } else {
      orders = kind.holdOrders(at);
      notes.push(`HOLD: no orders this turn — ${kind.standingOrders}`);
    }
  }
  if (hasOrders && input.answersTurn != null && input.answersTurn < turn.number)
    throw conflict(
      'TURN_OVER',
      `your orders answer the ${input.answersTurn === 0 ? 'setup mail' : `report for turn ${input.answersTurn}`}, and that is over: turn ${turn.number} is open. Nothing was stored: reply to the newest report, or write TURN ${turn.number} on the GAME line`,
    );
  // A paused game takes no orders on any channel (the web shows no form): what the moderator resumes is the turn
  // as the players left it. Commands (HELP, STATUS, a MESSAGE, a setting) still work.
  if (hasOrders && game.status === 'paused')
    throw conflict(
      'GAME_PAUSED',
      `game ${input.gameId} is paused by its moderator: it takes no orders until it resumes; nothing was stored`,
    );
  // A setting is the seat's own, whatever the channel; the last one in the text counts.
  const width = commands.findLast((c) => c.startsWith('SET WIDTH'));
  if (width !== undefined) seat = await setReportWidth(tx, seat, width === 'SET WIDTH 100' ? 100 : 78);
  const reports = commands.findLast((c) => c.startsWith('SET REPORTS'));
  if (reports !== undefined) seat = await setReportSettings(tx, seat, { reportMails: reports === 'SET REPORTS MAIL' });
  const format = commands.findLast((c) => c.startsWith('SET REPORT '));
  if (format !== undefined) seat = await setReportSettings(tx, seat, { reportJson: format === 'SET REPORT JSON' });
  const now = ctx.clock.now();
  let complete = false;
  if (hasOrders) {
    const ordersJson = JSON.stringify(setupPhase ? setupPhase.writeSetup(orders) : kind.writeOrders(orders));
    // The turn made due by the statement that stores the orders, if they complete it, refused if the seats changed
    // since the lock's snapshot: when the caller runs the submission again then.
    const inStatement = (input.lastInTransaction === true || input.dueInStatement === true) && found !== undefined;
    // Nothing but orders, and nothing after them: stored and committed in one round trip.
    if (inStatement && input.lastInTransaction === true && commands.length === 0 && !message) commitWithNext(tx);
    const params = [
      input.gameId,
      turn.number,
      seat.id,
      now.toISOString(),
      input.channel,
      input.text ?? null,
      ordersJson,
      input.messageId ?? null,
      tokenHash,
    ];
    if (inStatement) {
      // The statement decides whether the turn is complete, and answers only its outcome: the seat is the one read
      // before (by the lock, or with the seats), the store having checked its token and standing again.
      const [outcome] = await storeSubmissionDue(tx, [
        ...params,
        sidesThatMustOrder(game, turn.stateBefore, seatStandingsOf(found), { state }),
        found.seats_digest,
      ]);
      // Nothing stored: the seats changed, or the seat itself did (a new token), while the lock waited. Its
      // transaction may be over (committed with this statement): the caller runs the submission again, which refuses
      // or takes it as the seats are now.
      if (outcome?.fresh !== true || Number(outcome.stored) === 0) throw new SeatsChangedMeanwhile(input.gameId);
      complete = outcome.complete;
      // The seat as the lock read it (its statement's snapshot), with any setting above applied.
      seatRows = [seat];
    } else {
      const rows = await storeSubmission(tx, [...params, null, null]);
      seatRows = rows.map((r) => seatReader.read(r));
      if (Number(rows[0]?.stored ?? 0) === 0) {
        // The seat changed while the lock waited (a new token, a concession): refused as the seats are now.
        usableSeat(seatRows, input.gameId, input.token);
        throw new Error(`seat ${seat.id} of ${input.gameId} changed while its orders were stored`);
      }
      const standing = new Set(rows.filter((r) => r.standing).map((r) => r.id as string));
      const inSides = new Set([seat.side, ...seatRows.filter((x) => standing.has(x.id)).map((x) => x.side)]);
      complete = sidesThatMustOrder(game, turn.stateBefore, seatRows, { state }).every((side) => inSides.has(side));
      if (complete) await markDue(ctx, tx, input.gameId, turn.number);
    }
  } else {
    // Read again after a setting (SET WIDTH, REPORTS, REPORT), so the seat answered is as the submission left it.
    if (seatRows === null || width !== undefined || reports !== undefined || format !== undefined)
      seatRows = await readSeats();
    if (usableSeat(seatRows, input.gameId, input.token).id !== seat.id)
      throw new Error(`seat ${seat.id} of ${input.gameId} changed while its commands were read`);
  }
  // The seat as the submission left it (a SET WIDTH applied), read once the turn was locked.
  seat = seatRows.find((x) => x.id === seat.id)!;
  return {
    turn: turn.number,
    stored: hasOrders,
    canonical: setupPhase
      ? setupPhase.formatSetup(orders, setupContext(game, turn, seat.side))
      : kind.formatOrders(orders, at),
    deadline: turn.deadline,
    commands,
    message,
    notes,
    turnComplete: complete,
    seat,
  };
}

/** The orders a seat has in for the current turn (null: none yet). */
export async function standingOrders(
  ctx: GamesContext,
  gameId: string,
  token: string,
): Promise<{ turn: number; canonical: string | null; receivedAt: Date | null }> {
  return ctx.db.transaction(async (tx) => {
    const { game, turn } = await lockOpenTurn(tx, gameId);
    const seat = await seatByToken(tx, gameId, token);
    const [sub] = await tx
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.gameId, gameId),
          eq(submissions.turn, turn.number),
          eq(submissions.seatId, seat.id),
          isNull(submissions.supersededAt),
        ),
      );
    if (!sub) return { turn: turn.number, canonical: null, receivedAt: null };
    const kind = kindOf(game.ruleset);
    const at = { gameId, turn: turn.number, side: seat.side, state: kind.readState(turn.stateBefore) };
    const setupPhase = isSetupTurn(game, turn.number) ? kind.setup : null;
    return {
      turn: turn.number,
      canonical: setupPhase
        ? setupPhase.formatSetup(setupPhase.readSetup(sub.orders), setupContext(game, turn, seat.side))
        : kind.formatOrders(kind.readOrders(sub.orders), at),
      receivedAt: sub.receivedAt,
    };
  });
}

/**
 * A side concedes (rules §7: "at any time"). Its ships leave play when the
 * turn resolves; if that leaves fewer than two sides, the turn resolves now
 * and the game ends.
 */
export async function concede(
  ctx: GamesContext,
  gameId: string,
  token: string,
  actor?: string,
): Promise<{ gameEnds: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const { game, turn } = await lockOpenTurn(tx, gameId);
    const seat = await seatByToken(tx, gameId, token);
    return concedeSeat(ctx, tx, game, turn, seat, actor ?? `seat:${seat.side}`);
  });
}

export async function concedeSeat(
  ctx: GamesContext,
  tx: Tx,
  game: Pick<Game, 'id' | 'ruleset'>,
  turn: Turn,
  seat: Seat,
  actor: string,
): Promise<{ gameEnds: boolean }> {
  if (seat.concededAt) throw conflict('SEAT_CONCEDED', `side ${seat.side} has conceded already`);
  const gameId = game.id;
  const now = ctx.clock.now();
  const kind = kindOf(game.ruleset);
  const state = kind.concede(kind.readState(turn.stateBefore), seat.side);
  const stateDoc = kind.writeState(state);
  await tx.update(seats).set({ concededAt: now }).where(eq(seats.id, seat.id));
  // The open turn's position and the game's current position are the same document.
  await tx
    .update(turns)
    .set({ stateBefore: stateDoc })
    .where(and(eq(turns.gameId, gameId), eq(turns.number, turn.number)));
  await tx.update(games).set({ state: stateDoc, updatedAt: now }).where(eq(games.id, gameId));
  await audit(ctx, tx, { gameId, actor, action: 'concede', details: { side: seat.side, turn: turn.number } });
  const gameEnds = kind.sidesInPlay(state).length < 2;
  if (gameEnds) {
    await tx
      .update(turns)
      .set({ dueAt: now, nextReminderAt: null })
      .where(and(eq(turns.gameId, gameId), eq(turns.number, turn.number)));
    await tx.execute(notifyStatement(TURN_DUE_CHANNEL, gameId));
  } else {
    await markDueIfComplete(ctx, tx, game, turn.number, stateDoc);
  }
  return { gameEnds };
}
