import { SandboxTestCard, type SandboxTestCardKind } from '@lend/contracts';
import type { Market } from '@lend/domain';

/** How a sandbox card answers a charge; the published test numbers pick it, any other card approves. */
export type SandboxBehaviour = SandboxTestCardKind;

const behaviourByNumber = new Map<string, SandboxBehaviour>(
  Object.entries(SandboxTestCard).map(([kind, number]) => [number, kind as SandboxBehaviour]),
);

export function behaviourOf(number: string): SandboxBehaviour {
  return behaviourByNumber.get(number) ?? 'approve';
}

export function isSandboxBehaviour(value: string): value is SandboxBehaviour {
  return Object.hasOwn(SandboxTestCard, value);
}

type Issuer = { bankName: string; bankCode: string };

/** The card networks the sandbox tells apart, by a number's first digit. */
type Network = 'visa' | 'mastercard' | 'amex' | 'rupay' | 'other';

function networkOf(number: string): Network {
  switch (number[0]) {
    case '4':
      return 'visa';
    case '2':
    case '5':
      return 'mastercard';
    case '3':
      return 'amex';
    case '6':
      return 'rupay';
    default:
      return 'other';
  }
}

/**
 * Each market's issuers of the sandbox's cards: fictional banks in Mexico, as its other demo banks
 * are; in India banks of the IFSC list (`IN_BANKS`), where the demo's payout accounts are also held.
 */
const ISSUERS: Record<Network, Record<Market, Issuer>> = {
  visa: { MX: { bankName: 'Banco Demo Visa', bankCode: 'DEMOV' }, IN: { bankName: 'HDFC Bank', bankCode: 'HDFC' } },
  mastercard: { MX: { bankName: 'Banco Demo Mastercard', bankCode: 'DEMOM' }, IN: { bankName: 'ICICI Bank', bankCode: 'ICIC' } },
  amex: { MX: { bankName: 'Banco Demo Amex', bankCode: 'DEMOA' }, IN: { bankName: 'Axis Bank', bankCode: 'UTIB' } },
  rupay: { MX: { bankName: 'Banco Demo RuPay', bankCode: 'DEMOR' }, IN: { bankName: 'State Bank of India', bankCode: 'SBIN' } },
  other: { MX: { bankName: 'Banco Demo', bankCode: 'DEMO' }, IN: { bankName: 'Bank of Baroda', bankCode: 'BARB' } },
};

/**
 * A plausible issuing bank of the account's market by the card network its first digit names; the
 * sandbox has no BIN table.
 */
export function sandboxBank(number: string, market: Market = 'MX'): Issuer {
  return ISSUERS[networkOf(number)][market];
}
