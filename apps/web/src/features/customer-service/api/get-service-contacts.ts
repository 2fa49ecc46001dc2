import { Limits, MachinePath, type ServiceContacts } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** Customer service's first call, `overall=30` form-encoded; the server renders the page with its answer (decision 100). */
export const serviceContactsCall: PrefetchableCall = { path: MachinePath.serviceContacts, bodyKeys: [], fixedBody: { overall: String(Limits.serviceOverall) } };

/** `POST /machine/user-problem/get-whatsapp`. */
export function getServiceContacts(loadingText: string, signal?: AbortSignal): Promise<ServiceContacts> {
  return callMachine<ServiceContacts>(serviceContactsCall.path, callBody(serviceContactsCall, {}), {
    loadingText,
    refusal: 'caller',
    reusePrefetch: true,
    ...(signal ? { signal } : {}),
  });
}

/** The contacts when the page came with them (rendered by the server). */
export function serviceContactsInPage(): ServiceContacts | undefined {
  return embeddedMachineAnswer<ServiceContacts>(serviceContactsCall.path, callBody(serviceContactsCall, {}));
}
