/**
 * A frame the page paints outside `#root` before any module has loaded (the promotion landing's,
 * on the site root's page: docs/decisions/098). It stands for the screen until the area's first
 * render, which removes it in the same task, so no paint shows both.
 */
export const PAGE_FRAME_ID = 'page-frame';
/** Set on `<html>` while the frame is shown: the page's CSS shows it then only. */
export const PAGE_FRAME_MARKER = 'data-page-frame';

export function removePageFrame(): void {
  document.getElementById(PAGE_FRAME_ID)?.remove();
  document.documentElement.removeAttribute(PAGE_FRAME_MARKER);
}
