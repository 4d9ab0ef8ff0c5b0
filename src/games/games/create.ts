/**
 * Creating a game: settings from a scenario (or from scratch), seats with
 * their secret tokens, a dice seed fixed now and committed to by its SHA-256.
 * Sides whose fleet the scenario provides are ready; the others build theirs
 * in the setup phase (setup.ts). When every side is ready, turn 1 opens.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { games, seats, type Game } from '../../db/schema.ts';
import { SeededDice } from '../../rules/dice.ts';
import { createGamesRepository } from './games.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { badRequest, conflict, invalid, LimitError } from '../errors.ts';
import { HOUR } from '../clock.ts';
import type { GameSettings } from './settings.ts';
import { randomUUID } from 'node:crypto';
import { newSecret, newSeed, seatToken, sha256Hex } from '../secrets.ts';
import { audit, openTurn } from './lifecycle.ts';
import { settleSetupIfComplete } from '../turns/resolution.ts';
import { queueInvitation } from '../seats/invitations.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import { DEFAULT_RULESET, kindOf, RULESETS, type AnyGameKind } from '../../kinds/index.ts';
import { kindGameSettings, SETUP_TURN } from '../turns/kind-setup.ts';

/** The longest a game's name may be: it is quoted in mail to every seat. */
export const GAME_NAME_CHARS = 80;
/** The longest a player's display name may be: it is quoted in mail to the other players. */
export const DISPLAY_NAME_CHARS = 60;

export const gameIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'a game id is 2–40 lowercase letters, digits or dashes, e.g. orion-7');

/** An IANA time zone name, checked against the zones this Node knows. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'not a time zone: use an IANA name such as Europe/Paris or UTC');

export const seatInputSchema = z.strictObject({
  side: z.string(),
  email: z
    .email('not an email address')
    .max(254)
    .transform((e) => e.toLowerCase()),
  name: z
    .string()
    .trim()
    .min(1, 'give the player a name')
    .max(DISPLAY_NAME_CHARS, `a player's name is at most ${DISPLAY_NAME_CHARS} characters: shorten it`),
  timeZone: timeZoneSchema.default('UTC'),
});

/** A side left open at creation: a logged-in player takes it from the lobby (seats/lobby.ts). */
export const openSeatInputSchema = z.strictObject({ side: z.string(), open: z.literal(true) });

export const createGameSchema = z.strictObject({
  id: gameIdSchema.optional(),
  name: z
    .string()
    .trim()
    .min(1, 'give the game a name')
    .max(GAME_NAME_CHARS, `a game's name is at most ${GAME_NAME_CHARS} characters: shorten it`),
  /** The kind of game: a tactical battle (the default) or a strategic campaign, whose `settings` are its own. */
  ruleset: z.enum(RULESETS).default(DEFAULT_RULESET),
  /** One of the kind's scenarios (`GameKind.scenarios`); none: custom settings, or the kind's first scenario. */
  scenario: z.string().max(64).optional(),
  /** The scenario's options, as its kind reads them (the solo mission's handicap). */
  options: z.record(z.string(), z.unknown()).optional(),
  /** Settings; for a scenario, these override the scenario's own. */
  settings: z.record(z.string(), z.unknown()).default({}),
  /** A seat given to an address, or a side left open (`{ side, open: true }`) for the lobby. */
  seats: z
    .array(z.union([seatInputSchema, openSeatInputSchema]))
    .min(1)
    .max(8),
  /** Players who take an open side wait for the creator's approval (seat_requests). */
  joinApproval: z.boolean().default(false),
});
export type CreateGameInput = z.input<typeof createGameSchema>;

export interface CreatedGame {
  readonly game: Game;
  /** Shown once: the moderator's key for this game. */
  readonly moderatorToken: string;
  /** Shown once: each seat's secret token. */
  readonly seats: ReadonlyArray<{ side: string; email: string; name: string; token: string }>;
  /** Sides left open for the lobby: the game waits for them before its setup (or turn 1) opens. */
  readonly openSides: readonly string[];
}

/** Each issue as a problem: TEXT_TOO_LONG for text over its limit (mailed to others), else INVALID_FIELD. */
export function zodProblems(e: z.ZodError) {
  return e.issues.map((i) => ({
    code: i.code === 'too_big' && i.origin === 'string' ? 'TEXT_TOO_LONG' : 'INVALID_FIELD',
    message: `${i.path.join('.') || 'input'}: ${i.message}`,
  }));
}

export interface CreateGameOptions {
  /** The address whose web session moderates the game besides the key (the creator, on the web). */
  readonly moderatorEmail?: string | null;
}

/**
 * Creating a game, the use case every channel calls (web form, API, command
 * line): the game and its seats, and an invitation mailed to every seat, all
 * in one transaction — a game is never there without its invitations queued.
 */
export function createGameAndInvite(
  ctx: GamesContext,
  raw: unknown,
  actor = 'api',
  options: CreateGameOptions = {},
): Promise<CreatedGame> {
  return create(ctx, raw, actor, options, true);
}

/**
 * The game and its seats without invitations: what tests and benchmarks set
 * up games with. People create games through createGameAndInvite.
 */
export function createGame(
  ctx: GamesContext,
  raw: unknown,
  actor = 'api',
  options: CreateGameOptions = {},
): Promise<CreatedGame> {
  return create(ctx, raw, actor, options, false);
}

async function create(
  ctx: GamesContext,
  raw: unknown,
  actor: string,
  options: CreateGameOptions,
  invite: boolean,
): Promise<CreatedGame> {
  const parsed = createGameSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('INVALID_GAME', 'the game could not be created: fix the fields listed', zodProblems(parsed.error));
  const input = parsed.data;

  // Every kind reads its own settings (a tactical battle's from its scenario, the request's over them).
  const kind = kindOf(input.ruleset);
  const scenario = scenarioOf(kind, input.scenario);
  const own = kindGameSettings(kind, input.settings, {
    scenario,
    ...(input.options ? { options: input.options } : {}),
  });
  const settings: GameSettings = own.settings;

  const playerSides = settings.sides.map((s) => s.id).filter((id) => !settings.solo.includes(id));
  const problems = [];
  for (const seat of input.seats) {
    if (!settings.sides.some((s) => s.id === seat.side))
      problems.push({
        code: 'UNKNOWN_SIDE',
        message: `seat for "${seat.side}": the sides are ${settings.sides.map((s) => s.id).join(', ')}`,
      });
    else if (settings.solo.includes(seat.side))
      problems.push({ code: 'SOLO_SIDE', message: `side ${seat.side} is played by the solo rules and takes no seat` });
  }
  for (const side of playerSides) {
    const n = input.seats.filter((s) => s.side === side).length;
    if (n !== 1)
      problems.push({
        code: n === 0 ? 'SEAT_MISSING' : 'SEAT_TWICE',
        message: `side ${side} needs exactly one seat (has ${n})`,
      });
  }
  if (problems.length) throw invalid('INVALID_SEATS', 'every side played by a person needs exactly one seat', problems);

  const id =
    input.id ??
    `${kind.idPrefix(scenario)}-${newSecret()
      .slice(0, 6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
  const seed = newSeed();
  const moderatorToken = newSecret();
  const now = ctx.clock.now();
  const openSides = input.seats.filter((s) => 'open' in s).map((s) => s.side);
  const given = input.seats.filter((s): s is z.output<typeof seatInputSchema> => !('open' in s));
  const tokens = given.map((s) => {
    const seatId = randomUUID();
    return { ...s, seatId, token: seatToken(ctx.serviceKey, seatId, now) };
  });

  const creator = options.moderatorEmail?.trim().toLowerCase() ?? null;
  const game = await ctx.db.transaction(async (tx) => {
    if (creator !== null) await checkCreationLimit(ctx, tx, creator);
    if (await createGamesRepository(tx).exists(id))
      throw conflict('GAME_EXISTS', `a game with id ${id} exists already: choose another id`);
    const [row] = await tx
      .insert(games)
      .values({
        id,
        ruleset: input.ruleset,
        name: input.name,
        status: 'setup',
        settings: {
          ...settings,
          ...(kind.setup.scenario ? { scenario } : {}),
          kindSettings: own.kindSettings,
        },
        state: own.stateDoc,
        diceState: SeededDice.fromSeed(seed).save(),
        seed,
        seedCommitment: sha256Hex(seed),
        currentTurn: 0,
        public: settings.public,
        moderatorTokenHash: sha256Hex(moderatorToken),
        moderatorEmail: creator,
        joinApproval: input.joinApproval,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (tokens.length > 0)
      await tx.insert(seats).values(
        tokens.map((s) => ({
          id: s.seatId,
          gameId: id,
          side: s.side,
          email: s.email,
          displayName: s.name,
          timeZone: s.timeZone,
          tokenHash: sha256Hex(s.token),
          tokenRotatedAt: now,
          fleet: null,
          // An invited seat joins when its player answers the invitation; a game set up without invitations is joined.
          joinedAt: invite ? null : now,
          createdAt: now,
        })),
      );
    await audit(ctx, tx, {
      gameId: id,
      actor,
      action: 'create',
      details: {
        ...(kind.setup.scenario ? { scenario } : { ruleset: input.ruleset }),
        seats: tokens.map((s) => ({ side: s.side, email: s.email })),
        ...(openSides.length > 0 ? { open: openSides, joinApproval: input.joinApproval } : {}),
      },
    });
    // The setup phase is turn 0 on the turn queue, for every kind; when no seat has anything to set up (a scenario
    // that provides every fleet) it settles at once and turn 1 opens. A game with an open side waits for it first: no
    // turn, no deadline, until the last side is taken (seats/lobby.ts).
    const started = openSides.length > 0 ? row! : await openSetupTurn(ctx, tx, row!);
    if (invite) {
      const inTx: GamesContext = { ...ctx, db: tx };
      for (const seat of await createSeatsRepository(tx).ofGame(id)) await queueInvitation(inTx, tx, started, seat);
    }
    return started;
  });
  return {
    game,
    moderatorToken,
    seats: tokens.map(({ side, email, name, token }) => ({ side, email, name, token })),
    openSides,
  };
}

/**
 * The scenario a game of `kind` is made from: the one asked for, which must be one of the kind's (UNKNOWN_SCENARIO
 * otherwise, naming them); none asked for, `custom` where the kind takes settings of its own, else its first.
 */
export function scenarioOf(kind: AnyGameKind, asked: string | undefined): string {
  if (asked === undefined) return kind.scenarios.includes('custom') ? 'custom' : (kind.scenarios[0] ?? 'custom');
  if (kind.scenarios.includes(asked)) return asked;
  const message =
    kind.scenarios.length === 0
      ? `a ${kind.title} takes no scenario: leave scenario out and give its settings`
      : `a ${kind.title} has no scenario "${asked.slice(0, 64)}": choose ${kind.scenarios.join(', ')}`;
  const owner = RULESETS.find((r) => kindOf(r).scenarios.includes(asked));
  const hint = owner ? ` (${asked} is a ${kindOf(owner).title}: give ruleset ${owner})` : '';
  throw badRequest('UNKNOWN_SCENARIO', `${message}${hint}`, [
    { code: 'UNKNOWN_SCENARIO', message: `scenario: ${message}${hint}` },
  ]);
}

/**
 * GAMES_LIMITED (429) when `creator` has created its games for this hour (ctx.limits.gamesPerHour), counted in the
 * database so that it holds across processes; two creations at once by one address are taken one after the other.
 */
async function checkCreationLimit(ctx: GamesContext, tx: Tx, creator: string): Promise<void> {
  const limit = ctx.limits?.gamesPerHour ?? 0;
  if (limit <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`msc-create:${creator}`}))`);
  const since = new Date(ctx.clock.now().getTime() - HOUR);
  const recent = await tx
    .select({ at: games.createdAt })
    .from(games)
    .where(and(eq(games.moderatorEmail, creator), gt(games.createdAt, since)))
    .orderBy(asc(games.createdAt));
  if (recent.length < limit) return;
  const retryAfterS = Math.max(1, Math.ceil((recent[0]!.at.getTime() + HOUR - ctx.clock.now().getTime()) / 1000));
  throw new LimitError(
    'GAMES_LIMITED',
    `you have created ${recent.length} games in the last hour, the most one address may: create the next in ${Math.ceil(retryAfterS / 60)} minutes`,
    retryAfterS,
  );
}

/** Opens the setup phase: turn 0, with the setup deadline, on the turn queue; settled at once when nobody sets up. */
export async function openSetupTurn(ctx: GamesContext, tx: Tx, game: Game): Promise<Game> {
  await openTurn(ctx, tx, game, SETUP_TURN, game.state, game.diceState);
  return settleSetupIfComplete(ctx, tx, game);
}
