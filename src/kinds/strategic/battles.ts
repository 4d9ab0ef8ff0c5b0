/**
 * Tactical battles (rules-strategic.md §8), the pure part: one battle of a
 * turn stopped after sensors as a tactical game's starting position (24 × 18,
 * the attacker deploying in rows 16–18, the defender in rows 1–3, default
 * placement for a side that has not deployed), a finished tactical game read
 * back as the battle's outcome, and the campaign turn finished from every
 * battle's outcome.
 */
import { positionToJson } from '../../adjudicator/position-json.ts';
import { formatHex, sameHex } from '../../rules/hex.ts';
import { err, ok, type Result, type RuleError } from '../../rules/result.ts';
import { finishCampaignTurn } from '../../rules/strategic/resolve.ts';
import type { BattleOutcome, Campaign, PendingBattle, ShipRef, StrategicShip } from '../../rules/strategic/types.ts';
import { sameId } from '../../rules/strategic/world.ts';
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

/**
 * The ships of one side in a battle, in fleet and ship order: its fleets in the battle's hex (nothing has moved since
 * the battle was found). Ids belong to a side, so the battle's list of fleet ids alone could name the wrong side's.
 */
function shipsOf(campaign: Campaign, battle: PendingBattle, side: string): StrategicShip[] {
  return campaign.fleets.filter((f) => f.side === side && sameHex(f.hex, battle.hex)).flatMap((f) => f.ships);
}

/** An id free among `taken` (upper case): the id, or it with the lowest number from 2 added that makes it free. */
function freeBattleId(id: string, taken: ReadonlySet<string>): string {
  if (!taken.has(id.toUpperCase())) return id;
  for (let n = 2; ; n++) {
    const candidate = `${id.slice(0, 12 - String(n).length)}${n}`;
    if (!taken.has(candidate.toUpperCase())) return candidate;
  }
}

interface BattleShip extends StrategicShip {
  /** The ship's id in the tactical game: its own, unless the other side brought a ship of the same id. */
  readonly battleId: string;
  readonly side: string;
}

/**
 * Every ship of a battle with its id in the tactical game, side by side in the battle's side order (ruling,
 * rules-strategic.md): a tactical game needs every ship's id to be its own, letter case aside, and ids belong to a
 * side in a campaign; a ship of the later side whose id an earlier side's ship has gets the lowest number from 2 added
 * that makes it free in the battle.
 */
function battleShips(campaign: Campaign, battle: PendingBattle): BattleShip[] {
  const sides = campaign.sides.filter((s) => s === battle.attacker || s === battle.defender);
  const all = sides.flatMap((side) => shipsOf(campaign, battle, side).map((ship) => ({ ...ship, side })));
  const taken = new Set(all.map((s) => s.id.toUpperCase()));
  const used = new Set<string>();
  return all.map((ship) => {
    const battleId = used.has(ship.id.toUpperCase()) ? freeBattleId(ship.id, taken) : ship.id;
    taken.add(battleId.toUpperCase());
    used.add(battleId.toUpperCase());
    return { ...ship, battleId };
  });
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
  const all = battleShips(campaign, battle);
  const shipsOfSide = (s: string) => all.filter((x) => x.side === s);
  const ships: LinkedGameSetup['ships'] = Object.fromEntries(
    sides.map((s) => [
      s,
      shipsOfSide(s).map((x) => ({
        id: x.battleId,
        design: { engine: x.engine, shields: x.shields, toHit: x.toHit, weapons: [...x.weapons] },
      })),
    ]),
  );
  const defaultPlacement = Object.fromEntries(
    sides.map((s) => {
      const own = shipsOfSide(s);
      const spots = placement(own.length, s === battle.attacker ? 'attacker' : 'defender');
      return [s, own.map((x, i) => ({ id: x.battleId, ...spots[i]! }))];
    }),
  );
  const placed: Ship[] = sides.flatMap((s) => {
    const own = shipsOfSide(s);
    const spots = placement(own.length, s === battle.attacker ? 'attacker' : 'defender');
    return own.map((x, i): Ship => {
      const [col, row] = [Number(spots[i]!.hex.slice(0, 2)), Number(spots[i]!.hex.slice(2))];
      const design = { engine: x.engine, shields: x.shields, toHit: x.toHit, weapons: [...x.weapons] };
      return {
        id: x.battleId,
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
    renamed: Object.fromEntries(
      sides.map((s) => [
        s,
        shipsOfSide(s)
          .filter((x) => x.battleId !== x.id)
          .map((x) => ({ id: x.id, battleId: x.battleId })),
      ]),
    ),
  };
}

/**
 * A finished tactical game as the battle's outcome (§8): destroyed ships are lost; ships that left the map, and the
 * ships still in play of a side that conceded, disengaged; the rest survive. Each ship by its campaign id, or by
 * `{side, ship}` where it fought under another id or the other side has a ship of the same id in the battle.
 */
export function battleOutcome(pendingDoc: unknown, index: number, finalState: unknown) {
  const { turn } = readPending(pendingDoc);
  const battle = turn.battles[index];
  if (!battle) throw new RangeError(`the pending turn has no battle ${index}`);
  const position = readPosition(finalState);
  const all = battleShips(turn.campaign, battle);
  const named = (s: { id: string; side: string }): ShipRef | string => {
    const own = all.find((x) => x.side === s.side && x.battleId === s.id);
    if (!own) return s.id;
    const shared = all.some((x) => x !== own && sameId(x.id, own.id));
    return own.battleId === own.id && !shared ? own.id : { side: own.side, ship: own.id };
  };
  return {
    hex: formatHex(battle.hex),
    destroyed: position.ships.filter((s) => s.status === 'destroyed').map(named),
    disengaged: position.ships
      .filter((s) => s.status === 'disengaged' || (s.status === 'active' && position.conceded.includes(s.side)))
      .map(named),
  };
}

const isShips = (v: unknown): v is (string | ShipRef)[] =>
  Array.isArray(v) &&
  v.every(
    (x) =>
      typeof x === 'string' ||
      (typeof x === 'object' &&
        x !== null &&
        typeof (x as ShipRef).side === 'string' &&
        typeof (x as ShipRef).ship === 'string'),
  );

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
    if (typeof x !== 'object' || x === null || !isShips(x.destroyed) || !isShips(x.disengaged))
      return err([{ code: 'BATTLE_RESULT', message: `outcome ${i} is not {hex, destroyed, disengaged}` }]);
    read.push({ hex: turn.battles[i]!.hex, destroyed: x.destroyed, disengaged: x.disengaged });
  }
  const r = finishCampaignTurn(turn, read);
  if (!r.ok) return err(r.error.map((e) => ({ code: e.code, message: e.message })));
  return ok(turnOutput(r.value, stored.ordersUsed, stored.dropped as RuleError[]));
}
