// A borrower screen's page's inline script (docs/decisions/088): bundled per screen by the build
// (scripts/inline-script.mjs) with the screen's first calls as `PREFETCH_PLANS`.
import { prefetchFirstCall, type PrefetchPlan } from './prefetch';

declare const PREFETCH_PLANS: readonly PrefetchPlan[];

prefetchFirstCall(PREFETCH_PLANS, location.search);
