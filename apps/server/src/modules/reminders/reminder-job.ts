import type { ScheduledJob } from '../../scheduled-job';
import { REMINDER_INTERVAL_MS } from '../../config-defaults';
import { runReminders, type ReminderDeps } from './reminder-service';

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
