import type { Db } from '../../db/client';
import type { CardProviderName } from '../cards/create-card-provider';
import { SANDBOX_CARD_PROVIDER_NAME } from '../cards/sandbox/sandbox-card-paths';
import type { CashPaymentProviderName } from '../payments/cash-payments';
import type { RefundProvider } from './refund-provider';
import { sandboxCardSettlement, sandboxCashSettlement } from './sandbox-settlement';
import { SandboxRefunds } from './sandbox-refunds';
import type { SettlementSource } from './settlement-source';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each configured provider's refunds and settlement report, by the provider's name. */
    refundRails: RefundRails;
  }
}

export type RefundRails = { refunds: ReadonlyMap<string, RefundProvider>; settlement: readonly SettlementSource[] };

/**
 * The refunds and settlement reports of the configured cash and card providers (docs/decisions/119,
 * 120); a disabled provider has neither. A real provider's adapters join here when one is contracted.
 */
export function createRefundRails(db: Db, names: { cash: readonly CashPaymentProviderName[]; card: CardProviderName }): RefundRails {
  const refunds: RefundProvider[] = [];
  const settlement: SettlementSource[] = [];
  // The markets' cash providers: the sandbox's refunds once, whichever markets use it.
  if (names.cash.includes('sandbox')) {
    refunds.push(new SandboxRefunds('sandbox-cash', db));
    settlement.push(sandboxCashSettlement(db));
  }
  if (names.card === 'sandbox') {
    refunds.push(new SandboxRefunds(SANDBOX_CARD_PROVIDER_NAME, db));
    settlement.push(sandboxCardSettlement(db, SANDBOX_CARD_PROVIDER_NAME));
  }
  return { refunds: new Map(refunds.map((provider) => [provider.name, provider])), settlement };
}
