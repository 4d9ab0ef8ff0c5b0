/**
 * `OBSERVE <game>` and `UNOBSERVE <game>` mailed to the service by someone with no seat (inbound.ts step 7). The From
 * header may be forged, so neither acts on it: OBSERVE mails the From address a single-use link that confirms it (only
 * a followed link makes an observer), UNOBSERVE mails an observer's address its stop link. Both are limited per address
 * (games/observers/observers.ts). A refusal (no such game, no observers taken, the game over) is recorded and not
 * answered, as no mail from an unproven sender is (answers.ts): the sender may look at the game's page.
 */
import type { GamesContext, Tx } from '../games/context.ts';
import { AppError } from '../games/errors.ts';
import { createGamesRepository } from '../games/games/games.repository.ts';
import { openToAll } from '../games/battles/visibility.ts';
import { mailStopLink, requestToObserve } from '../games/observers/observers.ts';
import type { Answer } from './answers.ts';
import type { Verdict } from './seat-mail.ts';
import type { BodyOutline } from './seat-token.ts';

export async function observeByMail(
  ctx: GamesContext,
  tx: Tx,
  m: { observe: NonNullable<BodyOutline['observe']>; from: string | null; answer: Answer },
): Promise<Verdict> {
  const { word, gameId } = m.observe;
  const game = await createGamesRepository(tx).find(gameId);
  // A campaign's battle, hidden while its campaign runs, is no game to anyone outside it.
  if (!game || !(await openToAll(tx, { id: game.id, public: true })))
    return { outcome: 'unknown-game', detail: { named: gameId } };
  if (m.from === null) return { outcome: 'command', gameId, detail: { commands: [word], sent: false } };
  const inCtx: GamesContext = { ...ctx, db: tx };
  let sent: boolean;
  try {
    sent =
      word === 'OBSERVE'
        ? await requestToObserve(inCtx, tx, { gameId, email: m.from, inReplyTo: m.answer.answering })
        : await mailStopLink(inCtx, tx, { gameId, email: m.from, inReplyTo: m.answer.answering });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { outcome: 'command', gameId, detail: { commands: [word], refused: error.code } };
  }
  if (sent) m.answer.noteSent({ to: m.from.trim().toLowerCase(), kind: 'observe' });
  return { outcome: 'command', gameId, detail: { commands: [word], sent } };
}
