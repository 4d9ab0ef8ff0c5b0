/**
 * Deployment zones of a tactical battle: a rectangle of hexes, inclusive, where a side places its ships in the setup
 * phase (a side without one places them anywhere on the map).
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
