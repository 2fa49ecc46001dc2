import type { ScheduledJob } from '../../jobs/job-scheduler';
import { runReminders, type ReminderDeps } from './reminder-service';

/** Default time between passes (REMINDER_INTERVAL_MS): a reminder waits at most this long once its window opens. */
export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** The borrower reminders every `intervalMs` from a minute after start (docs/decisions/094). */
export function reminderJob(deps: ReminderDeps, intervalMs = REMINDER_INTERVAL_MS): ScheduledJob {
  return {
    name: 'reminders',
    intervalMs,
    firstRunAfterMs: Math.min(intervalMs, 60_000),
    run: async () => {
      const { sent, failed } = await runReminders(deps, new Date());
      if (failed > 0 || Object.values(sent).some((count) => count > 0)) deps.log.info({ sent, failed }, 'reminders sent');
    },
  };
}
