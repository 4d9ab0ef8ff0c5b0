/**
 * Outgoing mail written to the outbox in the same transaction as the change it
 * reports, so a report is never lost nor sent for a turn that did not happen.
 */
import { and, eq } from 'drizzle-orm';
import { games, outbox, seats, turns, type Game, type Seat } from '../db/schema.ts';
import type { TurnEvent } from '../rules/events.ts';
import { formatHex } from '../rules/hex.ts';
import { orderBlock } from '../orders/index.ts';
import { narrative } from '../reports/narrative.ts';
import type { GamesContext, Tx } from './context.ts';
import { readPosition, settingsOf } from './state.ts';

/** A deadline in UTC and in the player's own time zone. */
export function describeDeadline(deadline: Date | null, timeZone: string): string {
  if (!deadline) return 'no deadline: the turn resolves when every side has sent orders';
  const utc = `${deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (timeZone === 'UTC') return utc;
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(deadline);
  } catch {
    return utc;
  }
  return `${utc} (${local} ${timeZone})`;
}

export function threadId(gameId: string, mailDomain: string): string {
  return `<game.${gameId}@${mailDomain}>`;
}

function threadHeaders(ctx: GamesContext, gameId: string, key: string): Record<string, string> {
  const root = threadId(gameId, ctx.mailDomain);
  return { 'Message-ID': `<${key}.${gameId}.${ctx.clock.now().getTime()}@${ctx.mailDomain}>`, 'In-Reply-To': root, References: root };
}

function shipLines(position: ReturnType<typeof readPosition>, side: string | null): string[] {
  return position.ships
    .filter((s) => side === null || s.side === side)
    .map((s) => {
      const state = s.status === 'active' ? `${formatHex(s.hex)} facing ${s.facing}` : s.status;
      return `  ${s.id.padEnd(12)} ${s.side.padEnd(10)} ${state.padEnd(20)} SPEED ${s.speed ?? '-'}  ENGINE ${s.engine}/${s.design.engine}  SHIELDS ${s.shields}/${s.design.shields}  TO-HIT ${s.toHit}  WEAPONS ${s.weapons.join(' ') || '-'}`;
    });
}

/** Every seat's report for the turn that has just opened (with what happened in the turn before it). */
export async function queueTurnReports(ctx: GamesContext, tx: Tx, gameId: string, turnNumber: number): Promise<void> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId));
  const [turn] = await tx.select().from(turns).where(and(eq(turns.gameId, gameId), eq(turns.number, turnNumber)));
  if (!game || !turn) return;
  const [previous] = turnNumber > 1 ? await tx.select().from(turns).where(and(eq(turns.gameId, gameId), eq(turns.number, turnNumber - 1))) : [];
  const seatRows = await tx.select().from(seats).where(eq(seats.gameId, gameId));
  const position = readPosition(turn.stateBefore);
  const settings = settingsOf(game);
  const sideName = (side: string) => settings.sides.find((s) => s.id === side)?.name ?? side;
  for (const seat of seatRows) {
    const lines: string[] = [];
    lines.push(`${game.name} (game ${game.id}) — turn ${turnNumber} is open.`, '');
    if (turnNumber === 1) {
      lines.push(`The dice of this game are fixed in advance: SHA-256 of the seed = ${game.seedCommitment}`, 'The seed is published when the game ends, so every roll can be checked.', '');
    }
    if (previous?.events) {
      lines.push(`What happened in turn ${turnNumber - 1}:`, ...narrative(previous.events as TurnEvent[], sideName).map((l) => `  ${l}`), '');
    }
    lines.push('Ships:', ...shipLines(position, null), '');
    lines.push(`Deadline: ${describeDeadline(turn.deadline, seat.timeZone)}`, '');
    if (seat.concededAt === null && !position.solo.includes(seat.side)) {
      lines.push('Your orders (edit and send back):', '', orderBlock({ gameId, turn: turnNumber, side: seat.side, position }), '');
    }
    await queueMail(ctx, tx, {
      game,
      seat,
      kind: turnNumber === 1 ? 'game-start' : 'turn-report',
      subject: `[${game.id}] Turn ${turnNumber}${turnNumber === 1 ? ': the game begins' : ''}`,
      text: lines.join('\n'),
      key: `turn${turnNumber}.${seat.side}`,
    });
  }
}

/** The end of a game: the result and the seed, so every roll can be verified. */
export async function queueGameEnd(ctx: GamesContext, tx: Tx, game: Game, summary: string, events: readonly TurnEvent[]): Promise<void> {
  const seatRows = await tx.select().from(seats).where(eq(seats.gameId, game.id));
  const settings = settingsOf(game);
  const sideName = (side: string) => settings.sides.find((s) => s.id === side)?.name ?? side;
  for (const seat of seatRows) {
    const text = [
      `${game.name} (game ${game.id}) is over: ${summary}`,
      '',
      ...(events.length ? ['The last turn:', ...narrative(events, sideName).map((l) => `  ${l}`), ''] : []),
      `The dice seed was ${game.seed} (SHA-256 ${game.seedCommitment}, as published at the start).`,
      `Replay and verify the whole game: ${ctx.publicUrl}/archive/${game.id}`,
    ].join('\n');
    await queueMail(ctx, tx, { game, seat, kind: 'game-end', subject: `[${game.id}] Game over: ${summary}`, text, key: `end.${seat.side}` });
  }
}

export async function queueMail(
  ctx: GamesContext,
  tx: Tx,
  m: { game: Pick<Game, 'id'>; seat: Pick<Seat, 'email'>; kind: string; subject: string; text: string; key: string; html?: string },
): Promise<void> {
  await tx.insert(outbox).values({
    gameId: m.game.id,
    kind: m.kind as 'turn-report',
    toAddress: m.seat.email,
    subject: m.subject,
    textBody: m.text,
    htmlBody: m.html ?? null,
    headers: threadHeaders(ctx, m.game.id, m.key),
    nextAttemptAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
  });
}
