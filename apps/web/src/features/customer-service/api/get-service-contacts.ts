import { Limits, MachinePath, type ServiceContacts } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST /machine/user-problem/get-whatsapp` with `overall=30`, form-encoded (spec §7). */
export function getServiceContacts(loadingText: string, signal?: AbortSignal): Promise<ServiceContacts> {
  return callMachine<ServiceContacts>(
    MachinePath.serviceContacts,
    { overall: Limits.serviceOverall },
    { loadingText, ...(signal ? { signal } : {}) },
  );
}
