import type { Language } from '@lend/contracts';
import { formatDate, type IsoDate, type Market } from '@lend/domain';
import type { ChangeSubscriber } from '../../db/change-notices';

/** What an answer was worked out from, beyond the order's rows: who asked, and the market's day. */
export type AnswerBasis = {
  orderId: number;
  orderNo: string;
  borrowerId: number;
  productId: number;
  market: Market;
  today: IsoDate;
};

export type AnswerQuestion = { borrowerId: number; orderNo: string; productId?: number | undefined; language: Language };

type Entry = AnswerBasis & { storedAtMs: number; answers: Map<Language, string> };

export type RememberedAnswerLimits = {
  /** Orders remembered at most; the longest remembered is forgotten first. */
  maxOrders: number;
  /** An answer older than this is worked out again even with no notice of a change. */
  maxAgeMs: number;
};

/**
 * 10,000 orders of two languages of about 2 kB each stay under 50 MB. A minute bounds how long a
 * change could go unseen if notices stopped arriving without the connection being seen to fail.
 */
/** Orders and products whose latest notice is kept, for reads in flight (a read takes milliseconds). */
const NOTICES_KEPT = 10_000;

export const REMEMBERED_ANSWER_LIMITS: RememberedAnswerLimits = { maxOrders: 10_000, maxAgeMs: 60_000 };

/**
 * The order details answers this process has sent, as sent, so that the next call for the same
 * order, borrower, language and market day is answered without the database (docs/decisions/099).
 *
 * Kept right by change notices: a notice for an order forgets it; while notices are not being
 * received nothing is remembered or served. An answer is only kept if no notice for its order or
 * product arrived while it was being worked out (`ticket`), so a read that began before a change
 * never stores what it saw.
 */
export class RememberedDetailsAnswers implements ChangeSubscriber {
  private readonly byOrderNo = new Map<string, Entry>();
  private readonly orderNoById = new Map<number, string>();
  private generation = 0;
  private receiving = false;
  /** The generation of the newest notice of each order and product noticed lately, and of the last notice for everything. */
  private readonly orderNotices = new Map<number, number>();
  private readonly productNotices = new Map<number, number>();
  private everythingSince = 0;

  constructor(
    private readonly limits: RememberedAnswerLimits = REMEMBERED_ANSWER_LIMITS,
    private readonly clockMs: () => number = Date.now,
  ) {}

  /** The answer sent before to this question, if it still holds at `now`. */
  find(question: AnswerQuestion, now: Date): string | undefined {
    if (!this.receiving) return undefined;
    const entry = this.byOrderNo.get(question.orderNo);
    // Another borrower's order, or a product that is not the order's, is the database's to refuse.
    if (!entry || entry.borrowerId !== question.borrowerId) return undefined;
    if (question.productId !== undefined && question.productId !== entry.productId) return undefined;
    if (this.clockMs() - entry.storedAtMs > this.limits.maxAgeMs) {
      this.forgetOrder(entry.orderId);
      return undefined;
    }
    if (formatDate(now, entry.market) !== entry.today) return undefined;
    return entry.answers.get(question.language);
  }

  /** Taken before the order is read; `remember` keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.generation;
  }

  remember(ticket: number, basis: AnswerBasis, language: Language, answer: string): void {
    if (!this.receiving || !this.unchangedSince(ticket, basis)) return;
    let entry = this.byOrderNo.get(basis.orderNo);
    if (entry && (entry.today !== basis.today || entry.borrowerId !== basis.borrowerId)) {
      this.forgetOrder(entry.orderId);
      entry = undefined;
    }
    if (!entry) {
      if (this.byOrderNo.size >= this.limits.maxOrders) this.forgetOldest();
      entry = { ...basis, storedAtMs: this.clockMs(), answers: new Map() };
      this.byOrderNo.set(basis.orderNo, entry);
      this.orderNoById.set(basis.orderId, basis.orderNo);
    }
    entry.answers.set(language, answer);
  }

  notice(payload: string): void {
    const [topic, id] = payload.split(':');
    // A borrower's sessions are the session check's to forget (docs/decisions/212); no answer shows them.
    if (topic === 'session') return;
    this.generation += 1;
    const number = Number(id);
    if (topic === 'order' && Number.isSafeInteger(number)) {
      this.forgetOrder(number);
      this.noted(this.orderNotices, number);
    } else if (topic === 'product' && Number.isSafeInteger(number)) {
      this.forgetProduct(number);
      this.noted(this.productNotices, number);
    } else {
      this.forgetAll();
      this.everythingSince = this.generation;
    }
  }

  listening(on: boolean): void {
    // Either way, what was read before cannot be trusted to have seen every notice.
    this.generation += 1;
    this.everythingSince = this.generation;
    this.forgetAll();
    this.receiving = on;
  }

  /**
   * Whether no notice for the answer's order or product, nor one for everything, arrived since
   * `ticket`: notices for other orders, which arrive all the time on a busy book, do not stop it
   * being kept (docs/decisions/212).
   */
  private unchangedSince(ticket: number, basis: AnswerBasis): boolean {
    if (ticket === this.generation) return true;
    if (this.everythingSince > ticket) return false;
    return (this.orderNotices.get(basis.orderId) ?? -1) <= ticket && (this.productNotices.get(basis.productId) ?? -1) <= ticket;
  }

  /** The generation of the newest notice for `id`; past a bound both lists are dropped and count as a notice for everything. */
  private noted(notices: Map<number, number>, id: number): void {
    if (notices.size >= NOTICES_KEPT) {
      this.orderNotices.clear();
      this.productNotices.clear();
      this.everythingSince = this.generation;
    }
    notices.delete(id);
    notices.set(id, this.generation);
  }

  private forgetOrder(orderId: number): void {
    const orderNo = this.orderNoById.get(orderId);
    if (orderNo === undefined) return;
    this.orderNoById.delete(orderId);
    this.byOrderNo.delete(orderNo);
  }

  private forgetProduct(productId: number): void {
    for (const entry of [...this.byOrderNo.values()]) if (entry.productId === productId) this.forgetOrder(entry.orderId);
  }

  private forgetOldest(): void {
    const oldest = this.byOrderNo.values().next();
    if (!oldest.done) this.forgetOrder(oldest.value.orderId);
  }

  private forgetAll(): void {
    this.byOrderNo.clear();
    this.orderNoById.clear();
  }
}
