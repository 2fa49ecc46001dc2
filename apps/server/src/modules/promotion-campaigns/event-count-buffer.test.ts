import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../../db/client';
import { EventCountBuffer } from './event-count-buffer';
import type { EventCountKey } from './tracking-repository';

const key = (utmTag: string, kind: EventCountKey['kind'] = 'visit'): EventCountKey => ({
  day: '2026-11-27',
  templateId: 1,
  kind,
  clientType: 'android',
  userFrom: 'fb',
  appFrom: 'landing',
  utmTag,
});
const catchAll = (of: EventCountKey): EventCountKey => ({ ...of, userFrom: '*', appFrom: '*', utmTag: '*' });

function silentLog() {
  return { error: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
}

/** A buffer whose writes land in `written` (utm tag and kind → hits), failing as `fail` says. */
function buffer(options: { maxKeys?: number; fail?: (key: EventCountKey) => Error | undefined } = {}) {
  const written = new Map<string, number>();
  const log = silentLog();
  const counts = new EventCountBuffer(
    async (of, hits) => {
      const failure = options.fail?.(of);
      if (failure) throw failure;
      const name = `${of.utmTag} ${of.kind}`;
      written.set(name, (written.get(name) ?? 0) + hits);
    },
    log,
    catchAll,
    options.maxKeys,
  );
  return { counts, written, log };
}

describe('EventCountBuffer', () => {
  it('writes each key once with its hits, and nothing when nothing was counted', async () => {
    const { counts, written } = buffer();
    for (let i = 0; i < 5; i += 1) counts.add(key('spring'));
    counts.add(key('spring', 'click'));
    counts.add(key('autumn'));
    await counts.flush();
    expect(Object.fromEntries(written)).toEqual({ 'spring visit': 5, 'spring click': 1, 'autumn visit': 1 });
    await counts.flush();
    expect(Object.fromEntries(written)).toEqual({ 'spring visit': 5, 'spring click': 1, 'autumn visit': 1 });
  });

  it('counts keys past its bound under the catch-all attribution', async () => {
    const { counts, written } = buffer({ maxKeys: 2 });
    for (const tag of ['a', 'b', 'c', 'd', 'a']) counts.add(key(tag));
    await counts.flush();
    expect(Object.fromEntries(written)).toEqual({ 'a visit': 2, 'b visit': 1, '* visit': 2 });
  });

  it('keeps the counts a database it cannot reach did not take, for the next write', async () => {
    let reachable = false;
    const { counts, written } = buffer({ fail: () => (reachable ? undefined : new DatabaseUnavailableError('down')) });
    counts.add(key('spring'));
    counts.add(key('spring'));
    await counts.flush();
    expect(written.size).toBe(0);
    counts.add(key('spring'));
    reachable = true;
    await counts.flush();
    expect(Object.fromEntries(written)).toEqual({ 'spring visit': 3 });
  });

  it('logs and leaves out a count the database refuses, writing the others', async () => {
    const { counts, written, log } = buffer({ fail: (of) => (of.utmTag === 'bad' ? new Error('value too long') : undefined) });
    counts.add(key('bad'));
    counts.add(key('good'));
    await counts.flush();
    await counts.flush();
    expect(Object.fromEntries(written)).toEqual({ 'good visit': 1 });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('writes one flush after the other, so a count is never written twice', async () => {
    const { counts, written } = buffer();
    counts.add(key('spring'));
    const first = counts.flush();
    counts.add(key('spring'));
    await Promise.all([first, counts.flush(), counts.flush()]);
    expect(Object.fromEntries(written)).toEqual({ 'spring visit': 2 });
  });
});
