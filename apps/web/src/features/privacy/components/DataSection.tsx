import { useState } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { useToast } from '../../../ui/toast/ToastProvider';
import { getMyData } from '../api/download-my-data';
import { sayFailure } from './failure';

/** Saves the answer as a file the browser (or the web view) downloads. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataSection() {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const data = await getMyData(t('privacy.data.preparing'));
      saveJson(data, `my-data-${data.generatedAt.slice(0, 10)}.json`);
      toast.show(t('privacy.data.ready'));
    } catch (error) {
      sayFailure(error, t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card privacy-section" aria-labelledby="privacy-data">
      <h2 id="privacy-data">{t('privacy.data.heading')}</h2>
      <p>{t('privacy.data.body')}</p>
      <button type="button" className="button" onClick={() => void download()} disabled={busy}>
        {t('privacy.data.download')}
      </button>
    </section>
  );
}
