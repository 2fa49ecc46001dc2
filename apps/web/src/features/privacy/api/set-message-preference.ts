import { PrivacyPath, type MessagePreferences, type MessageTopic } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export function setMessagePreference(topic: MessageTopic, enabled: boolean, loadingText: string): Promise<MessagePreferences> {
  return callMachine<MessagePreferences>(PrivacyPath.messagePreference, { topic, enabled: enabled ? '1' : '0' }, { loadingText });
}
