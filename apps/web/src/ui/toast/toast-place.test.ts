import { describe, expect, it } from 'vitest';
import { toastPlace } from './toast-place';

describe('toastPlace', () => {
  it('shows at the bottom when nothing is in use', () => {
    expect(toastPlace(undefined, 740)).toBe('bottom');
  });

  it('goes to the side of the window with more room than the element in use', () => {
    // A field near the top: the toast goes to the bottom.
    expect(toastPlace({ top: 120, bottom: 164 }, 740)).toBe('bottom');
    // A field in the lower half (or above the keyboard): the toast goes to the top.
    expect(toastPlace({ top: 520, bottom: 564 }, 740)).toBe('top');
    expect(toastPlace({ top: 300, bottom: 344 }, 400)).toBe('top');
    // Scrolled partly out of view above: still the bottom.
    expect(toastPlace({ top: -30, bottom: 14 }, 740)).toBe('bottom');
  });
});
