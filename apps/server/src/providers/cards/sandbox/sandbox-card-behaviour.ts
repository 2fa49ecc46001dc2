import { SandboxTestCard, type SandboxTestCardKind } from '@lend/contracts';

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

/** A plausible issuing bank by the card network its first digit names; the sandbox has no BIN table. */
export function sandboxBank(number: string): { bankName: string; bankCode: string } {
  switch (number[0]) {
    case '4':
      return { bankName: 'Banco Demo Visa', bankCode: 'DEMOV' };
    case '2':
    case '5':
      return { bankName: 'Banco Demo Mastercard', bankCode: 'DEMOM' };
    case '3':
      return { bankName: 'Banco Demo Amex', bankCode: 'DEMOA' };
    case '6':
      return { bankName: 'Banco Demo RuPay', bankCode: 'DEMOR' };
    default:
      return { bankName: 'Banco Demo', bankCode: 'DEMO' };
  }
}
