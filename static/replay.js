// The replay stepper from the keyboard: ← and → follow the page's previous
// and next links (which work without this script), unless a field has focus.
document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
    return;
  const step = event.key === 'ArrowLeft' ? 'prev' : event.key === 'ArrowRight' ? 'next' : null;
  const link = step && document.querySelector(`.stepper a[data-step="${step}"]`);
  if (link instanceof HTMLAnchorElement) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});
