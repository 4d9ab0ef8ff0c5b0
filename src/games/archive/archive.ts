/**
 * The archive's download: a whole game as one JSON document
 * (export-format.ts, docs/archive.md) — settings, seats by side and name,
 * the initial position and every resolved turn with its orders, events, dice
 * and positions — from which `msc verify` replays the game. A campaign turn
 * that stopped for battles fought as linked games carries each battle's own
 * whole export, with the outcome it gave, so one file verifies everything.
 *
 * Who may export what:
 * - anyone, a public game; a seat (its token) or the moderator (the game's
 *   key, or the operator at the command line), a private one too;
 * - the seed and every dice state only once the game is over (finished or
 *   abandoned), or to the moderator. While the game runs a dice state is as
 *   good as the seed: from it every roll to come can be computed. So a
 *   reader's or a seat's export of a running game has the commitment, the
 *   rolls already made (in the events), and no dice state;
 * - never an address, a token or its hash, nor the orders of the open turn.
 */
import { and, asc, eq } from 'drizzle-orm';
import { battles, type Game, type Seat, type Turn } from '../../db/schema.ts';
import { createGamesRepository, gameNotFound } from '../games/games.repository.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { createTurnsRepository } from '../turns/turns.repository.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { kindOf } from '../../kinds/index.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type AnyGameExport,
  type ExportedBattle,
  type ExportedState,
  type ExportedTurn,
  type GameExport,
} from './export-format.ts';
import { normalizeEmail } from '../logins/logins.ts';
import { isModerator } from '../games/people.ts';
import { secretMatches } from '../secrets.ts';
import { seatAmong } from '../seats/seats.ts';
import { scenarioOf, settingsOf } from '../games/state.ts';
import { openToAll } from '../battles/visibility.ts';

export type { GameExport } from './export-format.ts';

/** Who asks for the export. */
export type ExportAccess =
  /** Anyone: a public game only, its secrets once it is over. */
  | { readonly as: 'anyone' }
  /** A seat's token or the game's moderator key (the API's `Authorization: Bearer`). */
  | { readonly as: 'token'; readonly token: string }
  /** A person logged in on the web: a seat's player or the game's moderator by their address, else anyone. */
  | { readonly as: 'person'; readonly email: string | null }
  /** The operator at the service's own command line: the database in hand, so everything. */
  | { readonly as: 'operator' };

type Reader = 'reader' | 'seat' | 'moderator';

function readerOf(game: Game, seatRows: readonly Seat[], access: ExportAccess): Reader {
  if (access.as === 'operator') return 'moderator';
  if (access.as === 'person') {
    if (isModerator(game, access.email)) return 'moderator';
    const email = access.email === null ? null : normalizeEmail(access.email);
    if (email !== null && seatRows.some((s) => s.email === email)) return 'seat';
  }
  if (access.as === 'anyone' || access.as === 'person') {
    // A private game is not there for someone who cannot say who they are (as in the game's own view).
    if (!game.public) throw gameNotFound(game.id);
    return 'reader';
  }
  try {
    seatAmong(seatRows, game.id, access.token);
    return 'seat';
  } catch {
    if (secretMatches(access.token, game.moderatorTokenHash)) return 'moderator';
    throw unauthorized(
      'BAD_TOKEN',
      `that is neither a seat token nor the moderator key of game ${game.id}: leave it out to export a public game`,
    );
  }
}

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** A stored position with no concession yet: how turn 1 opened (concessions only ever add to the list). */
function beforeConcessions(position: unknown): ExportedState {
  return { ...(position as ExportedState), conceded: [] };
}

type AnyTurn = ExportedTurn;

function exportedTurn(t: Turn, withDice: boolean, fought: readonly ExportedBattle[]): AnyTurn {
  return {
    number: t.number,
    resolvedAt: iso(t.resolvedAt),
    stateBefore: t.stateBefore as ExportedState,
    diceStateBefore: withDice ? t.diceStateBefore : null,
    ordersUsed: (t.ordersUsed ?? {}) as Record<string, unknown>,
    events: (t.events ?? []) as AnyTurn['events'],
    stateAfter: t.stateAfter as ExportedState,
    diceStateAfter: withDice ? t.diceStateAfter : null,
    // A turn that stopped for battles fought as linked games: what it was finished from.
    ...(fought.length > 0 ? { pending: t.pending, battles: [...fought] } : {}),
  };
}

/**
 * The battles a resolved campaign turn stopped for, each its linked game's whole export. The reader was let see the
 * campaign's turn; its battles are over (the turn resolved from them), so nothing of them is secret from that reader.
 */
async function foughtBattles(ctx: GamesContext, tx: Tx, campaignId: string, turn: number): Promise<ExportedBattle[]> {
  const rows = await tx
    .select()
    .from(battles)
    .where(and(eq(battles.campaignId, campaignId), eq(battles.turn, turn)))
    .orderBy(asc(battles.battleIndex));
  const out: ExportedBattle[] = [];
  for (const b of rows)
    out.push({
      index: b.battleIndex,
      title: b.title,
      outcome: b.outcome ?? null,
      game: await readGame(ctx, tx, b.gameId, { as: 'operator' }),
    });
  return out;
}

async function readGame(ctx: GamesContext, tx: Tx, gameId: string, access: ExportAccess): Promise<AnyGameExport> {
  const game = await createGamesRepository(tx).byId(gameId);
  const seatRows = await createSeatsRepository(tx).ofGame(gameId);
  const reader = readerOf(game, seatRows, access);
  // A campaign's linked battle is not there for all while its campaign runs (battles/visibility.ts).
  if (reader === 'reader' && !(await openToAll(tx, game))) throw gameNotFound(game.id);
  const over = game.status === 'finished' || game.status === 'abandoned';
  const secrets = over || reader === 'moderator';
  // A running game of a kind with hidden information (a campaign) is exported to its moderator only.
  if (!over && reader !== 'moderator' && kindOf(game.ruleset).viewFor)
    throw forbidden(
      'HIDDEN_WHILE_RUNNING',
      `game ${gameId} is a ${kindOf(game.ruleset).title} with hidden information: it is exported once it is over`,
    );

  const rows = await createTurnsRepository(tx).ofGame(gameId);
  // Turn 0 is a kind's setup phase (the campaign's starting fleets): no turn of play, its result is turn 1's state.
  const resolved = rows.filter((t) => t.status === 'resolved' && t.number >= 1);
  const open = rows.find((t) => t.status !== 'resolved' && t.number >= 1) ?? null;
  // Turn 1 opened with the position the setup built; a game ended before turn 1 resolved keeps it as its state. A
  // game ended in its setup phase has neither: nothing was played (its state is the one before setup).
  const first = rows.find((t) => t.number === 1);
  const started = game.currentTurn >= 1;
  const initial = first?.stateBefore ?? (started && game.state && resolved.length === 0 ? game.state : null);

  const linked = kindOf(game.ruleset).linkedBattles !== undefined;
  const played: AnyTurn[] = [];
  for (const t of resolved)
    played.push(exportedTurn(t, secrets, linked ? await foughtBattles(ctx, tx, game.id, t.number) : []));

  const settings = settingsOf(game);
  const sideOrder = settings.sides.map((s) => s.id);
  const seatList = [...seatRows].sort((a, b) => sideOrder.indexOf(a.side) - sideOrder.indexOf(b.side));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: ctx.clock.now().toISOString(),
    gameId: game.id,
    name: game.name,
    ruleset: game.ruleset,
    scenario: scenarioOf(game),
    settings,
    seats: seatList.map((s) => ({ side: s.side, name: s.displayName })),
    status: game.status,
    winner: game.winner,
    result: game.result ?? null,
    seedCommitment: game.seedCommitment,
    seed: secrets ? game.seed : null,
    initialPosition: initial === null ? null : beforeConcessions(initial),
    // The dice a game starts with are fixed at its creation and never change before turn 1 resolves.
    initialDiceState: secrets ? (first?.diceStateBefore ?? game.diceState) : null,
    turns: played,
    openTurn: open?.number ?? null,
    position: (started ? (game.state ?? null) : null) as ExportedState | null,
  };
}

/**
 * The whole game as one JSON document. A game that does not exist, or is
 * private and asked for without a token: GAME_NOT_FOUND; a token that is
 * neither a seat's nor the moderator's: BAD_TOKEN.
 */
export async function exportGame(ctx: GamesContext, gameId: string, access: ExportAccess): Promise<GameExport> {
  // One snapshot: a turn resolving meanwhile is either wholly in the export or not at all.
  // Typed with a tactical game's documents, the usual case; a campaign's states and orders are its own.
  const doc = await ctx.db.transaction((tx) => readGame(ctx, tx, gameId, access), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return doc;
}
