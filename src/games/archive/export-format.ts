/**
 * The archive's JSON document for one whole game (docs/archive.md): what
 * exportGame (archive.ts) writes and verifyExport (verify.ts) reads back.
 * Positions are the adjudicator's position documents (docs/adjudicator.md),
 * so any stored turn can also be fed to `msc resolve` by hand.
 */
import { z } from 'zod';
import { positionJsonSchema } from '../../adjudicator/position-json.ts';
import { GAME_STATUSES } from '../../db/schema.ts';

export const EXPORT_FORMAT = 'msc-pbem-game';
export const EXPORT_VERSION = 1;

const diceState = z.string().regex(/^[0-9a-f]{32}$/, 'a dice state is 32 lowercase hex digits');

/**
 * Where a ship's orders for a turn came from: its player, the standing order,
 * the solo rules (a solo side of the game), or the solo rules standing in for
 * a seat that sent nothing (the no-orders policy `solo`, for that turn only).
 */
const ORDER_SOURCES = ['orders', 'standing', 'solo', 'solo-policy'] as const;

const usedOrders = z.strictObject({
  speed: z.number().int().min(0).max(99),
  move: z.string().max(200),
  fire: z.array(z.string().max(40)).max(100),
  hold: z.boolean(),
  source: z.enum(ORDER_SOURCES),
});

/** Events are checked against a replay, not by shape: here only that each is an object with a type. */
const event = z.looseObject({ type: z.string() });

const exportedTurn = z.strictObject({
  number: z.number().int().min(1),
  resolvedAt: z.string().nullable(),
  stateBefore: positionJsonSchema,
  /** Null in an export made while the game runs (the dice states would tell the rolls to come). */
  diceStateBefore: diceState.nullable(),
  ordersUsed: z.record(z.string(), usedOrders),
  events: z.array(event),
  stateAfter: positionJsonSchema,
  diceStateAfter: diceState.nullable(),
});

export const gameExportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  gameId: z.string(),
  name: z.string(),
  ruleset: z.string(),
  scenario: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Side and display name: never an address or a token. */
  seats: z.array(z.strictObject({ side: z.string(), name: z.string() })),
  status: z.enum(GAME_STATUSES),
  /** A side, 'draw', or null while there is none. */
  winner: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  seedCommitment: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 is 64 lowercase hex digits'),
  /** Revealed when the game is over (finished or abandoned); always in the moderator's export. */
  seed: z.string().min(1).max(200).nullable(),
  /** The position turn 1 opened with; null while the seats still build their fleets. */
  initialPosition: positionJsonSchema.nullable(),
  /** SeededDice.fromSeed(seed).save(); withheld with the seed. */
  initialDiceState: diceState.nullable(),
  /** Every resolved turn, in order from turn 1. */
  turns: z.array(exportedTurn),
  /** The number of the turn open now (never its orders); null when none is. */
  openTurn: z.number().int().min(1).nullable(),
  /** The position as the game stands: after the last turn, with any concession since. */
  position: positionJsonSchema.nullable(),
});

export type GameExport = z.output<typeof gameExportSchema>;
export type ExportedTurn = GameExport['turns'][number];
export type ExportedPosition = NonNullable<GameExport['position']>;
export type ExportedOrders = ExportedTurn['ordersUsed'];
