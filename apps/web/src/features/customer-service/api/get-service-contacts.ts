import { Limits, MachinePath, serviceContactsSchema, type ServiceContacts } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST /machine/user-problem/get-whatsapp` with `overall=30`, form-encoded. */
export function getServiceContacts(loadingText: string, signal?: AbortSignal): Promise<ServiceContacts> {
  return callMachine(
    MachinePath.serviceContacts,
    { overall: Limits.serviceOverall },
    { loadingText, schema: serviceContactsSchema, ...(signal ? { signal } : {}) },
  );
}
