/** The rules bundled for the page script judge a plot exactly as the service does. */
import { describe, expect, it } from 'vitest';
import { rulesBundle } from '../../src/web/client-bundle.ts';
import { checkPlotCost, parsePlot } from '../../src/rules/plot.ts';

describe('rulesBundle', () => {
  it('is one ES module exporting the plot checks and the map geometry, giving the same answers', async () => {
    const code = await rulesBundle();
    const browser = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      parsePlot: typeof parsePlot;
      checkPlotCost: typeof checkPlotCost;
      followPlot: unknown;
      hexCentre: unknown;
      checkCampaignText: unknown;
    };
    expect(typeof browser.followPlot).toBe('function');
    expect(typeof browser.hexCentre).toBe('function');
    // The campaign's orders and setup are checked by the same code in the page (test/web/pages/campaign.test.ts).
    expect(typeof browser.checkCampaignText).toBe('function');
    for (const text of ['2L1', 'LL', '1R1', 'x', '11', 'L0L']) expect(browser.parsePlot(text)).toEqual(parsePlot(text));
    const plot = parsePlot('2L1');
    if (plot.ok) expect(browser.checkPlotCost('A', 2, plot.value)).toEqual(checkPlotCost('A', 2, plot.value));
  });
});
