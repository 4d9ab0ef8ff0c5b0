/**
 * Deployment zones: a rectangle of hexes, inclusive, where a side places its pieces in the setup phase (a side without
 * one places them anywhere on the map). The service shows them on its setup pages (`ServiceSettings.zones`) for any
 * kind whose setup has them.
 */
import { z } from 'zod';

export const zoneSchema = z
  .strictObject({
    fromCol: z.number().int().min(1).max(99),
    toCol: z.number().int().min(1).max(99),
    fromRow: z.number().int().min(1).max(99),
    toRow: z.number().int().min(1).max(99),
  })
  .refine(
    (z) => z.fromCol <= z.toCol && z.fromRow <= z.toRow,
    'a zone runs from its lower to its higher column and row',
  );
export type Zone = z.infer<typeof zoneSchema>;

export function inZone(zone: Zone | undefined, h: { col: number; row: number }): boolean {
  return !zone || (h.col >= zone.fromCol && h.col <= zone.toCol && h.row >= zone.fromRow && h.row <= zone.toRow);
}

export function describeZone(zone: Zone): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `columns ${two(zone.fromCol)}–${two(zone.toCol)}, rows ${two(zone.fromRow)}–${two(zone.toRow)}`;
}

/** What a battle's sides, solo sides and zones must agree on, as zod issues (the settings' and the setup's alike). */
export function checkSidesAndZones(
  s: {
    readonly sides: readonly { readonly id: string }[];
    readonly solo: readonly string[];
    readonly zones: Readonly<Record<string, Zone>>;
    readonly map: { readonly width: number; readonly height: number };
  },
  ctx: z.RefinementCtx,
): void {
  const ids = s.sides.map((x) => x.id);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['sides'], message: 'each side id is used once' });
  for (const id of s.solo) {
    if (!ids.includes(id))
      ctx.addIssue({ code: 'custom', path: ['solo'], message: `solo side "${id}" is not one of the sides` });
  }
  if (s.solo.length >= ids.length)
    ctx.addIssue({ code: 'custom', path: ['solo'], message: 'at least one side must be played by a person' });
  for (const [id, zone] of Object.entries(s.zones)) {
    if (!ids.includes(id))
      ctx.addIssue({ code: 'custom', path: ['zones', id], message: `zone for unknown side "${id}"` });
    if (zone.toCol > s.map.width || zone.toRow > s.map.height) {
      ctx.addIssue({
        code: 'custom',
        path: ['zones', id],
        message: `the zone of ${id} reaches beyond the ${s.map.width}×${s.map.height} map`,
      });
    }
  }
}
