/**
 * Mini Combat's pages: the seat's page (the army list while the sides set up,
 * then the battlefield as its side sees it, the units, the last turn and the
 * order form), the archive's pages (hidden while the battle runs, as the side
 * saw it for a seat), the moderator's full board and its new-game fieldset.
 */
import { sideName } from '../../../games/games/settings.ts';
import { readMiniState } from '../../../kinds/mini-combat/docs.ts';
import { miniEndReport } from '../../../kinds/mini-combat/report.ts';
import { hiddenArchiveReaderOf } from '../page-parts.ts';
import type { WebKind } from '../web-kind.ts';
import { miniArchivePage, miniArchiveTurnPage } from './archive.ts';
import { renderMiniMap } from './board-map.ts';
import { legendOf, miniPageModel } from './game-page.ts';
import { miniNewGame } from './new-game.ts';

export const miniPages: WebKind = {
  async gamePage(ctx, game, seat, mySeats, extras) {
    const model = await miniPageModel(ctx, game, seat, mySeats, extras);
    return {
      template: 'mini-combat/game',
      scripts: ['/static/kinds/mini-combat/battle.js'],
      title: `${game.name} — ${model.setup ? 'army list' : `turn ${game.currentTurn}`}`,
      model,
    };
  },
  forms: [],
  notices: {},
  async archivePage(ctx, game, { email }) {
    const reader = await hiddenArchiveReaderOf(ctx, game, email);
    return reader.as === 'none' ? null : miniArchivePage(ctx, game, reader);
  },
  async archiveTurnPage(ctx, game, { email }, n) {
    const reader = await hiddenArchiveReaderOf(ctx, game, email);
    return reader.as === 'none' ? null : miniArchiveTurnPage(ctx, game, reader, n);
  },
  async moderatorBoard(_ctx, _moderator, game, state, settings) {
    if (!state) return null;
    const p = readMiniState(state);
    const name = (side: string) => sideName(settings, side);
    const parts = miniEndReport({ state: p, lastEvents: [], sideName: name });
    return {
      partial: 'mini-combat/board',
      model: {
        mapSvg: renderMiniMap({
          position: p,
          view: null,
          sideName: name,
          title: `${game.name}: the whole battlefield`,
          idPrefix: 'board-map',
        }),
        legend: legendOf(p, name, null),
        sheets: parts.sheets ?? [],
      },
    };
  },
  newGame: miniNewGame,
};
