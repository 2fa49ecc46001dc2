import { useState } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';
import { deleteAccount } from '../api/delete-account';
import { failureText } from './failure';

/** What holds the deletion back, as the overview says it: an open loan first, then credit not yet returned. */
function blockingReason(openLoan: boolean, creditHeld: boolean) {
  if (openLoan) return 'privacy.delete.openLoan' as const;
  return creditHeld ? ('privacy.delete.creditHeld' as const) : null;
}

export function DeleteSection({ openLoan, creditHeld, onDeleted }: { openLoan: boolean; creditHeld: boolean; onDeleted: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = blockingReason(openLoan, creditHeld);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount(t('privacy.delete.deleting'));
      setConfirming(false);
      onDeleted();
    } catch (error) {
      setConfirming(false);
      setRefusal(failureText(error, t('errors.network')));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="card privacy-section" aria-labelledby="privacy-delete">
      <h2 id="privacy-delete">{t('privacy.delete.heading')}</h2>
      <p>{t('privacy.delete.body')}</p>
      {blocked ? (
        <p className="privacy-blocked" role="note" data-testid="delete-blocked">
          {t(blocked)}
        </p>
      ) : (
        <button type="button" className="button privacy-danger" onClick={() => setConfirming(true)}>
          {t('privacy.delete.start')}
        </button>
      )}
      {refusal && (
        <p className="notice--error privacy-form__error" role="alert">
          {refusal}
        </p>
      )}
      <Modal open={confirming} title={t('privacy.delete.confirmTitle')} onClose={() => setConfirming(false)} closeButton={false}>
        <p>{t('privacy.delete.confirmBody')}</p>
        <div className="privacy-confirm">
          <button type="button" className="button privacy-danger" onClick={() => void confirm()} disabled={deleting}>
            {t('privacy.delete.confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={deleting}>
            {t('privacy.delete.cancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
