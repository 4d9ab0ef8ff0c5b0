/**
 * Battles fought as linked games (rules-strategic.md §8, a campaign's `battles: "tactical"`): when a turn's
 * resolution stops for its battles, the turn waits in status `battles` with the kind's pending document, and each
 * battle becomes a game of the linked kind, seated by the battle's sides' players, that starts with a deployment
 * setup phase (the ships given, only hex and facing chosen; the default placement at the deployment deadline). When
 * a linked game ends — resolution, concession or a moderator's end — its outcome is recorded with the campaign turn;
 * the last one to end finishes the turn through the kind's `linkedBattles.finish`, stored as any resolved turn.
 *
 * Everything here goes through `GameKind.linkedBattles`: nothing knows which rulesets are linked.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, isNull, ne } from 'drizzle-orm';
import { battles, games, seats, turns, type Game, type Turn } from '../../db/schema.ts';
import { kindOf } from '../../kinds/index.ts';
import type { LinkedBattle, LinkedGameSetup, ResolveOutput } from '../../kinds/kind.ts';
import { SeededDice } from '../../rules/dice.ts';
import { DIRECTIONS } from '../../rules/types.ts';
import { deploymentBlock } from '../../orders/deploy.ts';
import { deadlineFor, audit, openTurn, updateGame } from '../games/lifecycle.ts';
import { kindGameSettings, SETUP_TURN } from '../turns/kind-setup.ts';
import { createGamesRepository } from '../games/games.repository.ts';
import { describeZone, sideName } from '../games/settings.ts';
import { isOver, kindSettingsOf, settingsOf } from '../games/state.ts';
import { seatLoginLink } from '../logins/logins.ts';
import { newSeed, seatToken, sha256Hex } from '../secrets.ts';
import { createSeatsRepository, type Seat } from '../seats/seats.repository.ts';
import type { GamesContext, Tx } from '../context.ts';
import { describeDeadline, queueAnswer, queueGameEnd } from '../turns/messages.ts';
import { storeResolvedTurn } from '../turns/resolution.ts';
import { battleOfGame, setupOf } from './links.ts';

/**
 * The turn stops for its battles (the caller holds the turn's and the game's locks): the turn waits in status
 * `battles` with the pending document, the events so far and the dice as they stand (finishing rolls none), and one
 * linked game is created per battle, its players mailed their deployment.
 */
export async function awaitBattles(
  ctx: GamesContext,
  tx: Tx,
  game: Game,
  turn: Pick<Turn, 'number'>,
  r: ResolveOutput<unknown>,
  diceAfter: string,
): Promise<void> {
  const pending = r.pending!;
  await tx
    .update(turns)
    .set({
      status: 'battles',
      nextReminderAt: null,
      pending: pending.document,
      ordersUsed: r.ordersUsed,
      events: [...r.events],
      diceStateAfter: diceAfter,
    })
    .where(and(eq(turns.gameId, game.id), eq(turns.number, turn.number)));
  const created: string[] = [];
  for (const battle of pending.battles)
    created.push(await createLinkedGame(ctx, tx, game, turn.number, pending.document, battle));
  await audit(ctx, tx, {
    gameId: game.id,
    actor: 'system',
    action: 'battles',
    details: { turn: turn.number, created },
  });
}

/**
 * A short id for the linked game of battle `index` of turn `turn`: the campaign's id while it fits, then
 * `-t<turn>b<n>`; a battle fought again after a rollback gets the next free one (`…-2`, `…-3`).
 */
async function linkedGameId(tx: Tx, campaignId: string, turn: number, index: number): Promise<string> {
  const repository = createGamesRepository(tx);
  for (let again = 1; ; again++) {
    const suffix = `-t${turn}b${index + 1}${again > 1 ? `-${again}` : ''}`;
    const id = `${campaignId.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await repository.exists(id))) return id;
  }
}

async function createLinkedGame(
  ctx: GamesContext,
  tx: Tx,
  campaign: Game,
  turn: number,
  pendingDoc: unknown,
  battle: LinkedBattle,
): Promise<string> {
  const linked = kindOf(campaign.ruleset).linkedBattles!;
  const own = kindSettingsOf(campaign) as { readonly tacticalTurnLimit?: number } | null;
  const setup = linked.setup(
    pendingDoc,
    battle.index,
    own?.tacticalTurnLimit !== undefined ? { turnLimit: own.tacticalTurnLimit } : {},
  );
  const campaignSettings = settingsOf(campaign);
  // The linked kind reads the battle's settings itself: the sides' ships given, placed in their zones by the
  // deployment deadline (the campaign's turn hours), else by default; the service's reminders, sender check and
  // archive flag are the campaign's.
  const { settings, kindSettings, stateDoc } = kindGameSettings(kindOf(setup.ruleset), {
    map: setup.map,
    sides: setup.sides.map((side) => ({ id: side, name: sideName(campaignSettings, side) })),
    sizes: null,
    zones: setup.zones,
    turnHours: campaignSettings.turnHours,
    setupHours: campaignSettings.turnHours,
    turnLimit: setup.turnLimit,
    noOrders: campaignSettings.noOrders,
    linked: { ships: setup.ships, defaultPlacement: setup.defaultPlacement },
    reminderHours: campaignSettings.reminderHours,
    relaxSender: campaignSettings.relaxSender,
    public: campaignSettings.public,
  });
  const id = await linkedGameId(tx, campaign.id, turn, battle.index);
  const now = ctx.clock.now();
  const seed = newSeed();
  await tx.insert(games).values({
    id,
    ruleset: setup.ruleset,
    name: setup.title,
    status: 'setup',
    settings: { ...settings, scenario: 'custom', kindSettings },
    state: stateDoc,
    diceState: SeededDice.fromSeed(seed).save(),
    seed,
    seedCommitment: sha256Hex(seed),
    currentTurn: 0,
    public: campaign.public,
    // The campaign's moderator moderates its battles, with the same key.
    moderatorTokenHash: campaign.moderatorTokenHash,
    moderatorEmail: campaign.moderatorEmail,
    createdAt: now,
    updatedAt: now,
  });
  const players = (await createSeatsRepository(tx).ofGame(campaign.id)).filter((s) => setup.sides.includes(s.side));
  const seated = await tx
    .insert(seats)
    .values(
      players.map((p) => {
        const seatId = randomUUID();
        return {
          id: seatId,
          gameId: id,
          side: p.side,
          email: p.email,
          displayName: p.displayName,
          timeZone: p.timeZone,
          reportWidth: p.reportWidth,
          reportMails: p.reportMails,
          reportJson: p.reportJson,
          bouncedAt: p.bouncedAt,
          bounceReason: p.bounceReason,
          // A player who has not joined the campaign has not joined its battles either.
          joinedAt: p.joinedAt,
          tokenHash: sha256Hex(seatToken(ctx.serviceKey, seatId, now)),
          tokenRotatedAt: now,
          fleet: null,
          createdAt: now,
        };
      }),
    )
    .returning();
  const deployDeadline = deadlineFor(campaignSettings, now);
  await tx.insert(battles).values({
    campaignId: campaign.id,
    turn,
    battleIndex: battle.index,
    gameId: id,
    title: setup.title,
    setup,
    deployDeadline,
    createdAt: now,
  });
  await audit(ctx, tx, {
    gameId: id,
    actor: 'system',
    action: 'create',
    details: { campaign: campaign.id, turn, battle: battle.index, seats: seated.map((s) => ({ side: s.side })) },
  });
  const game = (await createGamesRepository(tx).find(id))!;
  // The deployment is the linked game's setup phase: turn 0 on the turn queue, due at the deployment deadline.
  await openTurn(ctx, tx, game, SETUP_TURN, game.state, game.diceState, { seats: seated });
  for (const seat of seated) await queueDeployment(ctx, tx, { campaign, game, turn, setup, seat, deployDeadline });
  return id;
}

/** What the deployment mail says of the side's ships that fight under another id (a campaign's ids are its sides'). */
function renamedNote(setup: LinkedGameSetup, side: string): string[] {
  const renamed = setup.renamed?.[side] ?? [];
  if (renamed.length === 0) return [];
  const each = renamed.map((r) => `your ${r.id} is ${r.battleId}`).join(', ');
  return [
    `In this battle ${each}: the enemy brings a ship of the same id, and each ship of a battle has its own. It comes back to the campaign under its own id.`,
  ];
}

/** Mails a seat its battle: the ships it places, its zone, the deadline and the default placement. */
async function queueDeployment(
  ctx: GamesContext,
  tx: Tx,
  m: {
    campaign: Game;
    game: Game;
    turn: number;
    setup: LinkedGameSetup;
    seat: Seat;
    deployDeadline: Date | null;
  },
): Promise<void> {
  const { setup, seat, game } = m;
  const settings = settingsOf(game);
  const enemies = setup.sides.filter((s) => s !== seat.side).map((s) => sideName(settings, s));
  const ships = (setup.ships[seat.side] ?? []).map(
    (s) =>
      `${s.id}: ENGINE ${s.design.engine}, SHIELDS ${s.design.shields}, TO-HIT ${s.design.toHit}, weapons ${s.design.weapons.join(' ') || 'none'}`,
  );
  const defaults = setup.defaultPlacement[seat.side] ?? [];
  // One ship a line, so that no line of the mail is wrapped inside the JSON.
  const example = `{ "ships": [\n${defaults
    .map((p) => `  ${JSON.stringify({ id: p.id, hex: p.hex, facing: p.facing })}`)
    .join(',\n')}\n] }`;
  const composed = ctx.mail.notice({
    subject: `[${game.id}] ${setup.title}: deploy your ships`,
    paragraphs: [
      `Hello ${seat.displayName}, in turn ${m.turn} of the campaign "${m.campaign.name}" (game ${m.campaign.id}) your ships meet ${enemies.join(' and ')}. The battle is fought as a tactical game of its own: game ${game.id}, "${game.name}", on a ${setup.map.width}×${setup.map.height} map, ${setup.turnLimit === null ? 'with no turn limit' : `at most ${setup.turnLimit} turns`}. The campaign turn resolves when every battle of it has ended.`,
      `Your ships, with their designs fixed:\n${ships.join('\n')}`,
      ...renamedNote(setup, seat.side),
      `Place each of them on a hex of your zone (${describeZone(setup.zones[seat.side]!)}) with a facing (${DIRECTIONS.join(' ')}). ${m.deployDeadline ? `Deploy by ${describeDeadline(m.deployDeadline, seat.timeZone)}; a side that has not deployed by then is placed by default, as the block below stands.` : 'There is no deadline: the battle starts when both sides have deployed.'}`,
      `To deploy by mail, reply with this block, edited (in your reply, or in the quoted copy of this mail); as it stands it is the default placement. A deployment sent again before the battle starts replaces the one before.\n\n${deploymentBlock(game.id, defaults)}`,
      `Or deploy on the game page, or send your placement as JSON to ${ctx.publicUrl}/api/games/${game.id}/fleet with your seat token, e.g.\n${example}`,
    ],
    loginUrl: await seatLoginLink(ctx, tx, seat),
  });
  await queueAnswer(ctx, tx, { to: seat.email, gameId: game.id, kind: 'deploy', composed, inReplyTo: null, seat });
}

/**
 * A game has ended (resolved to its end, or ended by its moderator); if it fights a battle of a campaign turn, its
 * outcome is recorded with that turn, from its final state (a game ended before it started: its default state). The
 * campaign turn is locked first, so when two battles end at once the last one sees the other's outcome and finishes
 * the turn, exactly once.
 */
export async function recordBattleEnd(ctx: GamesContext, tx: Tx, gameId: string, finalState: unknown): Promise<void> {
  const battle = await battleOfGame(tx, gameId);
  if (!battle || battle.endedAt) return;
  const [turn] = await tx
    .select()
    .from(turns)
    .where(and(eq(turns.gameId, battle.campaignId), eq(turns.number, battle.turn)))
    .for('update');
  const now = ctx.clock.now();
  const where = and(
    eq(battles.campaignId, battle.campaignId),
    eq(battles.turn, battle.turn),
    eq(battles.battleIndex, battle.battleIndex),
  );
  if (!turn || turn.status !== 'battles') {
    // The campaign turn no longer waits (its campaign was ended): the battle is over, with nothing to bring back.
    await tx.update(battles).set({ endedAt: now }).where(where);
    return;
  }
  const campaign = (await createGamesRepository(tx).find(battle.campaignId, { forUpdate: true }))!;
  const linked = kindOf(campaign.ruleset).linkedBattles!;
  const outcome = linked.outcome(turn.pending, battle.battleIndex, finalState ?? setupOf(battle).defaultState);
  await tx.update(battles).set({ outcome, endedAt: now }).where(where);
  const all = await tx
    .select()
    .from(battles)
    .where(and(eq(battles.campaignId, battle.campaignId), eq(battles.turn, battle.turn)))
    .orderBy(asc(battles.battleIndex));
  if (all.some((b) => b.endedAt === null)) return;
  const finished = linked.finish(
    turn.pending,
    all.map((b) => b.outcome),
  );
  if (!finished.ok)
    throw new Error(
      `turn ${turn.number} of ${campaign.id} cannot be finished from its battles: ${finished.error.map((e) => e.message).join('; ')}`,
    );
  await audit(ctx, tx, {
    gameId: campaign.id,
    actor: 'system',
    action: 'battles-ended',
    details: { turn: turn.number },
  });
  await storeResolvedTurn(ctx, tx, campaign, turn, finished.value, turn.diceStateAfter ?? turn.diceStateBefore);
}

/**
 * Locks a campaign's battles still being fought — each linked game's open turn, then the game — before the campaign
 * itself is locked: the order a battle that ends takes them in (its own game, then its campaign turn), so that a
 * moderator ending or rolling back the campaign while a battle ends waits instead of deadlocking.
 */
export async function lockOpenBattles(tx: Tx, campaignId: string): Promise<void> {
  const open = await tx
    .select({ gameId: battles.gameId })
    .from(battles)
    .where(and(eq(battles.campaignId, campaignId), isNull(battles.endedAt)))
    .orderBy(asc(battles.turn), asc(battles.battleIndex));
  for (const { gameId } of open) {
    await tx
      .select({ n: turns.number })
      .from(turns)
      .where(and(eq(turns.gameId, gameId), ne(turns.status, 'resolved')))
      .for('update');
    await createGamesRepository(tx).find(gameId, { forUpdate: true });
  }
}

/**
 * Ends a campaign's battles still being fought (of turn `fromTurn` on), when the campaign ends or the turn that
 * started them is rolled back: each linked game is abandoned, its players told why, and its battle marked ended
 * with no outcome. The caller holds the campaign's locks.
 */
export async function abandonOpenBattles(
  ctx: GamesContext,
  tx: Tx,
  campaignId: string,
  fromTurn: number,
  summary: string,
): Promise<string[]> {
  const open = await tx
    .select()
    .from(battles)
    .where(and(eq(battles.campaignId, campaignId), isNull(battles.endedAt), gte(battles.turn, fromTurn)))
    .orderBy(asc(battles.turn), asc(battles.battleIndex));
  const now = ctx.clock.now();
  for (const battle of open) {
    const game = await createGamesRepository(tx).find(battle.gameId, { forUpdate: true });
    await tx
      .update(battles)
      .set({ endedAt: now })
      .where(
        and(
          eq(battles.campaignId, campaignId),
          eq(battles.turn, battle.turn),
          eq(battles.battleIndex, battle.battleIndex),
        ),
      );
    if (!game || isOver(game)) continue;
    await tx.delete(turns).where(and(eq(turns.gameId, game.id), ne(turns.status, 'resolved')));
    await updateGame(ctx, tx, game, { status: 'abandoned', result: { reason: 'campaign', summary } });
    await audit(ctx, tx, { gameId: game.id, actor: 'system', action: 'abandon', reason: summary });
    await queueGameEnd(ctx, tx, game, summary, []);
  }
  return open.map((b) => b.gameId);
}
