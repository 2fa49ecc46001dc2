/** Where a toast shows: at the top or the bottom of the window. */
export type ToastPlace = 'top' | 'bottom';

/** The part of the window the element in use takes, in window pixels. */
export type FocusBox = { top: number; bottom: number };

/**
 * A toast never covers the element in use (a field being typed in, the button just pressed): it
 * shows at the bottom of the window, unless that element has more room above it than below it,
 * where the toast then goes (docs/decisions/234). With nothing in use, the bottom.
 */
export function toastPlace(focus: FocusBox | undefined, windowHeight: number): ToastPlace {
  if (!focus) return 'bottom';
  const above = Math.max(0, focus.top);
  const below = Math.max(0, windowHeight - focus.bottom);
  return below >= above ? 'bottom' : 'top';
}

/** The box of the element in use, if any element other than the page itself has focus. */
export function focusBox(): FocusBox | undefined {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return undefined;
  const box = active.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return undefined;
  return { top: box.top, bottom: box.bottom };
}

/** The height of the window the borrower sees: the on-screen keyboard takes the rest. */
export function visibleHeight(): number {
  return window.visualViewport?.height ?? window.innerHeight;
}
