/** Gap kept between the service icon and the top and bottom edges of the window. */
export const EDGE_GAP = 8;
/** How far one arrow key press moves the icon. */
export const KEY_STEP = 24;
/** A pointer that moves less than this is a tap (follow the link), not a drag. */
export const DRAG_THRESHOLD = 6;

/** Keeps the icon whole on screen: between the gaps at the top and bottom of the window. */
export function clampTop(top: number, size: number, viewportHeight: number): number {
  const lowest = Math.max(EDGE_GAP, viewportHeight - size - EDGE_GAP);
  return Math.min(Math.max(top, EDGE_GAP), lowest);
}

/** Where a key moves the focused icon, or null for a key that does not move it. */
export function keyedTop(key: string, top: number, size: number, viewportHeight: number): number | null {
  switch (key) {
    case 'ArrowUp':
      return clampTop(top - KEY_STEP, size, viewportHeight);
    case 'ArrowDown':
      return clampTop(top + KEY_STEP, size, viewportHeight);
    case 'Home':
      return clampTop(0, size, viewportHeight);
    case 'End':
      return clampTop(viewportHeight, size, viewportHeight);
    default:
      return null;
  }
}
