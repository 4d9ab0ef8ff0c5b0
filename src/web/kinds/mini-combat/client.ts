/**
 * What Mini Combat's page script (static/kinds/mini-combat/battle.js) needs of
 * the rules, bundled for the browser by src/web/client-bundle.ts: the setup and
 * orders languages' parsers and checks, and the cost formula, run as the
 * service runs them.
 */
export { checkMiniOrders, checkMiniSetup } from './check.ts';
export { hexCentre } from '../../svg/geometry.ts';
