/**
 * The Simple Combat Game's pages: the seat's game page (the SVG board, the units,
 * the last turn, the text order form checked as it is typed), the archive's game
 * and turn pages, and its new-game fieldset. Nothing is hidden (rules-scg.md §16):
 * the moderator's board shows the board, every unit and both scores.
 */
import type { WebKind } from '../web-kind.ts';
import { scgArchivePage, scgArchiveTurnPage } from './archive.ts';
import { legendOf, scgPageModel, unitRows } from './game-page.ts';
import { renderScgMap } from './board-map.ts';
import { readScgState } from '../../../kinds/scg/docs.ts';
import { sideName } from '../../../games/games/settings.ts';
import { scores } from '../../../rules/scg/resolve.ts';
import { scgNewGame } from './new-game.ts';

export const scgPages: WebKind = {
  async gamePage(ctx, game, seat, mySeats, extras) {
    return {
      template: 'scg/game',
      title: `${game.name} — turn ${game.currentTurn}`,
      scripts: ['/static/kinds/scg/orders.js'],
      model: await scgPageModel(ctx, game, seat, mySeats, extras),
    };
  },
  forms: [],
  notices: {},
  archivePage: (ctx, game) => scgArchivePage(ctx, game),
  archiveTurnPage: (ctx, game, _reader, n) => scgArchiveTurnPage(ctx, game, n),
  async moderatorBoard(_ctx, _moderator, game, state, settings) {
    if (!state) return null;
    const s = readScgState(state);
    const name = (side: string) => sideName(settings, side);
    const score = scores(s, s.units);
    return {
      partial: 'scg/board',
      model: {
        mapSvg: renderScgMap({ state: s, sideName: name, title: `${game.name}: the board`, idPrefix: 'board-map' }),
        legend: legendOf(s, name, null),
        units: unitRows(s, name),
        scores: s.sides.map((side) => ({ sideName: name(side), score: score[side] ?? 0 })),
      },
    };
  },
  newGame: scgNewGame,
};
