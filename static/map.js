// The maps' one interaction that needs a script: a tap (or click) on a hex
// names it under the map, for phones, where the hex numbers are hidden.
for (const figure of document.querySelectorAll('figure.map')) {
  const out = figure.querySelector('output.hex-at');
  const svg = figure.querySelector('svg.hex-map');
  if (!out || !svg) continue;
  svg.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-hex]') : null;
    const hex = target?.getAttribute('data-hex');
    if (hex) out.textContent = `Hex ${hex}`;
  });
}
