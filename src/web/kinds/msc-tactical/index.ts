/**
 * The tactical battle's pages: the seat's game page (the hex map with the
 * plotted paths, the text diagram, Ship Turn Records, fleet strength, the
 * per-ship order form checked as it is typed, the fleet or deployment form in
 * setup), the archive's game and turn pages, and its new-game fieldset. The
 * moderator's board shows nothing more of a battle than of every game.
 */
import type { WebKind } from '../web-kind.ts';
import { tacticalArchivePage, tacticalArchiveTurnPage } from './archive.ts';
import { gamePageModel } from './game-page.ts';
import { tacticalNewGame } from './new-game.ts';
import { tacticalForms, tacticalNotices } from './forms.ts';

export const tacticalPages: WebKind = {
  async gamePage(ctx, game, seat, mySeats, extras) {
    return {
      template: 'msc-tactical/game',
      title: `${game.name} — turn ${game.currentTurn}`,
      scripts: ['/static/kinds/msc-tactical/orders.js'],
      model: await gamePageModel(ctx, game, seat, mySeats, extras),
    };
  },
  archivePage: (ctx, game) => tacticalArchivePage(ctx, game),
  archiveTurnPage: (ctx, game, _reader, n) => tacticalArchiveTurnPage(ctx, game, n),
  moderatorBoard: async () => null,
  newGame: tacticalNewGame,
  forms: tacticalForms,
  notices: tacticalNotices,
};
