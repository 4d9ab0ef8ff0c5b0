/**
 * The campaign orders language (docs/orders-campaign.md): one parser for mail
 * and web, like the tactical one, whose header, commands and MESSAGE it
 * shares. Each order line is read into the strategic rules' orders; then the
 * whole set is checked against the campaign as the side's own orders would
 * be applied (src/rules/strategic/check.ts), and every problem is reported on
 * the line it came from. All or nothing: any problem and nothing is accepted.
 */
import { parseWeapons } from '../../rules/design.ts';
import { parseHex } from '../../rules/hex.ts';
import { checkSideOrders } from '../../rules/strategic/check.ts';
import {
  PIECE_ID,
  type BuildOrder,
  type Campaign,
  type CampaignRuleError,
  type MoveOrder,
  type RetreatOrder,
  type SideOrders,
  type TransferOrder,
} from '../../rules/strategic/types.ts';
import { DIRECTIONS, type Direction } from '../../rules/types.ts';
import { readSubmission, type OrderLines, type Reading, type SubmissionCommon } from '../submission.ts';
import type { OrdersProblem } from '../types.ts';
import { keyword, show } from '../words.ts';

/** Keywords that open a campaign order line. */
export const CAMPAIGN_KEYWORDS = ['BUILD', 'MOVE', 'MERGE', 'TRANSFER', 'SPLIT', 'LOSSES', 'RETREAT'] as const;

/** Every code this module reports itself; the rules' checker adds its own (docs/orders-campaign.md). */
export const CAMPAIGN_ORDERS_CODES = [
  'BUILD_FORMAT',
  'MOVE_FORMAT',
  'MOVE_TWICE',
  'TRANSFER_FORMAT',
  'LOSSES_FORMAT',
  'LOSSES_TWICE',
  'RETREAT_FORMAT',
  'RETREAT_TWICE',
  'PIECE_ID',
] as const;

/** What a campaign submission is checked against. */
export interface CampaignOrdersContext {
  readonly gameId: string;
  readonly turn: number;
  readonly side: string;
  readonly campaign: Campaign;
  /** The order blocks sent to the side for this turn: one quoted back unchanged is not taken as orders. */
  readonly sent?: () => readonly string[];
  /** The problem for a text with nothing in it, when not the turn's (the setup's asks for BUILD lines). */
  readonly empty?: string;
}

export interface ParsedCampaignSubmission extends SubmissionCommon {
  readonly orders: SideOrders;
}

export type CampaignParseOutcome =
  | { ok: true; value: ParsedCampaignSubmission }
  | { ok: false; errors: OrdersProblem[]; partial: ParsedCampaignSubmission };

const RATINGS = [
  ['E', 'engine', 'ENGINE'],
  ['S', 'shields', 'SHIELDS'],
  ['H', 'toHit', 'TO-HIT'],
] as const;

/** Where each order came from, to put the checker's problems on their lines. */
interface Lines {
  readonly build: number[];
  readonly transfer: number[];
  readonly move: Map<string, number>;
  readonly lossOrder: Map<string, number>;
  readonly retreat: Map<string, number>;
}

class CampaignReading {
  readonly builds: BuildOrder[] = [];
  readonly transfers: TransferOrder[] = [];
  readonly moves = new Map<string, MoveOrder>();
  readonly lossOrders = new Map<string, string[]>();
  readonly retreats = new Map<string, RetreatOrder>();
  readonly lines: Lines = { build: [], transfer: [], move: new Map(), lossOrder: new Map(), retreat: new Map() };
  /** Fleet ids this side may name: its own, and the new ones its orders make, by their upper-case form. */
  readonly fleets = new Map<string, string>();

  constructor(readonly ctx: CampaignOrdersContext) {
    for (const f of ctx.campaign.fleets) if (f.side === ctx.side) this.fleets.set(f.id.toUpperCase(), f.id);
  }

  /** A fleet id as the side wrote it, spelled as the game spells it when it is one of the side's. */
  fleet(word: string): string {
    return this.fleets.get(word.toUpperCase()) ?? word;
  }

  /** A ship id of one of the side's ships (or one it builds), spelled as the game spells it. */
  ship(word: string): string {
    const want = word.toUpperCase();
    for (const f of this.ctx.campaign.fleets) {
      if (f.side !== this.ctx.side) continue;
      const s = f.ships.find((x) => x.id.toUpperCase() === want);
      if (s) return s.id;
    }
    return this.builds.find((b) => b.ship.id.toUpperCase() === want)?.ship.id ?? word;
  }

  orders(): SideOrders {
    return {
      builds: this.builds,
      transfers: this.transfers,
      moves: this.moves,
      lossOrders: this.lossOrders,
      retreats: this.retreats,
      concede: false,
    };
  }
}

const syntax = (code: string, message: string) => ({ code, message });

function pieceId(r: Reading, line: number, word: string | undefined, what: string): string | null {
  if (word === undefined || !PIECE_ID.test(word)) {
    r.report(
      line,
      syntax(
        'PIECE_ID',
        `${word === undefined ? `a ${what} id is missing` : `"${show(word)}" is not a ${what} id`}: use 1 to 12 letters or digits`,
      ),
    );
    return null;
  }
  return word;
}

const BUILD_SYNTAX =
  'BUILD <ship> E<n> S<n> H<n> W <sides, e.g. F,FL,FR, or ->  [JOIN <fleet at home> | AS <new fleet>]';

function readBuild(c: CampaignReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = pieceId(r, line, ws[1], 'ship');
  if (id === null) return undefined;
  const design: Record<string, number> = {};
  let k = 2;
  for (const [letter, key, name] of RATINGS) {
    const m = new RegExp(`^${letter}(\\d{1,2})$`, 'i').exec(ws[k] ?? '');
    if (!m) {
      r.report(
        line,
        syntax(
          'BUILD_FORMAT',
          `${name} is missing or not ${letter}<n> at "${show(ws[k] ?? '')}": write ${BUILD_SYNTAX}`,
        ),
      );
      return undefined;
    }
    design[key] = Number(m[1]);
    k += 1;
  }
  if (keyword(ws[k]) !== 'W') {
    r.report(line, syntax('BUILD_FORMAT', `the weapons come after W: write ${BUILD_SYNTAX}`));
    return undefined;
  }
  k += 1;
  const weaponWords: string[] = [];
  while (k < ws.length && !['JOIN', 'AS'].includes(keyword(ws[k]))) weaponWords.push(ws[k++]!);
  const weapons = parseWeapons(weaponWords.join(' '));
  if (!weapons.ok) {
    r.report(line, { ...weapons.error, ship: id });
    return undefined;
  }
  let fleet = id;
  if (k < ws.length) {
    const named = pieceId(r, line, ws[k + 1], 'fleet');
    if (named === null) return undefined;
    if (ws.length > k + 2) {
      r.report(
        line,
        syntax(
          'BUILD_FORMAT',
          `"${show(ws[k + 2]!)}" is not understood after ${keyword(ws[k])} ${named}: write ${BUILD_SYNTAX}`,
        ),
      );
      return undefined;
    }
    fleet = c.fleet(named);
  }
  c.builds.push({
    ship: { id, engine: design.engine!, shields: design.shields!, toHit: design.toHit!, weapons: weapons.value },
    fleet,
  });
  c.lines.build.push(line);
  if (!c.fleets.has(fleet.toUpperCase())) c.fleets.set(fleet.toUpperCase(), fleet);
  return id;
}

function readMove(c: CampaignReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = pieceId(r, line, ws[1], 'fleet');
  if (id === null) return undefined;
  const fleet = c.fleet(id);
  const how = 'write MOVE <fleet> N NE … (directions N NE SE S SW NW) or MOVE <fleet> TO <CCRR>';
  let move: MoveOrder;
  if (keyword(ws[2]) === 'TO') {
    const hex = parseHex(ws[3] ?? '');
    if (!hex.ok || ws.length > 4) {
      r.report(line, syntax('MOVE_FORMAT', `${hex.ok ? `only one hex after TO` : hex.error.message}: ${how}`));
      return undefined;
    }
    move = { kind: 'to', hex: hex.value };
  } else {
    const steps = ws.slice(2).map(keyword);
    const bad = steps.find((d) => !(DIRECTIONS as readonly string[]).includes(d));
    if (steps.length === 0 || bad !== undefined) {
      r.report(
        line,
        syntax(
          'MOVE_FORMAT',
          `${bad === undefined ? 'no direction given' : `"${show(bad)}" is not a direction`}: ${how}`,
        ),
      );
      return undefined;
    }
    move = { kind: 'path', path: steps as Direction[] };
  }
  const first = c.lines.move.get(fleet);
  if (first !== undefined) {
    r.report(line, syntax('MOVE_TWICE', `fleet ${fleet} already has a MOVE on line ${first}: give one MOVE per fleet`));
    return undefined;
  }
  c.moves.set(fleet, move);
  c.lines.move.set(fleet, line);
  return fleet;
}

/** `MERGE A INTO B`, `TRANSFER s1 s2 FROM A TO B`, `SPLIT s1 s2 FROM A AS C`. */
function readTransfer(
  c: CampaignReading,
  r: Reading,
  line: number,
  ws: readonly string[],
  head: string,
): string | undefined {
  const forms = {
    MERGE: 'MERGE <fleet> INTO <fleet>',
    TRANSFER: 'TRANSFER <ships> FROM <fleet> TO <fleet>',
    SPLIT: 'SPLIT <ships> FROM <fleet> AS <new fleet>',
  } as const;
  const form = forms[head as keyof typeof forms];
  const bad = (): undefined => {
    r.report(line, syntax('TRANSFER_FORMAT', `write ${form}`));
    return undefined;
  };
  let order: TransferOrder;
  if (head === 'MERGE') {
    if (ws.length !== 4 || keyword(ws[2]) !== 'INTO') return bad();
    const a = pieceId(r, line, ws[1], 'fleet');
    const b = pieceId(r, line, ws[3], 'fleet');
    if (a === null || b === null) return undefined;
    order = { kind: 'merge', fleet: c.fleet(a), into: c.fleet(b) };
  } else {
    const from = ws.findIndex((w) => keyword(w) === 'FROM');
    const last = head === 'TRANSFER' ? 'TO' : 'AS';
    if (from < 2 || ws.length !== from + 4 || keyword(ws[from + 2]) !== last) return bad();
    const ships: string[] = [];
    for (const w of ws.slice(1, from)) {
      const s = pieceId(r, line, w, 'ship');
      if (s === null) return undefined;
      ships.push(c.ship(s));
    }
    const a = pieceId(r, line, ws[from + 1], 'fleet');
    const b = pieceId(r, line, ws[from + 3], 'fleet');
    if (a === null || b === null) return undefined;
    if (head === 'TRANSFER') order = { kind: 'transfer', ships, from: c.fleet(a), to: c.fleet(b) };
    else {
      order = { kind: 'split', ships, from: c.fleet(a), as: b };
      if (!c.fleets.has(b.toUpperCase())) c.fleets.set(b.toUpperCase(), b);
    }
  }
  c.transfers.push(order);
  c.lines.transfer.push(line);
  return undefined;
}

function readLosses(c: CampaignReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = pieceId(r, line, ws[1], 'fleet');
  if (id === null) return undefined;
  const fleet = c.fleet(id);
  const rest = ws.slice(2);
  if (rest.length === 0) {
    r.report(
      line,
      syntax(
        'LOSSES_FORMAT',
        'write LOSSES <fleet> <ships, the first to be lost first>, or LOSSES <fleet> - to clear it',
      ),
    );
    return undefined;
  }
  const ships: string[] = [];
  if (!(rest.length === 1 && rest[0] === '-')) {
    for (const w of rest) {
      const s = pieceId(r, line, w, 'ship');
      if (s === null) return undefined;
      ships.push(c.ship(s));
    }
  }
  const first = c.lines.lossOrder.get(fleet);
  if (first !== undefined) {
    r.report(
      line,
      syntax('LOSSES_TWICE', `fleet ${fleet} already has a LOSSES line on line ${first}: give one per fleet`),
    );
    return undefined;
  }
  c.lossOrders.set(fleet, ships);
  c.lines.lossOrder.set(fleet, line);
  return fleet;
}

function readRetreat(c: CampaignReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = pieceId(r, line, ws[1], 'fleet');
  if (id === null) return undefined;
  const fleet = c.fleet(id);
  const how = keyword(ws[2]);
  const n = /^(\d{1,3})%?$/.exec(ws[3] ?? '');
  let order: RetreatOrder | null = null;
  if (how === 'NEVER' && ws.length === 3) order = { kind: 'never' };
  else if (how === 'AFTER' && n && ws.length === 4) order = { kind: 'after', rounds: Number(n[1]) };
  else if (how === 'BELOW' && n && ws.length === 4) order = { kind: 'below', percent: Number(n[1]) };
  if (order === null) {
    r.report(
      line,
      syntax(
        'RETREAT_FORMAT',
        'write RETREAT <fleet> NEVER, RETREAT <fleet> AFTER <rounds> or RETREAT <fleet> BELOW <per cent>',
      ),
    );
    return undefined;
  }
  const first = c.lines.retreat.get(fleet);
  if (first !== undefined) {
    r.report(
      line,
      syntax('RETREAT_TWICE', `fleet ${fleet} already has a RETREAT line on line ${first}: give one per fleet`),
    );
    return undefined;
  }
  c.retreats.set(fleet, order);
  c.lines.retreat.set(fleet, line);
  return fleet;
}

function campaignLines(c: CampaignReading): OrderLines {
  return {
    keywords: CAMPAIGN_KEYWORDS,
    ...(c.ctx.sent ? { sent: c.ctx.sent } : {}),
    empty:
      c.ctx.empty ??
      'no orders found: write one order per line, e.g. MOVE F1 N NE or BUILD S1 E3 S3 H3 W F,FL,FR AS F2, then END; send HELP for instructions',
    read(r, line, ws, head) {
      if (head === 'BUILD') return readBuild(c, r, line, ws);
      if (head === 'MOVE') return readMove(c, r, line, ws);
      if (head === 'LOSSES') return readLosses(c, r, line, ws);
      if (head === 'RETREAT') return readRetreat(c, r, line, ws);
      return readTransfer(c, r, line, ws, head);
    },
  };
}

/** The line an error of the rules' checker belongs to. */
function lineOf(lines: Lines, e: CampaignRuleError): number | null {
  const o = e.order;
  if (!o) return null;
  if (o.kind === 'build' || o.kind === 'transfer') return lines[o.kind][o.index ?? -1] ?? null;
  return lines[o.kind].get(o.fleet ?? '') ?? null;
}

/** Parses a campaign submission for one side and checks it against the campaign as it stands. */
export function parseCampaignSubmission(text: string, ctx: CampaignOrdersContext): CampaignParseOutcome {
  const c = new CampaignReading(ctx);
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: ctx.turn, side: ctx.side, sides: ctx.campaign.sides },
    campaignLines(c),
  );
  if (r.problems.length === 0) {
    for (const e of checkSideOrders(ctx.campaign, ctx.side, c.orders())) {
      r.report(
        lineOf(c.lines, e),
        e.ship === undefined
          ? { code: e.code, message: e.message }
          : { code: e.code, message: e.message, ship: e.ship },
      );
    }
  }
  const value: ParsedCampaignSubmission = { ...r.value, orders: c.orders() };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}
