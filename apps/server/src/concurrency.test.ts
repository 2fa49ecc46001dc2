import { describe, expect, it } from 'vitest';
import { atMostAtOnce, forEachAtMost } from './concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('forEachAtMost', () => {
  it('does every item once, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      done.push(item);
      running -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure and rejects with it once the work in flight has ended', async () => {
    const started: number[] = [];
    let inFlight = 0;
    const run = forEachAtMost([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      inFlight += 1;
      await tick();
      inFlight -= 1;
      if (item === 2) throw new Error('item 2 failed');
    });
    await expect(run).rejects.toThrow('item 2 failed');
    expect(inFlight).toBe(0);
    expect(started).toEqual([1, 2, 3]);
  });

  it('takes items from a generator as it goes', async () => {
    function* ids() {
      for (let id = 0; id < 5; id += 1) yield id;
    }
    const seen: number[] = [];
    await forEachAtMost(ids(), 2, async (id) => {
      seen.push(id);
      await tick();
    });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('atMostAtOnce', () => {
  it('runs at most the limit at once, the rest in the order they came, and a failure frees its place', async () => {
    const gate = atMostAtOnce(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (item: number) => async () => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
      if (item === 2) throw new Error('two fails');
      return item * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((item) => gate(task(item))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([10, 'failed', 30, 40, 50]);
    // Every place is free again: two more start at once.
    running = 0;
    most = 0;
    await Promise.all([gate(task(6)), gate(task(7))]);
    expect(most).toBe(2);
  });
});
