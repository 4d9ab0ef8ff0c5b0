/**
 * The star systems as one side knows them (rules-strategic.md §4, §6): each
 * system's name, hex, owner (every side sees every system and its owner),
 * what it produces and from when, when it was captured (or that the side
 * holds it, on its way to capturing it), and what the side knows of enemy
 * fleets there — those it sees there, none (every enemy fleet's position is
 * known with fog `positions`; with fog `sensors`, none detected within range
 * of its fleets), or not known (out of its sensors' range). Built from the
 * side's view alone, so the text report, its HTML part and the game page
 * list the same rows and none can show more than the view holds.
 */
import { distance, formatHex } from '../rules/hex.ts';
import { produces } from '../rules/strategic/world.ts';
import { SENSOR_RANGE, type FogMode, type SideView } from '../rules/strategic/types.ts';

export interface SystemRow {
  readonly hex: string;
  /** The system's name (`-` for none), a home marked: `Sol (home)`, or `Antares (Red's home)` when another owns it. */
  readonly name: string;
  /** `you`, a side's name, or `nobody`. */
  readonly owner: string;
  /** `1 BP` a turn, `from t7` (the turn it first produces), or `-` when nobody owns it. */
  readonly production: string;
  /** `start` (a home held from the start), `turn 5`, `held` (by the reader, on its way to capture it), or `-`. */
  readonly captured: string;
  /** Enemy fleets seen there with their ships (`Raid (2)`, `?` not known); else `none`, `none seen`, `not known`. */
  readonly enemy: string;
}

export interface SystemRowsOptions {
  readonly fog: FogMode;
  readonly sideName: (side: string) => string;
  /** The reader's side; null for a moderator or the archive, who see every fleet (the view's `side` is then any). */
  readonly reader: string | null;
}

export function systemRows(view: SideView, options: SystemRowsOptions): SystemRow[] {
  const { reader, sideName } = options;
  const whose = (side: string) => (side === reader ? 'you' : sideName(side));
  const inRange = (hex: SideView['systems'][number]['hex']) =>
    view.fleets.some((f) => f.side === reader && distance(f.hex, hex) <= SENSOR_RANGE);
  return [...view.systems]
    .sort((a, b) => formatHex(a.hex).localeCompare(formatHex(b.hex)))
    .map((s) => {
      const hex = formatHex(s.hex);
      // A home is marked as such; whose, when its owner is not its side (a home lost or taken).
      const home =
        s.home === null
          ? ''
          : s.home === s.owner
            ? ' (home)'
            : ` (${s.home === reader ? 'your' : `${sideName(s.home)}'s`} home)`;
      const from = s.capturedTurn === null ? null : s.capturedTurn === 0 ? 1 : s.capturedTurn + 2;
      const production = s.owner === null || from === null ? '-' : produces(s, view.turn) ? '1 BP' : `from t${from}`;
      const captured =
        s.owner !== null && s.capturedTurn !== null
          ? s.capturedTurn === 0
            ? 'start'
            : `turn ${s.capturedTurn}`
          : s.held !== null && s.held === reader
            ? 'held'
            : '-';
      const here = (h: SideView['systems'][number]['hex']) => formatHex(h) === hex;
      const fleets = [
        ...(reader === null
          ? view.fleets.filter((f) => here(f.hex)).map((f) => ({ ...f, ships: f.ships.length }))
          : []),
        ...view.enemyFleets.filter((f) => here(f.hex)),
      ].map((f) => `${reader === null ? `${sideName(f.side)}'s ` : ''}${f.id} (${f.ships === null ? '?' : f.ships})`);
      const enemy =
        fleets.length > 0
          ? fleets.join(', ')
          : reader === null || options.fog === 'positions'
            ? 'none'
            : inRange(s.hex)
              ? 'none seen'
              : 'not known';
      return {
        hex,
        name: `${s.name ?? '-'}${home}`,
        owner: s.owner === null ? 'nobody' : whose(s.owner),
        production,
        captured,
        enemy,
      };
    });
}

/** The rows as a text table, and what its words mean: lines of a report sheet, wrapped to its width by the caller. */
export function systemsSheet(rows: readonly SystemRow[], reader: string | null): string[] {
  if (rows.length === 0) return ['The map has no star systems.'];
  const header = ['Hex', 'System', 'Owner', 'Produces', 'Captured', reader === null ? 'Fleets' : 'Enemy fleets'];
  const cells = rows.map((r) => [r.hex, r.name, r.owner, r.production, r.captured, r.enemy]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    '',
    'Production: 1 BP a turn, from the second turn after the capture (a home from turn 1).' +
      (reader === null
        ? ' Fleets: every fleet there, with its ships.'
        : ' Held: your fleet was alone there at the end of the last turn; alone there at the end of this one, you capture it.' +
          " Enemy fleets: those you see there, with their ships (? not known); none seen: none within your sensors' range" +
          ' (3 hexes); not known: beyond it.'),
  ];
}
