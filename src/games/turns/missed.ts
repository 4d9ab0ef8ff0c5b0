/**
 * Missed turns (NMR): a seat that must order and has neither orders nor HOLD in when its turn resolves — at the
 * deadline, or when the moderator resolves it now — has missed it; so has a seat whose setup the setup deadline
 * defaulted. Resolving the turn counts it, once, in the transaction that resolves it: the seat's total and its run
 * of misses in a row (ended by orders or HOLD), the sides on the turn (`turns.missed`, which the next report tells
 * every side), a warning mail to the seat after the first miss of a run, and at the game's missed-turn limit either
 * the rules take the side over (a kind with `rulesPlaying`: the tactical battle's solo rules) or the moderator is
 * asked to replace the player.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { seats, turns, type Game, type MissedTurn, type Seat, type Turn } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { GamesContext, Tx } from '../context.ts';
import { audit } from '../games/lifecycle.ts';
import { sideName, type GameSettings } from '../games/settings.ts';
import { settingsOf } from '../games/state.ts';
import { seatLoginLink } from '../logins/logins.ts';
import { describeDeadline } from '../../reports/turn-report.ts';
import { queueAnswer } from './messages.ts';

/** What a side's pieces did without orders, after "Red sent no orders for turn 3: " (the game's no-orders policy). */
function appliedInstead(game: Pick<Game, 'ruleset'>, settings: Pick<GameSettings, 'noOrders'>): string {
  return settings.noOrders === 'solo' ? 'the solo rules played its ships' : kindOf(game.ruleset).missedOrders;
}

/**
 * What a report says of the sides that sent nothing for the turn before it (`missed`, as that turn stored it): which
 * side, what was applied instead, and what the missed-turn limit did. Every side's report says it alike.
 */
export function missedNotes(
  game: Pick<Game, 'ruleset' | 'settings'>,
  turnNumber: number,
  missed: readonly MissedTurn[],
): string[] {
  const settings = settingsOf(game);
  const kind = kindOf(game.ruleset);
  return missed.flatMap((m) => {
    const name = sideName(settings, m.side);
    const first =
      turnNumber === 0
        ? `${name} sent no setup by the deadline: it was given the default setup.`
        : `${name} sent no orders for turn ${turnNumber}: ${appliedInstead(game, settings)}.`;
    if (m.limit === 'rules')
      return [first, `${name} has missed ${m.inARow} turns in a row: ${kind.rulesPlaying} play its side from now on.`];
    if (m.limit === 'moderator')
      return [
        first,
        `${name} has missed ${m.inARow} turns in a row: it keeps its standing orders, and the moderator is asked to find a new player for it.`,
      ];
    return [first];
  });
}

/**
 * Counts the turn's misses, in the transaction that resolves it (called once per resolution): the sides of
 * `mustOrder` without orders (nor HOLD) missed it — when its deadline had passed; a turn the moderator resolves
 * before its deadline counts no miss, while orders in still end a run. Returns the game's seats as they now stand (a
 * side the rules took over waits for nobody's orders from the next turn on).
 */
export async function recordMissedTurn(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turn: Pick<Turn, 'number' | 'deadline'>,
  seatRows: readonly Seat[],
  mustOrder: readonly string[],
  ordered: ReadonlySet<string>,
  options: {
    /** The turn ended the game: its misses are counted and told, and nobody is warned nor taken over. */
    gameOver?: boolean;
    /** The deadline of the turn that opens next (null: none), for the warning; absent when it does not open yet. */
    nextDeadline?: Date | null;
  } = {},
): Promise<Seat[]> {
  const turnNumber = turn.number;
  const deadlinePassed = turn.deadline !== null && turn.deadline <= ctx.clock.now();
  const playing = seatRows.filter((s) => s.concededAt === null && mustOrder.includes(s.side));
  const missedIds = deadlinePassed ? playing.filter((s) => !ordered.has(s.side)).map((s) => s.id) : [];
  const backIds = playing.filter((s) => ordered.has(s.side) && s.missedInARow > 0).map((s) => s.id);
  if (missedIds.length === 0 && backIds.length === 0) return [...seatRows];
  const changed = new Map<string, Seat>();
  if (backIds.length > 0)
    for (const s of await tx.update(seats).set({ missedInARow: 0 }).where(inArray(seats.id, backIds)).returning())
      changed.set(s.id, s);
  if (missedIds.length > 0) {
    const missedRows = await tx
      .update(seats)
      .set({ missedTurns: sql`${seats.missedTurns} + 1`, missedInARow: sql`${seats.missedInARow} + 1` })
      .where(inArray(seats.id, missedIds))
      .returning();
    const settings = settingsOf(game);
    const kind = kindOf(game.ruleset);
    const limit = settings.missedTurnLimit;
    const reached = (seat: Seat) => limit > 0 && seat.missedInARow === limit;
    // The rules take a side only while a player is left on another: they do not play a game against themselves.
    const playersLeft = seatRows.filter(
      (s) => s.concededAt === null && !s.ruledSince && !missedRows.some((m) => m.id === s.id && reached(m)),
    );
    const rulesMayPlay = kind.rulesPlaying !== undefined && playersLeft.length > 0;
    const entries: MissedTurn[] = [];
    for (let seat of missedRows.sort((a, b) => a.side.localeCompare(b.side))) {
      const outcome = reached(seat) && !options.gameOver ? (rulesMayPlay ? 'rules' : 'moderator') : undefined;
      if (outcome === 'rules') {
        const [ruled] = await tx
          .update(seats)
          .set({ ruledSince: ctx.clock.now() })
          .where(eq(seats.id, seat.id))
          .returning();
        seat = ruled!;
      }
      changed.set(seat.id, seat);
      entries.push({ side: seat.side, inARow: seat.missedInARow, ...(outcome ? { limit: outcome } : {}) });
      if (options.gameOver) continue;
      if (seat.missedInARow === 1 || outcome)
        await queueSeatWarning(ctx, tx, game, turnNumber, seat, outcome, options.nextDeadline);
      if (outcome) await askModerator(ctx, tx, game, turnNumber, seat, outcome);
    }
    await tx
      .update(turns)
      .set({ missed: entries })
      .where(and(eq(turns.gameId, game.id), eq(turns.number, turnNumber)));
  }
  return seatRows.map((s) => changed.get(s.id) ?? s);
}

/** The seat's warning: after the first miss of a run, and again when the missed-turn limit is reached. */
async function queueSeatWarning(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turnNumber: number,
  seat: Seat,
  outcome: 'rules' | 'moderator' | undefined,
  nextDeadline: Date | null | undefined,
): Promise<void> {
  const settings = settingsOf(game);
  const kind = kindOf(game.ruleset);
  const setup = turnNumber === 0;
  const applied = setup
    ? 'so your side was given the default setup.'
    : settings.noOrders === 'solo'
      ? 'so the solo rules played your ships this turn.'
      : `so the standing orders applied: ${kind.standingOrders}.`;
  const limit = settings.missedTurnLimit;
  const paragraphs = [
    setup
      ? `Your setup for ${game.name} was not in by the setup deadline, ${applied}`
      : `Your orders for turn ${turnNumber} of ${game.name} were not in by the deadline, ${applied}`,
  ];
  if (outcome === 'rules')
    paragraphs.push(
      `That is ${seat.missedInARow} turns in a row without orders, the game's limit: ${kind.rulesPlaying} play your side from now on, and the moderator has been told. Ask the moderator if you want to play it again.`,
    );
  else if (outcome === 'moderator')
    paragraphs.push(
      `That is ${seat.missedInARow} turns in a row without orders, the game's limit: your side keeps its standing orders, and the moderator has been asked to find a new player for it. Send orders now if you mean to play on, and tell the moderator.`,
    );
  else {
    paragraphs.push(
      'The next turn is open and its report is in a separate mail: reply to it with your orders, or send them on the game\'s web page. If you have nothing to change, send HOLD (or press "Ready — no changes" on the web): that counts as orders, and the turn need not wait for its deadline.',
    );
    if (nextDeadline !== undefined)
      paragraphs.push(
        nextDeadline === null
          ? `Turn ${turnNumber + 1} has no deadline: it waits for your orders.`
          : `Orders for turn ${turnNumber + 1} are due ${describeDeadline(nextDeadline, seat.timeZone)}.`,
      );
    if (limit > 0)
      paragraphs.push(
        kind.rulesPlaying
          ? `After ${limit} turns in a row without orders, ${kind.rulesPlaying} play your side for the rest of the game.`
          : `After ${limit} turns in a row without orders, the moderator is asked to find a new player for your side.`,
      );
  }
  const composed = ctx.mail.notice({
    subject: `[${game.id}] ${game.name}: ${setup ? 'no setup from you' : `no orders from you for turn ${turnNumber}`}`,
    paragraphs,
    loginUrl: await seatLoginLink(ctx, tx, seat),
  });
  await queueAnswer(ctx, tx, { to: seat.email, gameId: game.id, kind: 'missed-turn', composed, inReplyTo: null, seat });
}

/** The moderator is told: by mail when the game has a moderator's address, always in the audit log and on the board. */
async function askModerator(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turnNumber: number,
  seat: Seat,
  outcome: 'rules' | 'moderator',
): Promise<void> {
  const settings = settingsOf(game);
  const kind = kindOf(game.ruleset);
  const name = sideName(settings, seat.side);
  await audit(ctx, tx, {
    gameId: game.id,
    actor: 'system',
    action: 'missed-turn-limit',
    details: { side: seat.side, turn: turnNumber, inARow: seat.missedInARow, outcome },
  });
  if (game.moderatorEmail === null) return;
  const board = `${ctx.publicUrl}/games/${game.id}/moderate`;
  const composed = ctx.mail.notice({
    subject: `[${game.id}] ${game.name}: ${name} has missed ${seat.missedInARow} turns in a row`,
    paragraphs: [
      `${name} (${seat.displayName}) sent no orders for ${seat.missedInARow} turns in a row, up to turn ${turnNumber}: the game's limit.`,
      outcome === 'rules'
        ? `From now on ${kind.rulesPlaying ?? 'the rules'} play the side. To give it to a new player, replace the player on the moderator's page; you may also end the game there.`
        : `The side keeps following its standing orders. Please find a new player and replace the player on the moderator's page; you may also end the game there.`,
      `The moderator's page: ${board}`,
    ],
  });
  await queueAnswer(ctx, tx, {
    to: game.moderatorEmail,
    gameId: game.id,
    kind: 'missed-turn',
    composed,
    inReplyTo: null,
  });
}

/**
 * Takes back the misses a rolled-back turn counted (`missed`, as it stored them): one fewer in each seat's total and
 * run, and a side the rules took over at that turn goes back to its player.
 */
export async function uncountMissedTurn(tx: Tx, gameId: string, missed: readonly MissedTurn[]): Promise<void> {
  for (const m of missed) {
    await tx
      .update(seats)
      .set({
        missedTurns: sql`greatest(${seats.missedTurns} - 1, 0)`,
        missedInARow: sql`greatest(${seats.missedInARow} - 1, 0)`,
        ...(m.limit === 'rules' ? { ruledSince: null } : {}),
      })
      .where(and(eq(seats.gameId, gameId), eq(seats.side, m.side)));
  }
}
