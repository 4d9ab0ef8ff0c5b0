// The Simple Combat Game's order form, enhanced: the text is checked as it is typed by the orders language's own
// parser and the rules' checks (/static/kinds/scg/rules.js is src/web/kinds/scg/client.ts bundled), against the game
// the page carries — nothing in it is hidden. Without this script the form works the same; the service checks
// everything again.
import { checkScgText } from '/static/kinds/scg/rules.js';

const data = document.getElementById('scg-check-data');
const text = document.getElementById('orders-text');
const out = document.getElementById('orders-check');

if (data && text && out) {
  const game = JSON.parse(data.textContent);
  const run = () => {
    const problems = checkScgText(text.value, game);
    out.replaceChildren();
    if (problems.length === 0) {
      out.className = 'orders-check ok';
      out.textContent = 'These orders would be accepted.';
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
  };
  text.addEventListener('input', run);
  run();
}

// The answer to what was just sent stands beside the form: it takes the focus, so that a screen reader reads it.
const result = document.getElementById('orders-result');
if (result) {
  result.focus({ preventScroll: true });
  result.scrollIntoView({ block: 'center' });
}
