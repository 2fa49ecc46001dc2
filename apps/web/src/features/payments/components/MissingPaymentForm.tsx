import { AppRoute, ComplaintErrorCode, LoanErrorCode, type MissingPaymentFiled } from '@lend/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/http/errors';
import { useT } from '../../../lib/i18n/borrower';
import { pageHref } from '../../../lib/page-links';
import { usePageParams } from '../../../lib/page-params';
import { FieldProblem } from '../../../ui/FieldProblem';
import { useToast } from '../../../ui/toast/ToastProvider';

type Field = 'reference' | 'paidOn' | 'ticket';

/** The field each refusal is about: it is said there, and only there (docs/decisions/234). */
const FIELD_OF: Readonly<Record<number, Field>> = {
  [LoanErrorCode.MissingPaymentReferenceInvalid]: 'reference',
  [LoanErrorCode.MissingPaymentDateInvalid]: 'paidOn',
  [ComplaintErrorCode.ComplaintImageNotImage]: 'ticket',
  [ComplaintErrorCode.ComplaintImageTooLarge]: 'ticket',
  [ComplaintErrorCode.ComplaintImageUnknown]: 'ticket',
};

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
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const ids = { reference: useId(), paidOn: useId(), ticket: useId() };
  const form = useRef<HTMLFormElement>(null);
  /** A field's attributes while a refusal is about it. */
  const described = (field: Field) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids[field] } : {});

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
    setProblem(null);
    try {
      const [{ reportMissingPayment }, { uploadTicketPhoto }] = await Promise.all([import('../api/report-missing-payment'), import('../api/upload-ticket-photo')]);
      const ticketImage = photo instanceof File && photo.size > 0 ? (await uploadTicketPhoto(photo, t('payments.missing.uploading'))).url : '';
      const draft = { orderId, productId, reference: String(data.get('reference') ?? ''), paidOn: String(data.get('paidOn') ?? ''), ticketImage };
      setFiled(await reportMissingPayment(draft, t('payments.missing.sending')));
    } catch (error) {
      // A refusal about a field is said under it, and the field takes focus; any other, and a lost answer, in a toast.
      const field = error instanceof ApiError ? FIELD_OF[error.code] : undefined;
      if (error instanceof ApiError && field) {
        setProblem({ field, message: error.message });
        form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
      } else toast.show(error instanceof ApiError ? error.message : t('errors.network'));
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
        <form id={formId} ref={form} className="missing__form" onSubmit={(event) => void submit(event)}>
          <div className="missing__field">
            <label>
              <span>{t('payments.missing.reference')}</span>
              <input name="reference" required maxLength={40} autoComplete="off" spellCheck={false} {...described('reference')} />
            </label>
            <FieldProblem id={ids.reference} problem={problem?.field === 'reference' ? problem.message : null} />
          </div>
          <div className="missing__field">
            <label>
              <span>{t('payments.missing.paidOn')}</span>
              <input name="paidOn" type="date" required {...described('paidOn')} />
            </label>
            <FieldProblem id={ids.paidOn} problem={problem?.field === 'paidOn' ? problem.message : null} />
          </div>
          <div className="missing__field">
            <label>
              <span>{t('payments.missing.photo')}</span>
              <input name="ticket" type="file" accept="image/jpeg,image/png,image/webp" {...described('ticket')} />
            </label>
            <FieldProblem id={ids.ticket} problem={problem?.field === 'ticket' ? problem.message : null} />
          </div>
          <button type="submit" className="button" disabled={sending}>
            {t('payments.missing.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
