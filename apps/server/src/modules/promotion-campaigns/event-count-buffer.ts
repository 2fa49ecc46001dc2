import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import type { EventCountKey } from './tracking-repository';

/** How often a process writes the visits and clicks it counted (docs/decisions/206). */
export const EVENT_COUNT_FLUSH_INTERVAL_MS = 1_000;

/**
 * Distinct keys a process holds between two writes. Attributions are whatever a link carries, so
 * past this a key is counted under its day's catch-all attribution, as the database does past its
 * daily bound.
 */
const MAX_PENDING_KEYS = 10_000;

type Pending = { key: EventCountKey; hits: number };

const keyText = (key: EventCountKey) => JSON.stringify([key.day, key.templateId, key.kind, key.clientType, key.userFrom, key.appFrom, key.utmTag]);

/**
 * The landing's visits and Register clicks, counted in this process and written together every
 * second (docs/decisions/206): a crowd opening one campaign link would otherwise queue every call
 * behind one row's lock, and each write would wait for its own commit to reach the disk. A count
 * the database cannot take for now is kept for the next write; one it refuses is logged and left
 * out. A process that is killed loses at most its last second of counts; one that stops writes them.
 */
export class EventCountBuffer {
  private pending = new Map<string, Pending>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (key: EventCountKey, hits: number) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly catchAll: (key: EventCountKey) => EventCountKey,
    private readonly maxPendingKeys = MAX_PENDING_KEYS,
  ) {}

  add(key: EventCountKey, hits = 1): void {
    let text = keyText(key);
    if (!this.pending.has(text) && this.pending.size >= this.maxPendingKeys) {
      key = this.catchAll(key);
      text = keyText(key);
    }
    const entry = this.pending.get(text);
    if (entry) entry.hits += hits;
    else this.pending.set(text, { key, hits });
  }

  /** Writes every count added so far; resolves once they are written (or kept for later). */
  flush(): Promise<void> {
    // Never rejects, so one failed write cannot stop the writes queued after it.
    this.writing = this.writing.then(() => this.writePending()).catch((error: unknown) => this.log.error({ err: error }, 'landing counts not written'));
    return this.writing;
  }

  /** Writes every second until the returned function is called. */
  start(intervalMs = EVENT_COUNT_FLUSH_INTERVAL_MS): () => void {
    const timer = setInterval(() => void this.flush(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    for (const { key, hits } of batch.values()) {
      try {
        await this.write(key, hits);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          this.add(key, hits);
        } else {
          this.log.error({ err: error, templateId: key.templateId, kind: key.kind, hits }, 'landing counts not written');
        }
      }
    }
  }
}
