import { AppRoute, type MissingPaymentFiled } from '@lend/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/http/errors';
import { useT } from '../../../lib/i18n/borrower';
import { pageHref } from '../../../lib/page-links';
import { usePageParams } from '../../../lib/page-params';
import { useToast } from '../../../ui/toast/ToastProvider';

/**
 * "My payment does not show": the reference, the day paid and an optional photo of the ticket
 * become a complaint; the folio the server answers is shown with a way to the complaint list.
 */
export function MissingPaymentForm({ orderId, productId }: { orderId: string; productId?: string | undefined }) {
  const t = useT();
  const toast = useToast();
  const page = usePageParams();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [filed, setFiled] = useState<MissingPaymentFiled | null>(null);

  if (filed) {
    return (
      <section className="card missing" aria-labelledby="missing-title">
        <h2 id="missing-title">{t('payments.missing.title')}</h2>
        <p className="missing__filed" role="status" data-folio={filed.folio}>
          {filed.message}
        </p>
        <a className="button button--ghost" href={pageHref(AppRoute.complaintList, page)}>
          {t('payments.missing.seeComplaints')}
        </a>
      </section>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const photo = data.get('ticket');
    setSending(true);
    try {
      const [{ reportMissingPayment }, { uploadTicketPhoto }] = await Promise.all([import('../api/report-missing-payment'), import('../api/upload-ticket-photo')]);
      const ticketImage = photo instanceof File && photo.size > 0 ? (await uploadTicketPhoto(photo, t('payments.missing.uploading'))).url : '';
      const draft = { orderId, productId, reference: String(data.get('reference') ?? ''), paidOn: String(data.get('paidOn') ?? ''), ticketImage };
      setFiled(await reportMissingPayment(draft, t('payments.missing.sending')));
    } catch (error) {
      // The server's refusal is already shown in the borrower's language.
      if (!(error instanceof ApiError)) toast.show(t('errors.network'));
      setSending(false);
    }
  };

  return (
    <section className="card missing" aria-labelledby="missing-title">
      <h2 id="missing-title">{t('payments.missing.title')}</h2>
      <p>{t('payments.missing.intro')}</p>
      {!open ? (
        <button type="button" className="button button--ghost" aria-controls={formId} aria-expanded={false} onClick={() => setOpen(true)}>
          {t('payments.missing.open')}
        </button>
      ) : (
        <form id={formId} className="missing__form" onSubmit={(event) => void submit(event)}>
          <label className="missing__field">
            <span>{t('payments.missing.reference')}</span>
            <input name="reference" required maxLength={40} autoComplete="off" spellCheck={false} />
          </label>
          <label className="missing__field">
            <span>{t('payments.missing.paidOn')}</span>
            <input name="paidOn" type="date" required />
          </label>
          <label className="missing__field">
            <span>{t('payments.missing.photo')}</span>
            <input name="ticket" type="file" accept="image/jpeg,image/png,image/webp" />
          </label>
          <button type="submit" className="button" disabled={sending}>
            {t('payments.missing.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
