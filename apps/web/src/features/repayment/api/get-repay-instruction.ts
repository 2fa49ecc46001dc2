import { MachinePath, type RepayInstruction } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';
import type { InstructionRequest } from '../instruction-params';

/** `generate-vcode`: the reference for this amount at one place to pay, and how to pay there. */
export function getRepayInstruction(request: InstructionRequest, loadingText: string, signal?: AbortSignal): Promise<RepayInstruction> {
  return callMachine<RepayInstruction>(
    MachinePath.repayInstruction,
    {
      orderId: request.orderId,
      ...(request.productId ? { productId: request.productId } : {}),
      amount: request.amount,
      payCode: request.payCode,
      requestType: request.requestType,
    },
    { loadingText, ...(signal ? { signal } : {}) },
  );
}
