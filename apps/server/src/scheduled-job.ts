/** One periodic job as every scheduler takes it: what it does and how often (docs/decisions/188). */
export type ScheduledJob = {
  /** Lower-case words and dashes: the metrics label, the runner's queue, the run history's `job`. */
  name: string;
  /** Time from one occurrence to the next. */
  intervalMs: number;
  /** Wait after start before this server first offers an occurrence, so start-up is not slowed by housekeeping. */
  firstRunAfterMs: number;
  /** The work; `stopping` is aborted when the server stops, for a job that can end early between batches. */
  run: (stopping: AbortSignal) => Promise<void>;
  /** Longest a run may take before the runner takes its server for dead and tries again elsewhere; 15 minutes unless set. */
  expireAfterMs?: number;
};
