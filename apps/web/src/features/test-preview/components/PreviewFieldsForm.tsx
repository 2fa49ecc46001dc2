import { LanguageFlag } from '@lend/contracts';
import { useT, type MessageKey } from '../../../lib/i18n/borrower';
import type { PreviewFields } from '../preview-links';

const TEXT_FIELDS: readonly { key: Exclude<keyof PreviewFields, 'language'>; label: MessageKey }[] = [
  { key: 'appVersion', label: 'preview.field.appVersion' },
  { key: 'deviceName', label: 'preview.field.deviceName' },
  { key: 'deviceId', label: 'preview.field.deviceId' },
  { key: 'osVersion', label: 'preview.field.osVersion' },
  { key: 'sessionId', label: 'preview.field.sessionId' },
  { key: 'advertisingId', label: 'preview.field.advertisingId' },
  { key: 'productId', label: 'preview.field.productId' },
  { key: 'orderId', label: 'preview.field.orderId' },
  { key: 'userId', label: 'preview.field.userId' },
];

type Props = { fields: PreviewFields; onChange: (fields: PreviewFields) => void };

export function PreviewFieldsForm({ fields, onChange }: Props) {
  const t = useT();
  const set = (key: keyof PreviewFields, value: string) => onChange({ ...fields, [key]: value });
  return (
    <div className="preview__fields">
      {TEXT_FIELDS.map(({ key, label }) => (
        <label key={key} className="field">
          <span>{t(label)}</span>
          <input
            name={key}
            value={fields[key]}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set(key, event.target.value)}
          />
        </label>
      ))}
      <label className="field">
        <span>{t('preview.field.language')}</span>
        <select name="language" value={fields.language} onChange={(event) => set('language', event.target.value)}>
          <option value={LanguageFlag.English}>{t('preview.language.english')}</option>
          <option value={LanguageFlag.Spanish}>{t('preview.language.spanish')}</option>
        </select>
      </label>
    </div>
  );
}
