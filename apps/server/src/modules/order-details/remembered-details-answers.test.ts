import { describe, expect, it } from 'vitest';
import { RememberedDetailsAnswers, type AnswerBasis } from './remembered-details-answers';

// Noon in Mexico City (UTC-6).
const NOW = new Date('2026-11-24T18:00:00Z');
const BASIS: AnswerBasis = { orderId: 7, orderNo: 'LN7', borrowerId: 3, productId: 2, market: 'MX', today: '2026-11-24' };
const QUESTION = { borrowerId: 3, orderNo: 'LN7', productId: 2, language: 'es' as const };

function listeningAnswers(clock = { ms: 0 }) {
  const answers = new RememberedDetailsAnswers({ maxOrders: 2, maxAgeMs: 60_000 }, () => clock.ms);
  answers.listening(true);
  return answers;
}

describe('remembered order details answers', () => {
  it('answers the same borrower, order, product and language again', () => {
    const answers = listeningAnswers();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    expect(answers.find(QUESTION, NOW)).toBe('answer-es');
    expect(answers.find({ ...QUESTION, productId: undefined }, NOW)).toBe('answer-es');
    expect(answers.find({ ...QUESTION, language: 'en' }, NOW)).toBeUndefined();
  });

  it('never answers another borrower or another product from memory', () => {
    const answers = listeningAnswers();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    expect(answers.find({ ...QUESTION, borrowerId: 4 }, NOW)).toBeUndefined();
    expect(answers.find({ ...QUESTION, productId: 9 }, NOW)).toBeUndefined();
  });

  it("works an answer out again on the market's next day", () => {
    const answers = listeningAnswers();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    // 05:59:59 UTC on the 25th is still the 24th in Mexico City; 06:00 UTC is the 25th there.
    expect(answers.find(QUESTION, new Date('2026-11-25T05:59:59Z'))).toBe('answer-es');
    expect(answers.find(QUESTION, new Date('2026-11-25T06:00:00Z'))).toBeUndefined();
  });

  it('forgets an order, or every order of a product, when a notice tells of a change', () => {
    const answers = listeningAnswers();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    answers.notice('order:8');
    expect(answers.find(QUESTION, NOW)).toBe('answer-es');
    answers.notice('order:7');
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    answers.notice('product:2');
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    answers.notice('all');
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
  });

  it('keeps nothing read before a notice for its order, its product or everything that arrived while it was being read', () => {
    for (const notice of ['order:7', 'product:2', 'all']) {
      const answers = listeningAnswers();
      const ticket = answers.ticket();
      answers.notice(notice);
      answers.remember(ticket, BASIS, 'es', 'answer-es');
      expect(answers.find(QUESTION, NOW)).toBeUndefined();
    }
  });

  it('keeps what was read while notices arrived for other orders, other products or sessions only', () => {
    const answers = listeningAnswers();
    const ticket = answers.ticket();
    answers.notice('order:99');
    answers.notice('product:5');
    answers.notice('session:3');
    answers.remember(ticket, BASIS, 'es', 'answer-es');
    expect(answers.find(QUESTION, NOW)).toBe('answer-es');
  });

  it('remembers and serves nothing while notices are not received, nor what was read before they stopped or resumed', () => {
    const answers = listeningAnswers();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    const ticket = answers.ticket();
    answers.listening(false);
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    answers.listening(true);
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
    answers.remember(ticket, BASIS, 'es', 'answer-es');
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
  });

  it('forgets an answer older than its age limit, and the longest-remembered order beyond its size', () => {
    const clock = { ms: 0 };
    const answers = listeningAnswers(clock);
    answers.remember(answers.ticket(), BASIS, 'es', 'answer-es');
    clock.ms = 60_000;
    expect(answers.find(QUESTION, NOW)).toBe('answer-es');
    clock.ms = 60_001;
    expect(answers.find(QUESTION, NOW)).toBeUndefined();

    answers.remember(answers.ticket(), BASIS, 'es', 'answer-7');
    answers.remember(answers.ticket(), { ...BASIS, orderId: 8, orderNo: 'LN8' }, 'es', 'answer-8');
    answers.remember(answers.ticket(), { ...BASIS, orderId: 9, orderNo: 'LN9' }, 'es', 'answer-9');
    expect(answers.find(QUESTION, NOW)).toBeUndefined();
    expect(answers.find({ ...QUESTION, orderNo: 'LN8' }, NOW)).toBe('answer-8');
    expect(answers.find({ ...QUESTION, orderNo: 'LN9' }, NOW)).toBe('answer-9');
  });
});
