export { jobRunOperatorRoutes } from './job-runs-routes';
export { recordAttemptEnd, recordAttemptStart, type JobAttempt } from './job-runs-service';
