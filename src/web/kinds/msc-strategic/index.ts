/**
 * The strategic campaign's pages, built only from what each reader may see
 * (rules-strategic.md §6): the seat's page from its side's view, the archive
 * as its reader may see it (a seat its own side's view while the campaign
 * runs, its moderator and everyone once it ends the whole of it, anyone else a
 * page that says it is hidden), the moderator's board with the whole campaign,
 * and the new-game fieldset.
 */
import type { WebKind } from '../web-kind.ts';
import { campaignArchiveModel, campaignReaderOf, campaignTurnModel } from './archive.ts';
import { campaignBoard } from './board.ts';
import { campaignPageModel } from './game-page.ts';
import { campaignNewGame } from './new-game.ts';

export const strategicPages: WebKind = {
  async gamePage(ctx, game, seat, mySeats, extras) {
    const model = await campaignPageModel(ctx, game, seat, mySeats, extras);
    return {
      template: 'msc-strategic/game',
      title: `${game.name} — ${model.setup ? 'setup' : `turn ${game.currentTurn}`}`,
      scripts: ['/static/kinds/msc-strategic/campaign.js'],
      model,
    };
  },
  async archivePage(ctx, game, { email }) {
    const reader = await campaignReaderOf(ctx, game, email);
    if (reader.as === 'none') return null;
    return {
      template: 'msc-strategic/archive-game',
      title: `${game.name} — archive`,
      model: await campaignArchiveModel(ctx, game, reader),
    };
  },
  async archiveTurnPage(ctx, game, { email }, n) {
    const reader = await campaignReaderOf(ctx, game, email);
    if (reader.as === 'none') return null;
    return {
      template: 'msc-strategic/archive-turn',
      title: `${game.name} — turn ${n}`,
      scripts: ['/static/replay.js'],
      model: await campaignTurnModel(ctx, game, reader, n),
    };
  },
  async moderatorBoard(ctx, moderator, game, state, settings) {
    const board = await campaignBoard(ctx, moderator, { ...game, state }, settings);
    return board ? { partial: 'msc-strategic/board', model: board } : null;
  },
  newGame: campaignNewGame,
  forms: [],
  notices: {},
};
