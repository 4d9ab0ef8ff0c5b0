/**
 * `npm run bench`: how long the rules take. Prints figures; asserts nothing.
 *   - one turn of 2v2, 10v10 and 30v30 ships, all within range of one another;
 *   - parsing a 30-ship order mail.
 */
import { resolveTurn } from '../src/rules/resolve.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { fromCube, toCube } from '../src/rules/hex.ts';
import { DIRECTIONS, WEAPON_SIDES, type Position, type Ship, type ShipOrders } from '../src/rules/types.ts';
import { parseSubmission, formatOrders } from '../src/orders/index.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure(label: string, runs: number, fn: (i: number) => void): void {
  for (let i = 0; i < Math.min(50, runs); i++) fn(i); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;
  console.log(`${label.padEnd(34)} median ${median(times).toFixed(3)} ms   p95 ${p95.toFixed(3)} ms   (${runs} runs)`);
}

/** `perSide` ships a side, packed within 3 hexes of the map centre so that every pair is within range 6. */
function melee(perSide: number): Position {
  const centre = toCube({ col: 10, row: 10 });
  const cluster = [];
  for (let x = -3; x <= 3; x++)
    for (let y = Math.max(-3, -x - 3); y <= Math.min(3, -x + 3); y++)
      cluster.push(fromCube({ x: centre.x + x, y: centre.y + y, z: centre.z - x - y }));
  const ships: Ship[] = [];
  for (let i = 0; i < perSide * 2; i++) {
    const design = { engine: 3, shields: 5, toHit: 3, weapons: WEAPON_SIDES.filter((_, w) => (i + w) % 3 !== 0) };
    ships.push({
      id: `S${i}`,
      side: i % 2 === 0 ? 'red' : 'blue',
      hex: cluster[(i * 7) % cluster.length]!,
      facing: DIRECTIONS[i % 6]!,
      speed: 0,
      ...design,
      design,
      status: 'active',
    });
  }
  return {
    map: { width: 20, height: 20 },
    turn: 1,
    sides: ['red', 'blue'],
    solo: [],
    ships,
    turnLimit: null,
    conceded: [],
  };
}

const still = (p: Position) =>
  new Map<string, ShipOrders>(p.ships.map((s) => [s.id, { speed: 0, plot: [], fire: [], hold: false }]));

console.log(`msc-pbem rules benchmark — node ${process.version}, ${process.platform}/${process.arch}`);
for (const n of [2, 10, 30]) {
  const p = melee(n);
  const orders = still(p);
  let shots = 0;
  measure(`resolve one turn, ${n}v${n}`, n === 30 ? 400 : 1000, (i) => {
    const r = resolveTurn(p, orders, SeededDice.fromSeed(`bench-${i}`));
    if (!r.ok) throw new Error('illegal bench orders');
    shots += r.value.events.filter((e) => e.type === 'shot').length;
  });
  console.log(
    `${''.padEnd(34)} (${p.ships.length} ships, ${(shots / (n === 30 ? 450 : 1050)).toFixed(0)} shots a turn on average)`,
  );
}

// A 30-ship order mail, as a player replies to a report: the orders, a signature, the quoted report.
const big = melee(30);
const mine = big.ships.filter((s) => s.side === 'red');
const mail = [
  formatOrders(
    { gameId: 'bench-1', turn: 1 },
    new Map(
      mine.map((s) => [s.id, { speed: 1, plot: [{ kind: 'forward', hexes: 1 }], fire: ['S1', 'S3'], hold: false }]),
    ),
  ),
  '',
  '-- ',
  'Admiral Red',
  '',
  'On Monday, the service wrote:',
  ...formatOrders(
    { gameId: 'bench-1', turn: 1 },
    new Map(mine.map((s) => [s.id, { speed: 0, plot: [], fire: [], hold: false }])),
  )
    .split('\n')
    .map((l) => `> ${l}`),
].join('\n');
measure('parse a 30-ship order mail', 2000, () => {
  const r = parseSubmission(mail, { gameId: 'bench-1', turn: 1, side: 'red', position: big });
  if (!r.ok) throw new Error(`bench mail rejected: ${JSON.stringify(r.errors.slice(0, 2))}`);
});
console.log(`${''.padEnd(34)} (${mail.length} characters, ${mail.split('\n').length} lines)`);
