/** The Simple Combat Game adjudicator on the command line: `msc scg resolve|check` (rules-scg.md §18). */
import type { KindAdjudicator } from '../kind.ts';

// Loaded by the command that runs it, so that `msc --help` starts at once.
const scg = () => import('../../adjudicator/scg.ts');

export const scgAdjudicator: KindAdjudicator = {
  command: 'scg',
  description: 'the Simple Combat Game adjudicator: one turn as JSON in, JSON out',
  commands: {
    resolve: {
      description: 'resolve one Simple Combat Game turn (file, or standard input) and print the result as JSON',
      file: 'game file; "-" or none reads standard input',
      load: async () => (await scg()).adjudicateScg,
    },
    check: {
      description: "check a Simple Combat Game document's state and every side's orders without resolving",
      file: 'game file; "-" or none reads standard input',
      load: async () => (await scg()).checkScgDocument,
    },
  },
};
