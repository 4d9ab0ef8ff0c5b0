/**
 * What the tactical battle's page script (static/kinds/msc-tactical/orders.js)
 * needs of the rules, bundled for the browser by src/web/client-bundle.ts: the
 * very functions the service checks orders with, so a plot is judged as it is
 * typed exactly as it will be on submission, and the map geometry the server
 * draws with.
 */
export { checkPlotCost, checkSpeed, formatPlot, parsePlot, plotCost, speedRange } from '../../../rules/plot.ts';
export { followPlot } from '../../../rules/movement.ts';
export { formatHex, parseHex } from '../../../rules/hex.ts';
export { hexCentre, towards } from '../../svg/geometry.ts';
