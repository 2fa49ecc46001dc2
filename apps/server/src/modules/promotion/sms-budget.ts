import { PromotionCode, PromotionLimits } from '@lend/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../../counters/counter-store';
import { PromotionError } from './promotion-error';

const HOUR_MS = 60 * 60 * 1000;

export type SmsBudget = { perHour: number; perTemplatePerHour: number };

type Budget = { name: string; key: string; limit: number };

/** What an SMS is counted against: the campaign it is for, and which captcha authorised it. */
export type SmsPurpose = { templateId: number | null; viaTextChallenge: boolean };

function budgetsFor(budget: SmsBudget, purpose: SmsPurpose): Budget[] {
  const template = purpose.templateId === null ? 'none' : String(purpose.templateId);
  const budgets = [
    { name: 'all', key: 'sms:budget:all', limit: budget.perHour },
    { name: `template ${template}`, key: `sms:budget:template:${template}`, limit: budget.perTemplatePerHour },
  ];
  if (!purpose.viaTextChallenge) return budgets;
  const textLimit = Math.ceil(budget.perHour * PromotionLimits.smsBudgetTextShare);
  return [...budgets, { name: 'text challenge', key: 'sms:budget:text', limit: textLimit }];
}

/**
 * Takes one SMS from the hourly budgets, in all, of the visitor's campaign and, for an SMS the
 * text challenge authorised, of the text challenges; or refuses with
 * '5004' and gives back what it took, so a refused request leaves the budgets as they were. The
 * operator is warned once an hour per budget when 80 % of it is used (docs/decisions/064).
 */
export async function takeSmsBudget(
  deps: { counters: CounterStore; smsBudget: SmsBudget; log: FastifyBaseLogger },
  purpose: SmsPurpose,
): Promise<void> {
  const budgets = budgetsFor(deps.smsBudget, purpose);
  // Strict like the SMS admission: a lost Redis spends no budget it cannot count (docs/decisions/194).
  const counters = deps.counters.strict;
  const used = await Promise.all(budgets.map((budget) => counters.increment(budget.key, HOUR_MS)));
  if (budgets.some((budget, i) => (used[i] ?? 0) > budget.limit)) {
    await Promise.all(budgets.map((budget) => counters.decrement(budget.key)));
    throw new PromotionError(PromotionCode.SmsBudgetExhausted);
  }
  await Promise.all(budgets.map((budget, i) => alertNearLimit(deps, budget, used[i] ?? 0)));
}

async function alertNearLimit(deps: { counters: CounterStore; log: FastifyBaseLogger }, budget: Budget, used: number): Promise<void> {
  if (used < Math.ceil(budget.limit * PromotionLimits.smsBudgetAlertShare)) return;
  // A hold as long as the window: one line per budget and hour, whatever the number of processes.
  if ((await deps.counters.claim(`sms:budget-alert:${budget.key}`, HOUR_MS)) > 0) return;
  deps.log.warn({ budget: budget.name, used, limit: budget.limit }, 'SMS budget 80 % used');
}
