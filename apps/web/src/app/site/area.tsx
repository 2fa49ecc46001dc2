/**
 * The site's first script: it holds no React. A prerendered page already shows everything and
 * its links are ordinary page loads, so the page's code is fetched and hydrated only once the
 * visitor shows intent (a pointer moving over the page, a touch, a key, a focus). Page load then runs
 * no script of ours beyond this one; the visitor's first tap waits for hydration at most.
 */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Clicks on buttons that arrive before hydration would do nothing (and a form's submit button
 * would send the form natively): they are held and replayed, in order, once the page is live.
 */
function holdButtonClicks(container: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !container.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
  };
  container.addEventListener('click', hold, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    container.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) button.click();
  };
}

export function mount(container: HTMLElement): void {
  if (container.firstElementChild === null) {
    void import('./hydrate').then(({ renderSite }) => renderSite(container));
    return;
  }
  const release = holdButtonClicks(container);
  // Tells tests and monitors the page waits for the visitor; SiteShell sets it to true when live.
  container.dataset.hydrated = 'false';
  const arm = () => {
    for (const type of INTENT_EVENTS) document.addEventListener(type, start, { capture: true, passive: true });
  };
  const start = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, start, true);
    // A lost connection leaves the page as it is; the visitor's next move tries again.
    void import('./hydrate')
      .then(({ hydrateSite }) => hydrateSite(container, release))
      .catch(arm);
  };
  arm();
}
