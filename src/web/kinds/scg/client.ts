/**
 * What the Simple Combat Game's page script (static/kinds/scg/orders.js)
 * needs of the rules, bundled for the browser by src/web/client-bundle.ts: the
 * orders language's parser and checks, run as the service runs them, and
 * what a chosen unit sees and may fire at, by the fire phase's own eligibility.
 */
export { checkScgText, scgSight } from './check.ts';
export { hexCentre } from '../../svg/geometry.ts';
