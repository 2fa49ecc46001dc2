/**
 * Borrowers whose sessions this process ended, and when. A live session is remembered for a few
 * seconds (docs/decisions/085); one remembered before its borrower's sessions ended is read again.
 * Kept for the recheck interval only, so the map stays small.
 */
const endedAt = new Map<number, number>();

/** Called when the sessions end and again once that is committed, so a read in between is not trusted either. */
export function noteSessionsEnded(borrowerId: number): void {
  endedAt.set(borrowerId, Date.now());
}

export function sessionsEndedSince(borrowerId: number, sinceMs: number, nowMs: number, keepMs: number): boolean {
  const at = endedAt.get(borrowerId);
  if (at === undefined) return false;
  if (nowMs - at > keepMs) {
    endedAt.delete(borrowerId);
    return false;
  }
  return at >= sinceMs;
}
