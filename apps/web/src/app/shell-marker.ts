/**
 * Set on `#root` when the page's HTML carries a screen's frame (scripts/borrower-shells.mjs):
 * the frame stays on screen until the screen itself renders in its place.
 */
export const SHELL_MARKER = 'data-shell';

/**
 * Set on `#root` (beside the frame marker) when the server rendered the screen itself with its
 * data (apps/server/src/web/borrower-shells.ts): the browser hydrates that markup.
 */
export const SCREEN_MARKER = 'data-screen';
