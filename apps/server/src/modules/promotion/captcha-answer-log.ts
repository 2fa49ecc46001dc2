import { PromotionLimits } from '@lend/contracts';

/**
 * Demo mode only: the plain answer of each sid's current captcha, kept in memory for
 * its 2 minutes so tests can pass the captcha through the operator API. The database holds
 * only hashes; outside demo mode this object does not exist.
 */
export class CaptchaAnswerLog {
  private readonly answers = new Map<string, { answer: string; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  record(sidHash: string, answer: string): void {
    const now = this.now();
    for (const [key, entry] of this.answers) if (entry.expiresAt <= now) this.answers.delete(key);
    this.answers.set(sidHash, { answer, expiresAt: now + PromotionLimits.captchaTtlMs });
  }

  forget(sidHash: string): void {
    this.answers.delete(sidHash);
  }

  answerFor(sidHash: string): string | undefined {
    const entry = this.answers.get(sidHash);
    return entry && entry.expiresAt > this.now() ? entry.answer : undefined;
  }
}
