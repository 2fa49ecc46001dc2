import { MachinePath, type RepayInstruction } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';
import type { InstructionRequest } from '../instruction-params';

/** The instruction page's first call; the server renders the page with its answer (decision 100). */
export const repayInstructionCall: PrefetchableCall = {
  path: MachinePath.repayInstruction,
  bodyKeys: ['orderId', 'productId', 'amount', 'payCode', 'requestType'],
  requiredKeys: ['orderId', 'amount', 'payCode', 'requestType'],
};

const body = (request: InstructionRequest) => callBody(repayInstructionCall, { ...request, amount: String(request.amount) });

/** `generate-vcode`: the reference for this amount at one place to pay, and how to pay there. */
export function getRepayInstruction(request: InstructionRequest, loadingText: string, signal?: AbortSignal): Promise<RepayInstruction> {
  return callMachine<RepayInstruction>(repayInstructionCall.path, body(request), { loadingText, reusePrefetch: true, refusal: 'caller', ...(signal ? { signal } : {}) });
}

/** The instruction when the page came with it (rendered by the server). */
export function repayInstructionInPage(request: InstructionRequest): RepayInstruction | undefined {
  return embeddedMachineAnswer<RepayInstruction>(repayInstructionCall.path, body(request));
}
