/** A Mini Combat setup as text (rules-mini-combat.md §21): the canonical echo, which parses back to the same setup. */
import { formatHex } from '../../rules/hex.ts';
import type { ElementDesign } from '../../rules/mini-combat/types.ts';
import type { MiniSetup, NamedDesign, SetupUnitLine } from './setup.ts';

const stat = (prefix: string, value: number, dash: number | null) => `${prefix}${value === dash ? '-' : value}`;

function designWords(d: ElementDesign): string {
  return [
    d.type.toUpperCase(),
    stat('MV', d.move, null),
    stat('RG', d.range, null),
    stat('TH', d.toHit, 7),
    stat('SV', d.save, 7),
    stat('PW', d.power, null),
    stat('AR', d.armor, null),
    stat('MO', d.morale, 1),
    ...(d.special.length > 0 ? ['SP', ...d.special] : []),
    ...(d.command ? ['COMMAND'] : []),
  ].join(' ');
}

export const designLine = (d: NamedDesign): string => `DESIGN ${d.name} ${designWords(d.design)}`;

export function unitLine(u: SetupUnitLine): string {
  const parts = u.parts.map((p) => (p.count === 1 ? p.design : `${p.design}*${p.count}`)).join(' ');
  const where =
    u.placement.kind === 'reserve'
      ? 'RESERVE'
      : `AT ${u.placement.hexes.map(formatHex).join(' ')} FACE ${u.placement.facing}`;
  return `UNIT ${u.id} ${parts} ${where}`;
}

/** The setup in canonical form: its designs, its units, its objectives, then END. */
export function formatMiniSetup(setup: MiniSetup, ctx: { gameId: string }): string {
  const lines = [
    `GAME ${ctx.gameId} TURN 0`,
    ...setup.designs.map(designLine),
    ...setup.units.map(unitLine),
    ...(setup.objectives.length > 0 ? [`OBJECTIVE ${setup.objectives.map(formatHex).join(' ')}`] : []),
    'END',
  ];
  return `${lines.join('\n')}\n`;
}
