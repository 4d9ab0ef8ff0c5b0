/**
 * The archive's JSON document for one whole game (docs/archive.md): what
 * exportGame (archive.ts) writes and verifyExport (verify.ts) reads back.
 * States and orders are the game kind's own stored documents — a tactical
 * game's positions are the adjudicator's position documents
 * (docs/adjudicator.md), a campaign's states its campaign documents — so any
 * stored turn can also be fed to `msc resolve` or `msc campaign resolve` by
 * hand. A campaign whose battles were fought as linked games carries each
 * battle, in the turn that fought it, as that game's own whole export.
 */
import { z } from 'zod';
import { GAME_STATUSES } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import { RULESETS } from '../../kinds/index.ts';

export const EXPORT_FORMAT = 'msc-pbem-game';
export const EXPORT_VERSION = 1;

const diceState = z.string().regex(/^[0-9a-f]{32}$/, 'a dice state is 32 lowercase hex digits');

/** A kind's state document: here only that it is an object; the kind's own schema checks the rest (parseExport). */
const stateDoc = z.record(z.string(), z.unknown());

/** Events are checked against a replay, not by shape: here only that each is an object with a type. */
const event = z.looseObject({ type: z.string() });

const exportedBattle: z.ZodType = z.lazy(() =>
  z.strictObject({
    index: z.number().int().min(0),
    title: z.string(),
    outcome: z.unknown(),
    game: gameExportSchema,
  }),
);

const exportedTurn = z.strictObject({
  number: z.number().int().min(1),
  resolvedAt: z.string().nullable(),
  stateBefore: stateDoc,
  /** Null in an export made while the game runs (the dice states would tell the rolls to come). */
  diceStateBefore: diceState.nullable(),
  /** The kind's stored orders: a tactical game's by ship, a campaign's by side. */
  ordersUsed: z.record(z.string(), z.unknown()),
  events: z.array(event),
  stateAfter: stateDoc,
  diceStateAfter: diceState.nullable(),
  /**
   * Only in a turn that stopped for battles fought as linked games: the kind's pending document (what it finishes
   * the turn from) and each battle, in battle order.
   */
  pending: z.unknown().optional(),
  battles: z.array(exportedBattle).optional(),
});

const baseSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  gameId: z.string(),
  name: z.string(),
  ruleset: z.enum(RULESETS),
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
  /** The state turn 1 opened with; null while the seats still set up. */
  initialPosition: stateDoc.nullable(),
  /** SeededDice.fromSeed(seed).save(); withheld with the seed. */
  initialDiceState: diceState.nullable(),
  /** Every resolved turn, in order from turn 1. */
  turns: z.array(exportedTurn),
  /** The number of the turn open now (never its orders); null when none is. */
  openTurn: z.number().int().min(1).nullable(),
  /** The state as the game stands: after the last turn, with any concession since. */
  position: stateDoc.nullable(),
});

/** Any kind's state document. */
export type ExportedState = Record<string, unknown>;

/** One battle of a campaign turn, fought as a linked game. */
export interface ExportedBattle {
  /** Its place among the turn's battles, from 0. */
  readonly index: number;
  readonly title: string;
  /** What the ended game meant for the campaign turn (the kind's `linkedBattles.outcome`). */
  readonly outcome: unknown;
  /** The linked game's own whole export, verified as such. */
  readonly game: GameExport;
}

/** One resolved turn; `State` and `Orders` are the kind's documents, for a reader that knows the kind. */
export interface ExportedTurn<State = ExportedState, Orders = Record<string, unknown>> {
  number: number;
  resolvedAt: string | null;
  stateBefore: State;
  diceStateBefore: string | null;
  ordersUsed: Orders;
  events: ({ type: string } & Record<string, unknown>)[];
  stateAfter: State;
  diceStateAfter: string | null;
  pending?: unknown;
  battles?: ExportedBattle[];
}

/** The whole document; `State` and `Orders` are the kind's documents, for a reader that knows the kind. */
export interface GameExport<State = ExportedState, Orders = Record<string, unknown>> extends Omit<
  z.output<typeof baseSchema>,
  'initialPosition' | 'turns' | 'position'
> {
  readonly initialPosition: State | null;
  readonly turns: ExportedTurn<State, Orders>[];
  readonly position: State | null;
}

/** An export of any kind, as verify.ts reads it before its kind replays it. */
export type AnyGameExport = GameExport;

/**
 * The document's shape, with every state and orders document checked by its game kind's own schema (the kind's
 * `replay`): a tactical game's positions as positions, a campaign's states as campaigns.
 */
export const gameExportSchema: z.ZodType<AnyGameExport> = baseSchema.superRefine((doc, check) => {
  const kind = kindOf(doc.ruleset);
  const replay = kind.replay;
  const against = (schema: z.ZodType, value: unknown, path: (string | number)[]) => {
    const r = schema.safeParse(value);
    if (!r.success)
      for (const issue of r.error.issues)
        check.addIssue({ code: 'custom', path: [...path, ...issue.path.map(String)], message: issue.message });
  };
  if (doc.initialPosition !== null) against(replay.stateSchema, doc.initialPosition, ['initialPosition']);
  for (const [i, t] of doc.turns.entries()) {
    against(replay.stateSchema, t.stateBefore, ['turns', i, 'stateBefore']);
    against(replay.ordersSchema, t.ordersUsed, ['turns', i, 'ordersUsed']);
    against(replay.stateSchema, t.stateAfter, ['turns', i, 'stateAfter']);
    if ((t.battles !== undefined || t.pending !== undefined) && !kind.linkedBattles)
      check.addIssue({
        code: 'custom',
        path: ['turns', i, 'battles'],
        message: `a ${kind.title} fights no linked battles`,
      });
  }
  if (doc.position !== null) against(replay.stateSchema, doc.position, ['position']);
}) as z.ZodType<AnyGameExport>;
