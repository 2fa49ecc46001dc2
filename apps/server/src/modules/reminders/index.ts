/** SMS reminders to borrowers: due dates and account events, within each market's sending hours. */
export { reminderJob } from './reminder-job';
export { reminderOperatorRoutes } from './reminder-routes';
export { REMINDER_PAGE_SIZE, RETRY_AFTER_MS, runReminders } from './reminder-service';
