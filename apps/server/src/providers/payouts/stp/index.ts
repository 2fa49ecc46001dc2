export { readStpConfig, type StpConfig, type StpConfigProblem, type StpEnv } from './stp-config';
export { StpOrderRefused, StpPayouts } from './stp-payouts';
