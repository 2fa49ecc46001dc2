import { PromotionLimits } from '@lend/contracts';

/**
 * Demo mode only: the plain answer of each sid's current captcha, kept for its 2 minutes so tests
 * can pass the captcha through the operator API. The database holds only hashes; outside demo
 * mode none exists. In memory, or in Redis when REDIS_URL is set, so that behind a balancer the
 * server asked for the answer knows what another one drew (docs/decisions/194).
 */
export interface CaptchaAnswers {
  record(sidHash: string, answer: string): Promise<void>;
  forget(sidHash: string): Promise<void>;
  answerFor(sidHash: string): Promise<string | undefined>;
}

/** This process's answers. */
export class CaptchaAnswerLog implements CaptchaAnswers {
  private readonly answers = new Map<string, { answer: string; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  async record(sidHash: string, answer: string): Promise<void> {
    const now = this.now();
    for (const [key, entry] of this.answers) if (entry.expiresAt <= now) this.answers.delete(key);
    this.answers.set(sidHash, { answer, expiresAt: now + PromotionLimits.captchaTtlMs });
  }

  async forget(sidHash: string): Promise<void> {
    this.answers.delete(sidHash);
  }

  async answerFor(sidHash: string): Promise<string | undefined> {
    const entry = this.answers.get(sidHash);
    return entry && entry.expiresAt > this.now() ? entry.answer : undefined;
  }
}

type RedisLike = {
  set: (key: string, value: string, mode: 'PX', ms: number) => Promise<unknown>;
  get: (key: string) => Promise<string | null>;
  del: (key: string) => Promise<unknown>;
  disconnect: () => void;
};

/**
 * Every process's answers, in Redis, and this process's own beside them: a test aid, so a Redis
 * that fails loses other processes' answers, never this one's, nor a request.
 */
class RedisCaptchaAnswers implements CaptchaAnswers {
  constructor(
    private readonly redis: RedisLike,
    private readonly local: CaptchaAnswers,
  ) {}

  private key(sidHash: string): string {
    return `lend:demo-captcha:${sidHash}`;
  }

  async record(sidHash: string, answer: string): Promise<void> {
    await this.local.record(sidHash, answer);
    await this.redis.set(this.key(sidHash), answer, 'PX', PromotionLimits.captchaTtlMs).catch(() => undefined);
  }

  async forget(sidHash: string): Promise<void> {
    await this.local.forget(sidHash);
    await this.redis.del(this.key(sidHash)).catch(() => undefined);
  }

  async answerFor(sidHash: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(sidHash)).catch(() => null)) ?? this.local.answerFor(sidHash);
  }
}

/** The demo captcha answers of an app: in Redis when it has one, in this process otherwise. */
export async function createCaptchaAnswers(redisUrl: string | undefined, now: () => number): Promise<{ answers: CaptchaAnswers; close: () => Promise<void> }> {
  if (!redisUrl) return { answers: new CaptchaAnswerLog(now), close: async () => {} };
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return { answers: new RedisCaptchaAnswers(redis, new CaptchaAnswerLog(now)), close: async () => redis.disconnect() };
}
