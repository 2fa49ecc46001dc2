import { AppRoute, ComplaintErrorCode, Limits, normaliseComplaintText, type ComplaintInit } from '@lend/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { ApiError } from '../../lib/http/errors';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { useCall } from '../../lib/http/use-call';
import { Modal } from '../../ui/Modal';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/toast/ToastProvider';
import { complaintTypesInPage, getComplaintTypes } from './api/get-complaint-types';
import { pageHref } from './complaint-links';
import { CallResult } from '../../ui/CallResult';
import { DescriptionBox } from './components/DescriptionBox';
import { ImageUploader } from './components/ImageUploader';
import { InfoRow } from './components/InfoRow';
import { forgetOrderNo } from './remembered-order';
import './complaints.css';

type Choice = { problemType: number; problemSonType: string; orderNo: string };

/** Refusals of the complaint's text: said under the text box. */
const TEXT_REFUSALS: readonly number[] = [ComplaintErrorCode.ComplaintTextEmpty, ComplaintErrorCode.ComplaintTextTooLong];

/** Complaint next: the chosen type, a description, images, and Submit. */
/** Loaded when the borrower sends: the call validates with zod, which the screen's first paint does without (decision 100). */
const saveCall = () => import('./api/save-complaint');
const preloadWrites = () => void Promise.all([saveCall(), import('./api/upload-complaint-image')]).catch(() => undefined);

export function ComplaintNextScreen() {
  const t = useT();
  usePageTitle('complaints.next.title');
  const search = useSearchParams();
  const choice: Choice = {
    problemType: Number(search.get('problemType') ?? ''),
    problemSonType: search.get('problemSonType') ?? '',
    orderNo: search.get('orderNo') ?? '',
  };
  const load = useCallback((signal: AbortSignal) => getComplaintTypes(t('common.loading'), signal), [t]);
  const [state] = useCall(load, complaintTypesInPage);

  return (
    <Screen title={t('complaints.next.title')}>
      <CallResult state={state}>{(init) => <ComplaintForm init={init} choice={choice} />}</CallResult>
    </Screen>
  );
}

function ComplaintForm({ init, choice }: { init: ComplaintInit; choice: Choice }) {
  const t = useT();
  const toast = useToast();
  const params = usePageParams();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [filed, setFiled] = useState<string | null>(null);
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const homeHref = pageHref(AppRoute.complaintHome, params);

  const type = init.problemType.find((option) => option.value === choice.problemType);
  const son = init.problemSonType.find((option) => String(option.value) === choice.problemSonType && option.parentValue === type?.value);
  const order = init.orderList.find((o) => o.orderNo === choice.orderNo);

  useEffect(() => {
    if (filed === null) return;
    const timer = setTimeout(() => navigate(homeHref, { replace: true }), Limits.complaintSuccessModalMs);
    return () => clearTimeout(timer);
  }, [filed, homeHref, navigate]);

  if (!type || !order || (choice.problemSonType !== '' && !son)) {
    return (
      <section className="card">
        <p className="complaint-error" role="alert">
          {t('complaints.next.unknownType')}
        </p>
        <Link className="button" to={homeHref}>
          {t('complaints.next.back')}
        </Link>
      </section>
    );
  }

  const submit = async () => {
    if (normaliseComplaintText(text) === '') {
      setTextProblem(t('complaints.next.empty'));
      textarea.current?.focus();
      return;
    }
    setTextProblem(null);
    setSubmitting(true);
    try {
      const { saveComplaint } = await saveCall();
      const saved = await saveComplaint(
        { problemType: type.value, problemSonType: choice.problemSonType, problemDetail: text, images, orderNo: order.orderNo },
        t('complaints.next.submitting'),
      );
      forgetOrderNo(params.userId);
      setFiled(saved.folio);
    } catch (error) {
      // A refusal of the text is said under it; any other, and a lost answer, in a toast (docs/decisions/234).
      if (error instanceof ApiError && TEXT_REFUSALS.includes(error.code)) {
        setTextProblem(error.message);
        textarea.current?.focus();
      } else toast.show(error instanceof ApiError ? error.message : t('errors.network'));
      setSubmitting(false);
    }
  };

  return (
    <>
      <section className="card">
        <dl className="complaint-rows">
          <InfoRow label={t('complaints.next.type')} value={type.title} testId="chosen-type" />
          {son && <InfoRow label={t('complaints.next.sonType')} value={son.title} testId="chosen-son-type" />}
          <InfoRow label={t('complaints.next.order')} value={`${order.productName} · ${order.orderNo}`} />
        </dl>
      </section>
      <form
        className="card complaint-form"
        // The borrower types before sending or adding an image: the calls arrive meanwhile.
        onFocus={preloadWrites}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DescriptionBox
          value={text}
          max={Limits.complaintTextMax}
          onChange={(next) => {
            setText(next);
            setTextProblem(null);
          }}
          problem={textProblem}
          textareaRef={textarea}
        />
        <ImageUploader
          urls={images}
          onAdd={(url) => setImages((list) => [...list, url].slice(0, Limits.complaintImagesMax))}
          onRemove={(index) => setImages((list) => list.filter((_, i) => i !== index))}
          onBusy={setUploading}
        />
        <button type="submit" className="button complaint-submit" disabled={uploading || submitting}>
          {t('complaints.next.submit')}
        </button>
      </form>
      <Modal open={filed !== null} title={t('complaints.next.successTitle')} onClose={() => navigate(homeHref, { replace: true })} closeButton={false}>
        <p className="complaint-success">{t('complaints.next.successBody', { folio: filed ?? '' })}</p>
      </Modal>
    </>
  );
}
