import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useT } from '../../../lib/i18n/borrower';

type Picked = { name: string; url: string } | null;

/**
 * Checks the web view's file chooser and camera: the picked image is only previewed locally.
 * The native input is hidden behind our label because its own button text follows the
 * browser's language, not the borrower's.
 */
export function PhotoPicker() {
  const t = useT();
  const id = useId();
  const [picked, setPicked] = useState<Picked>(null);

  useEffect(() => () => {
    if (picked) URL.revokeObjectURL(picked.url);
  }, [picked]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPicked(file ? { name: file.name, url: URL.createObjectURL(file) } : null);
  };

  return (
    <div className="field">
      <span>{t('preview.photo')}</span>
      <input id={id} className="visually-hidden preview__file" type="file" accept="image/*" onChange={onChange} />
      <label htmlFor={id} className="button button--ghost">
        {t('preview.choosePhoto')}
      </label>
      <span className="muted">{picked ? picked.name : t('preview.noPhoto')}</span>
      {picked && <img className="preview__photo" src={picked.url} alt={t('preview.photoPreview')} />}
    </div>
  );
}
