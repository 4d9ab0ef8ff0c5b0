/** The tactical adjudicator on the command line: `msc resolve` and `msc check` on a position (docs/adjudicator.md). */
import type { KindAdjudicator } from '../kind.ts';

// Loaded by the command that runs it, so that `msc --help` starts at once.
const adjudicator = () => import('../../adjudicator/adjudicate.ts');

export const tacticalAdjudicator: KindAdjudicator = {
  commands: {
    resolve: {
      description:
        'resolve one turn of a JSON position with its orders (file, or standard input) and print the result as JSON',
      file: 'position file; "-" or none reads standard input',
      load: async () => (await adjudicator()).adjudicate,
    },
    check: {
      description:
        'check the orders of a JSON position without resolving; prints the orders as understood, or every error',
      file: 'position file; "-" or none reads standard input',
      load: async () => (await adjudicator()).checkOrders,
    },
  },
};
