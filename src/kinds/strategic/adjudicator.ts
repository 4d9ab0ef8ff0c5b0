/** The campaign adjudicator on the command line: `msc campaign resolve|check` (docs/adjudicator-campaign.md). */
import type { KindAdjudicator } from '../kind.ts';

// Loaded by the command that runs it, so that `msc --help` starts at once.
const adjudicator = () => import('../../adjudicator/campaign.ts');

export const strategicAdjudicator: KindAdjudicator = {
  command: 'campaign',
  description: 'the strategic campaign adjudicator: one campaign turn as JSON in, JSON out',
  commands: {
    resolve: {
      description: 'resolve one campaign turn (file, or standard input) and print the result as JSON',
      file: 'campaign file; "-" or none reads standard input',
      load: async () => (await adjudicator()).adjudicateCampaign,
    },
    check: {
      description: "check a campaign document's state and every side's orders without resolving",
      file: 'campaign file; "-" or none reads standard input',
      load: async () => (await adjudicator()).checkCampaignDocument,
    },
  },
};
