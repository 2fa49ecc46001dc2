/**
 * Change notices: triggers in the database tell `lend_changes` about every change to what an
 * order's details answer shows, after commit and in commit order (migration 0013,
 * docs/decisions/099). A process that remembers answers subscribes here to forget them.
 */
export const CHANGE_CHANNEL = 'lend_changes';

export type ChangeSubscriber = {
  /** One notice: `order:<id>`, `product:<id>` or `all`. */
  notice: (payload: string) => void;
  /**
   * Whether every change committed from now on will be told. False while the connection that
   * listens for other processes' changes is down: notices sent meanwhile are lost.
   */
  listening: (on: boolean) => void;
};

export type ChangeNotices = {
  /** Subscribes; the subscriber is told at once whether notices are being received. Returns the unsubscribe. */
  subscribe: (subscriber: ChangeSubscriber) => () => void;
};

/** The subscribers of one database handle, and whether its notices are being received. */
export class ChangeNoticeHub implements ChangeNotices {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private on = false;

  constructor(private readonly onFirstSubscriber: () => void = () => {}) {}

  subscribe(subscriber: ChangeSubscriber): () => void {
    if (this.subscribers.size === 0) this.onFirstSubscriber();
    this.subscribers.add(subscriber);
    subscriber.listening(this.on);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  dispatch(payload: string): void {
    for (const subscriber of this.subscribers) subscriber.notice(payload);
  }

  setListening(on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    for (const subscriber of this.subscribers) subscriber.listening(on);
  }
}
