/**
 * A linked game's battle (battles.ts): the battle row a game fights, the setup it was created with, and a side's
 * given ships placed on the hexes chosen for them.
 */
import { eq } from 'drizzle-orm';
import { battles, type Battle } from '../../db/schema.ts';
import type { LinkedGameSetup } from '../../kinds/kind.ts';
import type { Tx } from '../context.ts';
import type { PlacedShip } from '../../kinds/tactical/scenarios.ts';
import { placeGiven } from '../../kinds/tactical/fleets.ts';

/** The battle a game fights for a campaign turn, if it is a linked game. */
export async function battleOfGame(tx: Tx, gameId: string): Promise<Battle | null> {
  const [battle] = await tx.select().from(battles).where(eq(battles.gameId, gameId));
  return battle ?? null;
}

/** The setup a linked game was created with (ships, zones, default placement), as stored with its battle. */
export const setupOf = (battle: Pick<Battle, 'setup'>): LinkedGameSetup => battle.setup as LinkedGameSetup;

/** A side's given ships on the hexes and facings chosen for them, as a seat's fleet is stored. */
export function placedFleet(
  setup: LinkedGameSetup,
  side: string,
  placement: readonly { readonly id: string; readonly hex: string; readonly facing: string }[],
): PlacedShip[] {
  return placeGiven(setup.ships[side] ?? [], placement);
}
