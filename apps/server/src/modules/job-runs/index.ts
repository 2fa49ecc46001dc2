export { jobRunOperatorRoutes } from './job-runs-routes';
export { closeAbandonedRuns, recordAttemptEnd, recordAttemptStart, removeRunsStartedBefore, type JobAttempt } from './job-runs-service';
