// A borrower screen's page's inline script (docs/decisions/088): bundled per screen by the build
// (scripts/inline-script.mjs) with the screen's first call as `PREFETCH_PLAN`.
import { prefetchFirstCall, type PrefetchPlan } from './prefetch';

declare const PREFETCH_PLAN: PrefetchPlan;

prefetchFirstCall(PREFETCH_PLAN, location.search);
