import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useT } from '../../../lib/i18n';

/** Checks the web view's file chooser and camera: the picked image is only previewed locally. */
export function PhotoPicker() {
  const t = useT();
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreviewUrl(file ? URL.createObjectURL(file) : null);
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('preview.photo')}</label>
      <input id={id} type="file" accept="image/*" onChange={onChange} />
      {previewUrl && <img className="preview__photo" src={previewUrl} alt={t('preview.photoPreview')} />}
    </div>
  );
}
