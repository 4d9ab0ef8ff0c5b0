/**
 * What the Simple Combat Game's page script (static/kinds/scg/orders.js)
 * needs of the rules, bundled for the browser by src/web/client-bundle.ts: the
 * orders language's parser and checks, run as the service runs them.
 */
export { checkScgText } from './check.ts';
