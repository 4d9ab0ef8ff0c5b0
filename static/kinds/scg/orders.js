// The Simple Combat Game's order form, enhanced: the text is checked as it is typed by the orders language's own
// parser and the rules' checks (/static/kinds/scg/rules.js is src/web/kinds/scg/client.ts bundled), against the game
// the page carries — nothing in it is hidden. Without this script the form works the same; the service checks
// everything again. It also shows what a chosen unit of the side can see and fire at.
import { checkScgText, hexCentre, scgSight } from '/static/kinds/scg/rules.js';

const data = document.getElementById('scg-check-data');
const text = document.getElementById('orders-text');
const out = document.getElementById('orders-check');

if (data && text && out) {
  const game = JSON.parse(data.textContent);
  // The text is checked once the player has changed it: an untouched box — empty, or holding the block the page
  // filled in — shows no error before anything is typed (only that it would be accepted, when it would).
  const run = (touched) => {
    const problems = checkScgText(text.value, game);
    out.replaceChildren();
    if (problems.length === 0) {
      out.className = 'orders-check ok';
      out.textContent = 'These orders would be accepted.';
      text.setAttribute('aria-invalid', 'false');
      return;
    }
    if (!touched) {
      out.className = 'orders-check';
      text.removeAttribute('aria-invalid');
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
  };
  text.addEventListener('input', () => run(true));
  run(false);
}

// What one of the side's units sees: choosing it on the board (focus, click or tap) draws a line to every enemy in
// play — by the rules' own line of sight, range and eligibility (rules-scg.md §3.2, §9.3) — and says it in words for a
// screen reader. Escape lets it go.
const SVG = 'http://www.w3.org/2000/svg';
const sightData = document.getElementById('scg-sight-data');
const sightOut = document.getElementById('scg-sight');
const board = document.getElementById('scg-map');
const layer = board?.querySelector('g.sight');
const LOOK = {
  fire: { stroke: '#0b5cad', width: 3, dash: null, words: 'can fire' },
  indirect: { stroke: '#0b5cad', width: 2, dash: '10 5', words: 'indirect fire only' },
  'out-of-range': { stroke: '#6b6b6b', width: 2, dash: '2 4', words: 'in sight, out of reach' },
  blocked: { stroke: '#b00020', width: 1.5, dash: '5 4', words: 'no line of sight' },
};

if (sightData && sightOut && board && layer) {
  const { state } = JSON.parse(sightData.textContent);
  const centreOf = (name) => hexCentre(Number(name.slice(0, 2)), Number(name.slice(2, 4)));
  const line = (from, to, look) => {
    const el = document.createElementNS(SVG, 'line');
    el.setAttribute('x1', from.x);
    el.setAttribute('y1', from.y);
    el.setAttribute('x2', to.x);
    el.setAttribute('y2', to.y);
    el.setAttribute('stroke', look.stroke);
    el.setAttribute('stroke-width', look.width);
    if (look.dash) el.setAttribute('stroke-dasharray', look.dash);
    return el;
  };
  const clear = () => {
    layer.replaceChildren();
    for (const u of board.querySelectorAll('g.unit.own.selected')) u.classList.remove('selected');
  };
  const choose = (g) => {
    const id = g.dataset.unit;
    const seen = scgSight(state, id);
    clear();
    if (!seen) return;
    g.classList.add('selected');
    const from = centreOf(g.dataset.hex);
    for (const l of seen.lines) {
      const look = LOOK[l.status];
      const to = centreOf(l.hex);
      const mark = document.createElementNS(SVG, 'g');
      mark.setAttribute('class', `sight-line ${l.status}`);
      mark.dataset.enemy = l.enemy;
      mark.dataset.status = l.status;
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `${id} to ${l.enemy}: ${l.distance} hexes, ${l.range === null ? 'beyond range 6' : `range ${l.range}`}, ${look.words}`;
      mark.append(title, line(from, to, look));
      if (l.status === 'blocked') {
        mark.append(
          line({ x: to.x - 7, y: to.y - 7 }, { x: to.x + 7, y: to.y + 7 }, { ...look, width: 3, dash: null }),
        );
        mark.append(
          line({ x: to.x - 7, y: to.y + 7 }, { x: to.x + 7, y: to.y - 7 }, { ...look, width: 3, dash: null }),
        );
      }
      layer.append(mark);
    }
    sightOut.textContent = seen.summary;
  };
  for (const g of board.querySelectorAll('g.unit.own')) {
    g.addEventListener('focus', () => choose(g));
    g.addEventListener('click', () => choose(g));
    g.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      clear();
      sightOut.textContent = 'No unit chosen.';
    });
  }
}

// The answer to what was just sent stands beside the form: it takes the focus, so that a screen reader reads it.
const result = document.getElementById('orders-result');
if (result) {
  result.focus({ preventScroll: true });
  result.scrollIntoView({ block: 'center' });
}
