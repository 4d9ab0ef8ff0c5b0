// The campaign's setup and order form, enhanced: the text is checked as it is typed by the rules' own parser and
// checker (/static/rules.js is src/rules bundled), against the side's own view the page carries — never more than
// the service shows this side. Without this script the form works the same; the service checks everything again.
import { checkCampaignText } from '/static/kinds/msc-strategic/rules.js';

const data = document.getElementById('campaign-check-data');
const text = document.getElementById('orders-text');
const out = document.getElementById('orders-check');

if (data && text && out) {
  const view = JSON.parse(data.textContent);
  // The text is checked once the player has changed it: an untouched box — empty, or holding the block the page
  // filled in — shows no error before anything is typed (only that it would be accepted, when it would).
  const run = (touched) => {
    const problems = checkCampaignText(text.value, view);
    out.replaceChildren();
    if (problems.length === 0) {
      out.className = 'orders-check ok';
      out.textContent = view.budget === null ? 'These orders would be accepted.' : 'This setup would be accepted.';
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
      li.textContent = p.line === null ? p.message : `line ${p.line}: ${p.message}`;
      list.append(li);
    }
    out.append(list);
    text.setAttribute('aria-invalid', 'true');
  };
  text.addEventListener('input', () => run(true));
  run(false);
}

// A fleet of the side's own keeps showing its reach once chosen (a click, Enter or Space), while the orders are typed;
// choosing it again, or another, lets it go. Hover and focus show it without this script.
const fleets = document.querySelectorAll('#campaign-map g.fleet.movable');
for (const fleet of fleets) {
  const choose = () => {
    const was = fleet.classList.contains('selected');
    for (const f of fleets) f.classList.remove('selected');
    if (!was) fleet.classList.add('selected');
  };
  fleet.addEventListener('click', choose);
  fleet.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose();
  });
}

// The answer to what was just sent stands beside the form: it takes the focus, so that a screen reader reads it.
const result = document.getElementById('orders-result');
if (result) {
  result.focus({ preventScroll: true });
  result.scrollIntoView({ block: 'center' });
}
