// The order form, enhanced: each ship's plot is checked as it is typed, with
// the rules the service itself uses (/static/rules.js is src/rules, bundled),
// and its path is drawn on the map. Without this script the form works the
// same; the service checks everything again on submission.
import {
  checkPlotCost,
  followPlot,
  formatHex,
  hexCentre,
  parseHex,
  parsePlot,
  towards,
} from '/static/kinds/msc-tactical/rules.js';

const SVG = 'http://www.w3.org/2000/svg';

function mapOf(fieldset) {
  const svg = document.getElementById(fieldset.dataset.map || 'game-map');
  if (!svg) return null;
  return {
    svg,
    layer: svg.querySelector('.live-paths'),
    size: { width: Number(svg.dataset.mapWidth), height: Number(svg.dataset.mapHeight) },
    arrow: svg.querySelector('.live-paths')?.dataset.arrow,
  };
}

function clearPath(map, ship) {
  map?.layer?.querySelectorAll('[data-ship]').forEach((el) => {
    if (el.dataset.ship === ship) el.remove();
  });
}

function drawPath(map, ship, start, moved) {
  clearPath(map, ship);
  if (!map?.layer) return;
  // The path drawn by the server for the orders in gives way to the one being typed.
  map.svg.querySelectorAll('.plot-paths [data-ship]').forEach((el) => {
    if (el.dataset.ship === ship) el.remove();
  });
  const points = [start, ...moved.path].map((h) => hexCentre(h.col, h.row));
  const g = document.createElementNS(SVG, 'g');
  g.dataset.ship = ship;
  g.setAttribute('class', 'plot-path live');
  const title = document.createElementNS(SVG, 'title');
  title.textContent = `plot of ${ship}: ${moved.path.map(formatHex).join(' ') || 'stays'}`;
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', points.map((p) => `${p.x},${p.y}`).join(' '));
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', '#0b5cad');
  line.setAttribute('stroke-width', '3');
  line.setAttribute('stroke-dasharray', '6 4');
  const end = points[points.length - 1];
  const tip = towards(end, moved.facing, 14);
  const arrow = document.createElementNS(SVG, 'line');
  arrow.setAttribute('x1', end.x);
  arrow.setAttribute('y1', end.y);
  arrow.setAttribute('x2', tip.x);
  arrow.setAttribute('y2', tip.y);
  arrow.setAttribute('stroke', '#0b5cad');
  arrow.setAttribute('stroke-width', '3');
  if (map.arrow) arrow.setAttribute('marker-end', `url(#${map.arrow})`);
  g.append(title, line, arrow);
  map.layer.append(g);
}

// `touched`: the player has changed the ship's plot or speed. Until then a plot the page filled in shows no error.
function check(fieldset, touched) {
  const ship = fieldset.dataset.ship;
  const move = fieldset.querySelector('input[name="move"]');
  const speed = fieldset.querySelector('select[name="speed"]');
  const out = fieldset.querySelector('output.plot-check');
  const map = mapOf(fieldset);
  const hex = parseHex(fieldset.dataset.hex);
  if (!move || !speed || !out || !hex.ok) return;
  const say = (text, ok) => {
    if (!ok && !touched) {
      out.textContent = '';
      out.className = 'plot-check';
      move.removeAttribute('aria-invalid');
      return;
    }
    out.textContent = text;
    out.className = `plot-check ${ok ? 'ok' : 'bad'}`;
    move.setAttribute('aria-invalid', ok ? 'false' : 'true');
  };
  const text = move.value.trim();
  const plot = parsePlot(text === '' ? '0' : text);
  if (!plot.ok) {
    clearPath(map, ship);
    say(plot.error.message, false);
    return;
  }
  const cost = checkPlotCost(ship, Number(speed.value), plot.value);
  const moved = followPlot(
    { hex: hex.value, facing: fieldset.dataset.facing },
    plot.value,
    map?.size ?? { width: 99, height: 99 },
  );
  drawPath(map, ship, hex.value, moved);
  if (!cost.ok) {
    say(cost.error.message, false);
    return;
  }
  say(
    moved.leftMap
      ? `flies off the map from ${formatHex(moved.hex)}: the ship disengages`
      : `ends in ${formatHex(moved.hex)} facing ${moved.facing}`,
    true,
  );
}

for (const fieldset of document.querySelectorAll('fieldset.ship-orders')) {
  const run = () => check(fieldset, true);
  fieldset.querySelector('input[name="move"]')?.addEventListener('input', run);
  fieldset.querySelector('select[name="speed"]')?.addEventListener('change', run);
  check(fieldset, false);
}

// The answer to orders just sent stands beside the form: it takes the focus, so that a screen reader reads it and a
// phone shows it, wherever the page was scrolled.
const result = document.getElementById('orders-result');
if (result) {
  result.focus({ preventScroll: true });
  result.scrollIntoView({ block: 'center' });
}
