/**
 * What the borrower typed on a step and has not yet saved, kept in the tab's session storage
 * (docs/decisions/241): a session that ends mid-step sends them to sign in and back, and the step
 * comes back as they left it. Saved steps clear theirs; closing the tab clears all.
 */
const PREFIX = 'lend.onboarding.';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a private mode's quota, a policy): the step simply starts empty.
    return null;
  }
}

/** The step's draft merged over its empty values; a draft of another shape is ignored field by field. */
export function readDraft<T extends Record<string, string>>(step: string, empty: T, store: DraftStorage | null = storage()): T {
  const raw = store?.getItem(PREFIX + step);
  if (!raw) return empty;
  try {
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null) return empty;
    const values = saved as Record<string, unknown>;
    const merged: Record<string, string> = { ...empty };
    for (const key of Object.keys(empty)) {
      const value = values[key];
      if (typeof value === 'string') merged[key] = value;
    }
    return merged as T;
  } catch {
    return empty;
  }
}

export function writeDraft(step: string, values: Record<string, string>, store: DraftStorage | null = storage()): void {
  try {
    store?.setItem(PREFIX + step, JSON.stringify(values));
  } catch {
    // A full storage loses the draft, never the step.
  }
}

export function clearDraft(step: string, store: DraftStorage | null = storage()): void {
  store?.removeItem(PREFIX + step);
}
