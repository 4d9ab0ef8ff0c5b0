/** Each kind's rules bundled for its page script judge orders exactly as the service does. */
import { describe, expect, it } from 'vitest';
import { kindBundle } from '../../src/web/client-bundle.ts';
import { checkPlotCost, parsePlot } from '../../src/rules/plot.ts';

const load = async <T>(code: string | null): Promise<T> =>
  (await import(`data:text/javascript;base64,${Buffer.from(code ?? '').toString('base64')}`)) as T;

describe('kindBundle', () => {
  it("the tactical battle's: one ES module exporting the plot checks and the map geometry, giving the same answers", async () => {
    const browser = await load<{
      parsePlot: typeof parsePlot;
      checkPlotCost: typeof checkPlotCost;
      followPlot: unknown;
      hexCentre: unknown;
      checkCampaignText?: unknown;
    }>(await kindBundle('msc-tactical'));
    expect(typeof browser.followPlot).toBe('function');
    expect(typeof browser.hexCentre).toBe('function');
    // A kind's bundle holds its own checks only.
    expect(browser.checkCampaignText).toBeUndefined();
    for (const text of ['2L1', 'LL', '1R1', 'x', '11', 'L0L']) expect(browser.parsePlot(text)).toEqual(parsePlot(text));
    const plot = parsePlot('2L1');
    if (plot.ok) expect(browser.checkPlotCost('A', 2, plot.value)).toEqual(checkPlotCost('A', 2, plot.value));
  });

  it("the campaign's: its orders and setup checker (test/web/pages/campaign.test.ts runs it against the service's)", async () => {
    const browser = await load<{ checkCampaignText: unknown; parsePlot?: unknown }>(await kindBundle('msc-strategic'));
    expect(typeof browser.checkCampaignText).toBe('function');
    expect(browser.parsePlot).toBeUndefined();
  });

  it('none for a name that is no kind, however it is spelt', async () => {
    for (const name of ['msc-nothing', '..', '../../../package.json', '%2e%2e'])
      expect(await kindBundle(name)).toBeNull();
  });
});
