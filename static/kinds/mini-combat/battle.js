// Mini Combat's forms, enhanced. While the sides send their army lists: each design's cost and its working, each
// unit's cost and the total against the side's points, computed as they are typed by the service's own code
// (/static/kinds/mini-combat/rules.js is src/web/kinds/mini-combat/client.ts bundled), the placed elements drawn on
// the map, and the ready designs added with a button. During the battle: the orders checked as they are typed, and
// each unit's path drawn on the map. The page gives the script only its side's view. Without the script the forms
// work the same; the service checks everything again.
import { checkMiniOrders, checkMiniSetup, hexCentre } from '/static/kinds/mini-combat/rules.js';

const SVG = 'http://www.w3.org/2000/svg';
const data = document.getElementById('mini-check-data');
const text = document.getElementById('orders-text');
const out = document.getElementById('orders-check');
const costs = document.getElementById('army-costs');
const layer = document.querySelector('#mini-map g.preview');

const centreOf = (name) => hexCentre(Number(name.slice(0, 2)), Number(name.slice(2, 4)));

function cell(row, tag, value) {
  const el = document.createElement(tag);
  el.textContent = String(value);
  if (tag === 'th') el.scope = 'row';
  row.append(el);
}

function showProblems(problems) {
  out.replaceChildren();
  if (problems.length === 0) {
    out.className = 'orders-check ok';
    out.textContent = 'This would be accepted.';
    text.setAttribute('aria-invalid', 'false');
    return;
  }
  out.className = 'orders-check bad';
  const list = document.createElement('ul');
  for (const p of problems) {
    const li = document.createElement('li');
    li.textContent = p.line === null ? `${p.code}: ${p.message}` : `line ${p.line}: ${p.code}: ${p.message}`;
    list.append(li);
  }
  out.append(list);
  text.setAttribute('aria-invalid', 'true');
}

function showCosts(result) {
  costs.replaceChildren();
  const table = document.createElement('table');
  table.className = 'army-costs';
  const caption = document.createElement('caption');
  caption.textContent = 'Each design’s cost and its working (rules §11)';
  table.append(caption);
  const head = document.createElement('tr');
  for (const h of ['Design', 'Points', 'Working']) cell(head, 'th', h);
  for (const th of head.children) th.scope = 'col';
  table.append(head);
  for (const d of result.designs) {
    const row = document.createElement('tr');
    cell(row, 'th', d.name);
    cell(row, 'td', d.cost);
    cell(row, 'td', d.working);
    table.append(row);
  }
  const units = document.createElement('p');
  units.textContent =
    result.units.length === 0
      ? 'No unit yet.'
      : `Units: ${result.units.map((u) => `${u.id} (${u.elements} element${u.elements === 1 ? '' : 's'}, ${u.cost})`).join(', ')}.`;
  const total = document.createElement('p');
  total.className = result.points !== null && result.total > result.points ? 'over-budget' : 'budget';
  total.textContent = `Total: ${result.total} of your ${result.points ?? '?'} points${result.points !== null && result.total > result.points ? ' — over!' : ''}.`;
  costs.append(table, units, total);
}

function mark(hex, label) {
  const c = centreOf(hex);
  const g = document.createElementNS(SVG, 'g');
  const circle = document.createElementNS(SVG, 'circle');
  circle.setAttribute('cx', c.x);
  circle.setAttribute('cy', c.y);
  circle.setAttribute('r', 9);
  circle.setAttribute('fill', 'none');
  circle.setAttribute('stroke', '#0b5cad');
  circle.setAttribute('stroke-width', 2);
  circle.setAttribute('stroke-dasharray', '3 2');
  const t = document.createElementNS(SVG, 'title');
  t.textContent = label;
  g.append(t, circle);
  return g;
}

function path(hexes, label) {
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', hexes.map((h) => `${centreOf(h).x},${centreOf(h).y}`).join(' '));
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', '#0b5cad');
  line.setAttribute('stroke-width', 3);
  line.setAttribute('stroke-dasharray', '6 4');
  const t = document.createElementNS(SVG, 'title');
  t.textContent = label;
  line.append(t);
  return line;
}

if (data && text && out) {
  const game = JSON.parse(data.textContent);
  const setup = game.turn === 0;
  const run = (typed) => {
    if (setup) {
      const result = checkMiniSetup(text.value, game);
      if (costs) showCosts(result);
      if (typed) showProblems(result.problems);
      layer?.replaceChildren(...result.placed.map((p) => mark(p.hex, `${p.element} of unit ${p.unit} at ${p.hex}`)));
    } else {
      const result = checkMiniOrders(text.value, game);
      if (typed) showProblems(result.problems);
      layer?.replaceChildren(...result.paths.map((p) => path(p.hexes, `unit ${p.unit}: ${p.hexes.join(' ')}`)));
    }
  };
  text.addEventListener('input', () => run(true));
  // Nothing is judged before the player types: the block as sent is the service's own.
  run(false);

  for (const button of document.querySelectorAll('button[data-design-line]')) {
    button.addEventListener('click', () => {
      const lines = text.value.split('\n');
      const end = lines.findIndex((l) => /^\s*END\s*$/i.test(l));
      const at = end === -1 ? lines.length : end;
      lines.splice(at, 0, button.dataset.designLine);
      text.value = lines.join('\n');
      run(true);
      text.focus();
    });
  }
}
