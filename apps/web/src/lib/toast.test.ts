import { afterEach, describe, expect, it, vi } from 'vitest';
import { Limits } from '@lend/contracts';
import { createToastStore, toastDuration } from './toast';

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('lasts 3 s by default and never under 300 ms', () => {
    expect(toastDuration(undefined)).toBe(Limits.toastDefaultMs);
    expect(toastDuration(10)).toBe(Limits.toastMinMs);
    expect(toastDuration(0)).toBe(Limits.toastMinMs);
    expect(toastDuration(5000)).toBe(5000);
  });

  it('hides a message after its duration', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    store.show('hello');
    vi.advanceTimersByTime(Limits.toastDefaultMs - 1);
    expect(store.getSnapshot()).toMatchObject({ text: 'hello', kind: 'message' });
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it('keeps a newer toast when an older loading toast ends', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const loading = store.loading('Loading…');
    expect(store.getSnapshot()).toMatchObject({ kind: 'loading' });
    store.show('Failed', 2000);
    loading.hide();
    expect(store.getSnapshot()).toMatchObject({ text: 'Failed' });
  });

  it('does not let an old timer hide a newer message', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show('first', 1000);
    vi.advanceTimersByTime(900);
    store.show('second', 1000);
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot()).toMatchObject({ text: 'second' });
  });
});
