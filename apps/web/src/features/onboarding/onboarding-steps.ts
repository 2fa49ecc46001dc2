import { CERTIFICATION_STEPS, type CertificationInfo, type CertificationStep } from '@lend/contracts';

/** The end of the journey: every step saved. */
export const DONE = 'done';
export type OnboardingPlace = CertificationStep | typeof DONE;

/** The step the address names, else where the borrower left off: the first step still missing, or the end. */
export function placeOf(asked: string | null, info: CertificationInfo): OnboardingPlace {
  const step = CERTIFICATION_STEPS.find((candidate) => candidate === asked);
  if (step) return step;
  if (asked === DONE && info.complete) return DONE;
  return info.missing[0] ?? DONE;
}

/** Where to go once `saved` is saved: the next missing step after it, else any missing before it, else the end. */
export function nextPlace(saved: CertificationStep, info: CertificationInfo): OnboardingPlace {
  const after = CERTIFICATION_STEPS.slice(CERTIFICATION_STEPS.indexOf(saved) + 1);
  return after.find((step) => info.missing.includes(step)) ?? info.missing[0] ?? DONE;
}
