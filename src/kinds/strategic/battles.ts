/**
 * Tactical battles (rules-strategic.md §8), the pure part: one battle of a
 * turn stopped after sensors as a tactical game's starting position (24 × 18,
 * the attacker deploying in rows 16–18, the defender in rows 1–3, default
 * placement for a side that has not deployed), a finished tactical game read
 * back as the battle's outcome, and the campaign turn finished from every
 * battle's outcome.
 */
import { positionToJson } from '../../adjudicator/position-json.ts';
import { formatHex } from '../../rules/hex.ts';
import { err, ok, type Result, type RuleError } from '../../rules/result.ts';
import { finishCampaignTurn } from '../../rules/strategic/resolve.ts';
import type { BattleOutcome, Campaign, Fleet, PendingBattle } from '../../rules/strategic/types.ts';
import type { Direction, Position, Ship } from '../../rules/types.ts';
import type { LinkedGameSetup, ResolveOutput } from '../kind.ts';
import { readPosition } from '../tactical/index.ts';
import { readPending } from './docs.ts';
import { TACTICAL_TURN_LIMIT } from './setup.ts';
import { turnOutput } from './turn.ts';

export const BATTLE_MAP = { width: 24, height: 18 } as const;

/** Columns from the middle outward: 12, 13, 11, 14, 10, … (§8). */
const COLUMNS: readonly number[] = (() => {
  const out = [12];
  for (let k = 1; out.length < BATTLE_MAP.width; k++) {
    if (12 + k <= BATTLE_MAP.width) out.push(12 + k);
    if (12 - k >= 1) out.push(12 - k);
  }
  return out;
})();

/** Rows nearest the enemy first: the attacker 16, 17, 18; the defender 3, 2, 1. */
const ROWS = { attacker: [16, 17, 18], defender: [3, 2, 1] } as const;

/** The ships of one side in a battle, in fleet and ship order. */
function shipsOf(campaign: Campaign, battle: PendingBattle, side: string) {
  return battle.fleets
    .map((id) => campaign.fleets.find((f) => f.id === id))
    .filter((f): f is Fleet => f !== undefined && f.side === side)
    .flatMap((f) => f.ships);
}

/**
 * Default placement (§8): in fleet and ship order, the row nearest the enemy first, columns from the middle out;
 * beyond the zone's 72 hexes ships share hexes in the same order (ruling).
 */
function placement(count: number, role: 'attacker' | 'defender'): { hex: string; facing: Direction }[] {
  const rows = ROWS[role];
  const per = COLUMNS.length * rows.length;
  return Array.from({ length: count }, (_, i) => {
    const k = i % per;
    return {
      hex: formatHex({ col: COLUMNS[k % COLUMNS.length]!, row: rows[Math.floor(k / COLUMNS.length)]! }),
      facing: role === 'attacker' ? 'N' : 'S',
    };
  });
}

/** The linked tactical game of one battle of a pending turn. */
export function battleSetup(pendingDoc: unknown, index: number, turnLimit = TACTICAL_TURN_LIMIT): LinkedGameSetup {
  const { turn } = readPending(pendingDoc);
  const battle = turn.battles[index];
  if (!battle) throw new RangeError(`the pending turn has no battle ${index}`);
  const campaign = turn.campaign;
  const sides = campaign.sides.filter((s) => s === battle.attacker || s === battle.defender);
  const zones = {
    [battle.attacker]: { fromCol: 1, toCol: BATTLE_MAP.width, fromRow: 16, toRow: 18 },
    [battle.defender]: { fromCol: 1, toCol: BATTLE_MAP.width, fromRow: 1, toRow: 3 },
  };
  const ships: LinkedGameSetup['ships'] = Object.fromEntries(
    sides.map((s) => [
      s,
      shipsOf(campaign, battle, s).map((x) => ({
        id: x.id,
        design: { engine: x.engine, shields: x.shields, toHit: x.toHit, weapons: [...x.weapons] },
      })),
    ]),
  );
  const defaultPlacement = Object.fromEntries(
    sides.map((s) => {
      const own = shipsOf(campaign, battle, s);
      const spots = placement(own.length, s === battle.attacker ? 'attacker' : 'defender');
      return [s, own.map((x, i) => ({ id: x.id, ...spots[i]! }))];
    }),
  );
  const placed: Ship[] = sides.flatMap((s) => {
    const own = shipsOf(campaign, battle, s);
    const spots = placement(own.length, s === battle.attacker ? 'attacker' : 'defender');
    return own.map((x, i): Ship => {
      const [col, row] = [Number(spots[i]!.hex.slice(0, 2)), Number(spots[i]!.hex.slice(2))];
      const design = { engine: x.engine, shields: x.shields, toHit: x.toHit, weapons: [...x.weapons] };
      return {
        id: x.id,
        side: s,
        hex: { col, row },
        facing: spots[i]!.facing,
        speed: null,
        ...design,
        design,
        status: 'active',
      };
    });
  });
  const position: Position = {
    map: { ...BATTLE_MAP },
    turn: 1,
    sides,
    solo: [],
    ships: placed,
    turnLimit,
    conceded: [],
  };
  return {
    ruleset: 'msc-tactical',
    title: `Battle at ${formatHex(battle.hex)}, campaign turn ${campaign.turn}`,
    map: { ...BATTLE_MAP },
    sides,
    turnLimit,
    zones,
    ships,
    defaultPlacement,
    defaultState: positionToJson(position),
  };
}

/**
 * A finished tactical game as the battle's outcome (§8): destroyed ships are lost; ships that left the map, and the
 * ships still in play of a side that conceded, disengaged; the rest survive.
 */
export function battleOutcome(pendingDoc: unknown, index: number, finalState: unknown) {
  const { turn } = readPending(pendingDoc);
  const battle = turn.battles[index];
  if (!battle) throw new RangeError(`the pending turn has no battle ${index}`);
  const position = readPosition(finalState);
  return {
    hex: formatHex(battle.hex),
    destroyed: position.ships.filter((s) => s.status === 'destroyed').map((s) => s.id),
    disengaged: position.ships
      .filter((s) => s.status === 'disengaged' || (s.status === 'active' && position.conceded.includes(s.side)))
      .map((s) => s.id),
  };
}

const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Finishes a pending turn from its battles' outcomes, in battle order. */
export function finishBattles(
  pendingDoc: unknown,
  outcomes: readonly unknown[],
): Result<ResolveOutput<Campaign>, RuleError[]> {
  const stored = readPending(pendingDoc);
  const { turn } = stored;
  if (outcomes.length !== turn.battles.length)
    return err([
      {
        code: 'BATTLE_RESULT',
        message: `the turn has ${turn.battles.length} battles and ${outcomes.length} outcomes came back`,
      },
    ]);
  const read: BattleOutcome[] = [];
  for (const [i, o] of outcomes.entries()) {
    const x = o as { destroyed?: unknown; disengaged?: unknown } | null;
    if (typeof x !== 'object' || x === null || !isIds(x.destroyed) || !isIds(x.disengaged))
      return err([{ code: 'BATTLE_RESULT', message: `outcome ${i} is not {hex, destroyed, disengaged}` }]);
    read.push({ hex: turn.battles[i]!.hex, destroyed: x.destroyed, disengaged: x.disengaged });
  }
  const r = finishCampaignTurn(turn, read);
  if (!r.ok) return err(r.error.map((e) => ({ code: e.code, message: e.message })));
  return ok(turnOutput(r.value, stored.ordersUsed, stored.dropped as RuleError[]));
}
