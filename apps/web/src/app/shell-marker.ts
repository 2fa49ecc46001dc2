/**
 * Set on `#root` when the page's HTML carries a screen's frame (scripts/borrower-shells.mjs):
 * the frame stays on screen until the screen itself renders in its place.
 */
export const SHELL_MARKER = 'data-shell';
