/**
 * What the channels show of linked battles, read only: the battles of a campaign turn (each linked game's id,
 * title, status, and its result once ended) and, for a linked game, the campaign turn and battle it fights.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { battles, games } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { LinkedGameSetup, ReportedBattle, Ruleset } from '../../kinds/kind.ts';
import type { GamesContext, Tx } from '../context.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { battleOfGame, setupOf } from './links.ts';

export interface BattleSummary {
  /** The linked game that fights it. */
  readonly gameId: string;
  readonly title: string;
  readonly turn: number;
  /** Its place among the turn's battles, from 0. */
  readonly index: number;
  /** The linked game's status. */
  readonly status: string;
  /** The linked game's result once it has ended, else null. */
  readonly result: unknown;
  readonly ended: boolean;
}

export interface CampaignLink {
  readonly id: string;
  readonly name: string;
  readonly turn: number;
  readonly battle: number;
  /** What each side deploys (a battle has no secrets between its sides): ships with designs, zones, defaults. */
  readonly deployment: {
    readonly ships: LinkedGameSetup['ships'];
    readonly zones: LinkedGameSetup['zones'];
    readonly defaultPlacement: LinkedGameSetup['defaultPlacement'];
    /** When sides that have not deployed get the default placement; null: the game waits for every side. */
    readonly deadline: Date | null;
  };
}

/** The battles of a campaign's turn (its current turn when none is given), in battle order. */
export async function battlesOfCampaignTurn(
  ctx: GamesContext,
  campaignId: string,
  turn?: number,
): Promise<BattleSummary[]> {
  const number = turn ?? (await createGamesRepository(ctx.db).byId(campaignId)).currentTurn;
  const rows = await ctx.db
    .select({ battle: battles, game: { status: games.status, result: games.result } })
    .from(battles)
    .innerJoin(games, eq(games.id, battles.gameId))
    .where(and(eq(battles.campaignId, campaignId), eq(battles.turn, number)))
    .orderBy(asc(battles.battleIndex));
  return rows.map(({ battle, game }) => ({
    gameId: battle.gameId,
    title: battle.title,
    turn: battle.turn,
    index: battle.battleIndex,
    status: game.status,
    result: battle.endedAt ? (game.result ?? null) : null,
    ended: battle.endedAt !== null,
  }));
}

/** The campaign turn and battle a linked game fights; null for any other game. */
export async function campaignOfBattle(ctx: GamesContext, gameId: string): Promise<CampaignLink | null> {
  const battle = await battleOfGame(ctx.db, gameId);
  if (!battle) return null;
  const campaign = await createGamesRepository(ctx.db).byId(battle.campaignId);
  const { ships, zones, defaultPlacement } = setupOf(battle);
  return {
    id: campaign.id,
    name: campaign.name,
    turn: battle.turn,
    battle: battle.battleIndex,
    deployment: { ships, zones, defaultPlacement, deadline: battle.deployDeadline },
  };
}

/**
 * What a game's view adds about linked battles: a game whose kind fights linked battles lists its current turn's
 * (`battles`); a linked game names its campaign (`campaign`). Nothing for any other game.
 */
export async function linkedBattlesOf(
  ctx: GamesContext,
  game: { readonly id: string; readonly ruleset: Ruleset; readonly turn: { readonly number: number } | null },
): Promise<{ battles?: BattleSummary[]; campaign?: CampaignLink }> {
  if (kindOf(game.ruleset).linkedBattles)
    return { battles: game.turn ? await battlesOfCampaignTurn(ctx, game.id, game.turn.number) : [] };
  const campaign = await campaignOfBattle(ctx, game.id);
  return campaign ? { campaign } : {};
}

/**
 * The ended battles of a campaign turn as its reports tell them (kind.ts `ReportedBattle`): each linked game, who won
 * it, and the links to its page and archive. Empty for a game whose kind fights no linked battles.
 */
export async function reportedBattles(
  tx: Tx,
  publicUrl: string,
  campaign: { readonly id: string; readonly ruleset: Ruleset },
  turn: number | null | undefined,
): Promise<ReportedBattle[]> {
  if (!kindOf(campaign.ruleset).linkedBattles || turn === null || turn === undefined) return [];
  const rows = await tx
    .select({ index: battles.battleIndex, gameId: battles.gameId, winner: games.winner })
    .from(battles)
    .innerJoin(games, eq(games.id, battles.gameId))
    .where(and(eq(battles.campaignId, campaign.id), eq(battles.turn, turn), isNotNull(battles.endedAt)))
    .orderBy(asc(battles.battleIndex));
  return rows.map((r) => ({
    index: r.index,
    gameId: r.gameId,
    winner: r.winner ?? null,
    pageUrl: `${publicUrl}/games/${r.gameId}`,
    archiveUrl: `${publicUrl}/archive/${r.gameId}`,
  }));
}
