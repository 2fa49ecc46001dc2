import { SandboxTestCard, luhnValid } from '@lend/contracts';
import { IN_BANKS } from '@lend/domain';
import { describe, expect, it } from 'vitest';
import { behaviourOf, sandboxBank } from './sandbox-card-behaviour';

describe('sandbox card behaviour', () => {
  it('follows each published test number, and approves any other card', () => {
    expect(behaviourOf(SandboxTestCard.approve)).toBe('approve');
    expect(behaviourOf(SandboxTestCard.code)).toBe('code');
    expect(behaviourOf(SandboxTestCard.decline)).toBe('decline');
    expect(behaviourOf(SandboxTestCard.insufficient)).toBe('insufficient');
    expect(behaviourOf(SandboxTestCard.timeout)).toBe('timeout');
    expect(behaviourOf('5555555555554444')).toBe('approve');
  });

  it('publishes only numbers that pass the Luhn check, so every one can be tokenised', () => {
    for (const number of Object.values(SandboxTestCard)) expect(luhnValid(number), number).toBe(true);
  });

  it('names a bank by the network of the first digit', () => {
    expect(sandboxBank('4242424242424242')).toEqual({ bankName: 'Banco Demo Visa', bankCode: 'DEMOV' });
    expect(sandboxBank('5555555555554444')).toEqual({ bankName: 'Banco Demo Mastercard', bankCode: 'DEMOM' });
    expect(sandboxBank('2223003122003222')).toEqual({ bankName: 'Banco Demo Mastercard', bankCode: 'DEMOM' });
    expect(sandboxBank('378282246310005')).toEqual({ bankName: 'Banco Demo Amex', bankCode: 'DEMOA' });
    expect(sandboxBank('6521000000000006').bankCode).toBe('DEMOR');
    expect(sandboxBank('9000000000000009')).toEqual({ bankName: 'Banco Demo', bankCode: 'DEMO' });
  });

  it("names an Indian bank of the IFSC list for India's account, by the same networks", () => {
    expect(sandboxBank('4242424242424242', 'IN')).toEqual({ bankName: 'HDFC Bank', bankCode: 'HDFC' });
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005', '6521000000000006', '9000000000000009']) {
      const bank = sandboxBank(number, 'IN');
      expect(IN_BANKS[bank.bankCode], number).toBe(bank.bankName);
    }
  });
});
