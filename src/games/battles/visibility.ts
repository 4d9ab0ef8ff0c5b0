/**
 * Who may read a campaign's linked battle: the battle shows both sides' ships, their designs and where the battle
 * is — what the campaign hides from everyone but its players and moderator while it runs (its archive answers 403
 * then). So a linked battle is open to all only once its campaign is over; until then it is read as a private game
 * (its seats and moderator, and the campaign's moderator).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { battles, games, type Game } from '../../db/schema.ts';
import type { Tx } from '../context.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { isOver } from '../games/state.ts';
import { battleOfGame } from './links.ts';

/** The campaign a linked battle belongs to while that campaign still runs; null for any other game. */
export async function runningCampaignOf(db: Tx, gameId: string): Promise<Game | null> {
  const battle = await battleOfGame(db, gameId);
  if (!battle) return null;
  const campaign = await createGamesRepository(db).byId(battle.campaignId);
  return isOver(campaign) ? null : campaign;
}

/** Whether anyone may read the game: a public game, unless it is a battle of a campaign still running. */
export async function openToAll(db: Tx, game: Pick<Game, 'id' | 'public'>): Promise<boolean> {
  return game.public && (await runningCampaignOf(db, game.id)) === null;
}

/** The linked battles of every campaign still running: not listed in the public archive. */
export async function battlesOfRunningCampaigns(db: Tx): Promise<Set<string>> {
  const rows = await db
    .select({ gameId: battles.gameId })
    .from(battles)
    .innerJoin(games, eq(games.id, battles.campaignId))
    .where(and(notInArray(games.status, ['finished', 'abandoned'])));
  return new Set(rows.map((r) => r.gameId));
}
