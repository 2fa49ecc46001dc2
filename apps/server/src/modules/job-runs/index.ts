export { jobRunOperatorRoutes } from './job-runs-routes';
export { closeAbandonedRuns, recordAttemptEnd, recordAttemptStart, type JobAttempt } from './job-runs-service';
