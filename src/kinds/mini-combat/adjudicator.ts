/** The Mini Combat adjudicator on the command line: `msc mini resolve|check|cost` (rules-mini-combat.md §22). */
import type { KindAdjudicator } from '../kind.ts';

// Loaded by the command that runs it, so that `msc --help` starts at once.
const miniCombat = () => import('../../adjudicator/mini-combat.ts');

export const miniAdjudicator: KindAdjudicator = {
  command: 'mini',
  description: 'Mini Combat: JSON in, JSON out (rules-mini-combat.md §22)',
  commands: {
    resolve: {
      description: 'resolve one Mini Combat turn (file, or standard input) and print the result as JSON',
      file: 'position file with orders and dice or seed; "-" or none reads standard input',
      load: async () => (await miniCombat()).miniResolve,
    },
    cost: {
      description:
        'print the point cost of each element design, or of each element and unit of a position, with its working',
      file: 'designs {"elements": [...]} or a position file; "-" or none reads standard input',
      load: async () => (await miniCombat()).miniCost,
    },
    check: {
      description:
        "check a Mini Combat position and both sides' orders without resolving; prints the orders as understood",
      file: 'position file; "-" or none reads standard input',
      load: async () => (await miniCombat()).miniCheck,
    },
  },
};
