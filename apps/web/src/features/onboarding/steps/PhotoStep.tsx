import type { IdImageKind } from '@lend/contracts';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { FieldProblem } from '../../../ui/FieldProblem';
import { WayOn } from '../../../ui/WayOn';
import { preparePhoto } from '../photo-prep';
import { RETRY_DELAYS_MS, sendWithRetry } from '../send-with-retry';
import { problemsOf, type StepProps } from '../step-form';

type Picked = { state: 'empty' } | { state: 'preparing' } | { state: 'ready'; photo: Blob; preview: string };

/**
 * One identity photo (docs/decisions/241): taken with the phone's camera through the file input's
 * `capture`, or chosen from the phone's photos when the camera is refused or missing; previewed,
 * re-encoded and size-checked before it is sent, and sent again by itself when the connection
 * drops (the server keeps one photo of each kind, so a retry never makes two).
 */
export function PhotoStep({ kind, onSaved }: StepProps & { kind: IdImageKind }) {
  const t = useT();
  const id = useId();
  const [picked, setPicked] = useState<Picked>({ state: 'empty' });
  const [problem, setProblem] = useState<string | null>(null);
  const [session, setSession] = useState(false);
  const [sending, setSending] = useState<null | { attempt: number }>(null);
  const preview = picked.state === 'ready' ? picked.preview : null;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setSession(false);
    setPicked({ state: 'preparing' });
    const prepared = await preparePhoto(file);
    if (!prepared.ok) {
      setPicked({ state: 'empty' });
      setProblem(t(prepared.reason === 'too-large' ? 'onboarding.photo.tooLarge' : 'onboarding.photo.notImage'));
      return;
    }
    setPicked({ state: 'ready', photo: prepared.photo, preview: URL.createObjectURL(prepared.photo) });
  };

  const send = async () => {
    if (picked.state !== 'ready' || sending) return;
    setSending({ attempt: 0 });
    setProblem(null);
    try {
      const { uploadIdPhoto } = await import('../api/onboarding');
      const info = await sendWithRetry(() => uploadIdPhoto(kind, picked.photo), { onRetry: (attempt) => setSending({ attempt }) });
      onSaved(info);
    } catch (error) {
      const refused = problemsOf(error, t('onboarding.photo.lost'));
      setProblem(refused.problems.image ?? refused.problems.form ?? null);
      setSession(refused.session);
    } finally {
      setSending(null);
    }
  };

  const capture = kind === 'selfie' ? 'user' : 'environment';
  return (
    <div className="card onboarding__form" data-photo={kind}>
      <p>{t(`onboarding.photo.intro.${kind}`)}</p>
      {picked.state === 'preparing' && <p className="muted">{t('onboarding.photo.preparing')}</p>}
      {preview && (
        <figure className="onboarding__preview">
          <img src={preview} alt={t('onboarding.photo.preview')} />
          <figcaption className="muted">{t('onboarding.photo.preview')}</figcaption>
        </figure>
      )}
      <div className="onboarding__photo-actions">
        <input id={`${id}-camera`} className="visually-hidden" type="file" accept="image/*" capture={capture} onChange={(event) => void onFile(event)} disabled={sending !== null} />
        <label htmlFor={`${id}-camera`} className={preview ? 'button button--ghost' : 'button'}>
          {t('onboarding.photo.take')}
        </label>
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/*"
          aria-describedby={`${id}-hint`}
          onChange={(event) => void onFile(event)}
          disabled={sending !== null}
          data-testid="photo-file"
        />
        <label htmlFor={`${id}-file`} className="button button--ghost">
          {t('onboarding.photo.choose')}
        </label>
      </div>
      <p id={`${id}-hint`} className="web-field__hint muted">
        {t('onboarding.photo.chooseHint')}
      </p>
      {sending && sending.attempt > 0 && (
        <p className="muted" role="status">
          {t('onboarding.photo.retrying', { attempt: sending.attempt + 1, total: RETRY_DELAYS_MS.length + 1 })}
        </p>
      )}
      <FieldProblem id={`${id}-problem`} problem={problem} />
      {session && <WayOn signIn />}
      {preview && (
        <button type="button" className="button" onClick={() => void send()} disabled={sending !== null} aria-busy={sending !== null}>
          {sending ? t('onboarding.photo.sending') : t('onboarding.photo.send')}
        </button>
      )}
    </div>
  );
}
