/**
 * Replaying an archived Mini Combat turn (`msc verify`, docs/archive.md): the
 * position before it with the activation lists it recorded, resolved again
 * with the dice where the record says they stood (rules-mini-combat.md §22.8).
 */
import { z } from 'zod';
import { str } from '../../reports/mini-narrative.ts';
import type { DiceSource } from '../../rules/dice.ts';
import { resolveMiniTurn } from '../../rules/mini-combat/turn.ts';
import { err, ok, type Result } from '../../rules/result.ts';
import type { ArchiveReplay, RecordedTurn, ReplayedTurn, ReplayProblem } from '../kind.ts';
import { ordersUsedSchema, parseMiniState } from './docs.ts';
import { storedOrders, storedPosition } from './turn.ts';

const problem = (what: string, expected: unknown, found: unknown): Result<never, ReplayProblem> =>
  err({ what, expected, found });

const stateSchema = z.unknown().superRefine((doc, ctx) => {
  const r = parseMiniState(doc);
  if (!r.ok) for (const e of r.errors) ctx.addIssue({ code: 'custom', message: `${e.code}: ${e.message}` });
});

function describeEvent(e: unknown): string {
  const x = (e ?? {}) as Record<string, unknown>;
  const who = x.element ?? x.attacker ?? x.unit ?? x.healer;
  return who === undefined ? str(x.type) : `${str(x.type)} ${str(who)}${x.target ? ` at ${str(x.target)}` : ''}`;
}

function replayTurn(t: RecordedTurn, dice: DiceSource): Result<ReplayedTurn, ReplayProblem> {
  const read = parseMiniState(t.stateBefore);
  if (!read.ok)
    return problem(
      `stateBefore: not a Mini Combat position: ${read.errors.map((e) => e.message).join('; ')}`,
      'a valid position',
      t.stateBefore,
    );
  const position = read.value.position;
  const recorded = ordersUsedSchema.safeParse(t.ordersUsed);
  if (!recorded.success) return problem('ordersUsed: not Mini Combat orders', 'activation lists by side', t.ordersUsed);
  for (const side of Object.keys(recorded.data))
    if (!position.sides.includes(side))
      return problem(`ordersUsed.${side}: not a side of stateBefore`, position.sides, side);
  let r: ReturnType<typeof resolveMiniTurn>;
  try {
    r = resolveMiniTurn(position, recorded.data, dice);
  } catch (error) {
    return problem(
      `the turn cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
      'a turn the rules resolve',
      t.ordersUsed,
    );
  }
  if (!r.ok)
    return problem(
      `ordersUsed: ${r.error.map((e) => `${e.side ?? ''} ${e.code}: ${e.message}`).join('; ')}`,
      'orders the rules accept',
      t.ordersUsed,
    );
  const turn = r.value;
  return ok({
    events: JSON.parse(JSON.stringify(turn.events)) as unknown[],
    stateAfter: storedPosition(turn.position),
    ordersUsed: storedOrders(turn, position),
    over: turn.over === null ? null : { winner: turn.over.winner, reason: turn.over.reason },
  });
}

export const miniReplay: ArchiveReplay = {
  stateSchema,
  ordersSchema: ordersUsedSchema,
  replayTurn,
  describeEvent,
};
