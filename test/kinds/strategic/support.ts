/**
 * Helpers for the campaign kind's tests: a campaign started through the kind's
 * own setup phase, and random-but-legal players that write order text and send
 * it through parseSubmission, as a player by mail would.
 */
import { SeededDice, type DiceSource } from '../../../src/rules/dice.ts';
import { distance, formatHex } from '../../../src/rules/hex.ts';
import { shortestPath } from '../../../src/rules/strategic/paths.ts';
import { fleetReach, shipCost } from '../../../src/rules/strategic/ships.ts';
import type { Campaign, SideOrders } from '../../../src/rules/strategic/types.ts';
import { DIRECTIONS } from '../../../src/rules/types.ts';
import { strategicKind } from '../../../src/kinds/strategic/index.ts';
import type { CampaignSettingsInput } from '../../../src/kinds/strategic/setup.ts';

export const kind = strategicKind;
export const setupPhase = strategicKind.setup;
export const linked = strategicKind.linkedBattles!;

export const SIDES = [
  { id: 'blue', name: 'Blue' },
  { id: 'red', name: 'Red' },
] as const;

export const sideName = (s: string) => SIDES.find((x) => x.id === s)?.name ?? s;

export function settings(more: Partial<CampaignSettingsInput> = {}): unknown {
  return setupPhase.settingsSchema.parse({
    sides: SIDES,
    map: { kind: 'generated', width: 14, height: 10, systems: 9, seed: 'fixture' },
    ...more,
  });
}

/** A campaign started by the setup phase: blue sends a setup, red gets the default build. */
export function started(s: unknown = settings()): Campaign {
  const initial = setupPhase.initialState(s);
  if (!initial.ok) throw new Error(JSON.stringify(initial.error));
  const state = initial.value;
  const text = [
    'GAME c1 TURN 0',
    'BUILD bs1 E3 S3 H3 W F,FL,FR AS bf1',
    'BUILD bs2 E5 S2 H1 W F JOIN bf1',
    'BUILD bs3 E2 S5 H5 W F,FL,FR,RL AS bf2',
    'BUILD bs4 E3 S3 H3 W F,FL,FR JOIN bf2',
    'BUILD bs5 E3 S3 H3 W F,FL,FR AS bf3',
    'END',
  ].join('\n');
  const parsed = setupPhase.parseSetup(text, { gameId: 'c1', side: 'blue', state, settings: s });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return setupPhase.start(state, new Map([['blue', parsed.setup]]), s).state;
}

const DESIGNS = [
  'E5 S2 H1 W F',
  'E3 S3 H3 W F,FL,FR',
  'E2 S5 H5 W F,FL,FR,RL',
  'E1 S4 H1 W F,FL',
  'E4 S4 H4 W F,FR,FL,RL',
];
/** E + S + H + 2 per weapon. */
const costOf = (design: string): number => {
  const [e, s, h] = [...design.matchAll(/[ESH](\d)/g)].map((m) => Number(m[1]));
  return e! + s! + h! + 2 * design.split(' W ')[1]!.split(',').length;
};

const pick = <T>(dice: DiceSource, items: readonly T[]): T => items[(dice.roll() * 7 + dice.roll()) % items.length]!;
const chance = (dice: DiceSource, sixes: number): boolean => dice.roll() <= sixes;

/** Order text for one side, written from what it sees: its own fleets, the systems, and its store. */
export function orderText(c: Campaign, side: string, gameId: string, seed: string, serial: { next: number }): string {
  const dice = SeededDice.fromSeed(`${seed}:${side}:${c.turn}`);
  const p = side[0]!;
  const lines = [`GAME ${gameId} TURN ${c.turn}`];
  const own = c.fleets.filter((f) => f.side === side);
  const home = c.systems.find((s) => s.home === side)!;
  const atHome = own.filter((f) => distance(f.hex, home.hex) === 0);
  const guard = atHome[0];
  let store = c.store[side] ?? 0;
  for (let i = 0; i < 2 && chance(dice, 4); i++) {
    const design = pick(dice, DESIGNS);
    const cost = costOf(design);
    if (cost > store + 2) break;
    store -= cost;
    const join = atHome.length > 0 && chance(dice, 3);
    lines.push(
      `BUILD ${p}s${serial.next++} ${design} ${join ? `JOIN ${pick(dice, atHome).id}` : `AS ${p}f${serial.next++}`}`,
    );
  }
  for (const f of own) {
    const mate = own.find((g) => g !== f && distance(g.hex, f.hex) === 0);
    if (mate && f !== guard && chance(dice, 1)) lines.push(`MERGE ${f.id} INTO ${mate.id}`);
    else if (f.ships.length > 2 && chance(dice, 1))
      lines.push(`SPLIT ${f.ships[0]!.id} FROM ${f.id} AS ${p}f${serial.next++}`);
  }
  for (const f of own) {
    if (chance(dice, 2))
      lines.push(
        `LOSSES ${f.id} ${f.ships
          .map((s) => s.id)
          .reverse()
          .join(' ')}`,
      );
    if (chance(dice, 1))
      lines.push(`RETREAT ${f.id} ${pick(dice, ['NEVER', `AFTER ${dice.roll()}`, `BELOW ${10 * dice.roll() + 20}`])}`);
  }
  const targets = c.systems.filter((s) => s.owner !== side).map((s) => s.hex);
  for (const f of own) {
    if (chance(dice, 1)) continue;
    // Someone minds the home system.
    if (f === guard) continue;
    const reach = fleetReach(f);
    const near = targets.filter((t) => distance(t, f.hex) <= reach && distance(t, f.hex) > 0);
    const enemyHome = c.systems.find((x) => x.home !== null && x.home !== side)!.hex;
    if (chance(dice, 3)) {
      const path = shortestPath(f.hex, enemyHome, c.map).slice(0, reach);
      if (path.length > 0) lines.push(`MOVE ${f.id} ${path.join(' ')}`);
    } else if (near.length > 0 && chance(dice, 4)) lines.push(`MOVE ${f.id} TO ${formatHex(pick(dice, near))}`);
    else {
      const steps = Array.from({ length: Math.min(reach, 1 + (dice.roll() % 3)) }, () => pick(dice, DIRECTIONS));
      if (steps.length > 0) lines.push(`MOVE ${f.id} ${steps.join(' ')}`);
    }
  }
  lines.push('END');
  return lines.join('\n');
}

/**
 * Sends order text through the kind's parser; lines it rejects are struck out and the rest sent again, as a player
 * fixing a rejected mail would. Returns the accepted orders and the text that was accepted.
 */
export function accepted(
  text: string,
  c: Campaign,
  side: string,
  gameId: string,
): { orders: SideOrders; text: string } {
  let lines = text.split('\n');
  for (let tries = 0; tries < 50; tries++) {
    const at = { gameId, turn: c.turn, side, state: c };
    const r = kind.parseSubmission(lines.join('\n'), at);
    if (r.ok) return { orders: r.orders, text: lines.join('\n') };
    const bad = new Set(r.errors.map((e) => e.line));
    if (bad.has(null)) break;
    lines = lines.filter((_, i) => !bad.has(i + 1));
  }
  return { orders: kind.readOrders({}), text: '' };
}

export { shipCost };
