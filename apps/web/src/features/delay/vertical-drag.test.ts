import { describe, expect, it } from 'vitest';
import { clampTop, EDGE_GAP, KEY_STEP, keyedTop } from './vertical-drag';

describe('the service icon position', () => {
  it('always keeps the whole icon inside the window, wherever it is dropped', () => {
    for (const height of [320, 568, 740, 1024]) {
      for (const size of [40, 56, 72]) {
        for (let top = -2000; top <= 3000; top += 37) {
          const kept = clampTop(top, size, height);
          expect(kept).toBeGreaterThanOrEqual(EDGE_GAP);
          expect(kept + size).toBeLessThanOrEqual(height - EDGE_GAP);
        }
      }
    }
  });

  it('leaves a position that is already on screen where it is', () => {
    expect(clampTop(300, 56, 740)).toBe(300);
  });

  it('moves one step per arrow key and stops at the edges', () => {
    expect(keyedTop('ArrowUp', 300, 56, 740)).toBe(300 - KEY_STEP);
    expect(keyedTop('ArrowDown', 300, 56, 740)).toBe(300 + KEY_STEP);
    expect(keyedTop('ArrowUp', EDGE_GAP, 56, 740)).toBe(EDGE_GAP);
    expect(keyedTop('ArrowDown', 740 - 56 - EDGE_GAP, 56, 740)).toBe(740 - 56 - EDGE_GAP);
    expect(keyedTop('Home', 300, 56, 740)).toBe(EDGE_GAP);
    expect(keyedTop('End', 300, 56, 740)).toBe(740 - 56 - EDGE_GAP);
  });

  it('ignores other keys, so Enter still follows the link', () => {
    expect(keyedTop('Enter', 300, 56, 740)).toBeNull();
    expect(keyedTop('ArrowLeft', 300, 56, 740)).toBeNull();
  });
});
