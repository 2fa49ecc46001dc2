import { ErrorCode, profileRefusalField, type CertificationInfo, type ProfileField } from '@lend/contracts';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/http/errors';
import { useT } from '../../lib/i18n/borrower';
import { FieldProblem } from '../../ui/FieldProblem';
import { WayOn } from '../../ui/WayOn';
import { clearDraft, readDraft, writeDraft } from './step-draft';

/** What a step is told and tells: the steps' state, and the new state once it saved. */
export type StepProps = { info: CertificationInfo; done: boolean; onSaved: (info: CertificationInfo) => void };

export type Problems = Partial<Record<ProfileField | 'form', string>>;

const SESSION_REFUSALS: readonly number[] = [ErrorCode.SessionRequired, ErrorCode.SessionUnknown, ErrorCode.SessionExpired, ErrorCode.SessionUserMismatch];

/** A refusal said next to the field it is about, in the borrower's language (the server's message); anything else is the form's. */
export function problemsOf(error: unknown, offline: string): { problems: Problems; session: boolean } {
  if (!(error instanceof ApiError)) return { problems: { form: offline }, session: false };
  const field = profileRefusalField(error.code);
  return { problems: field ? { [field]: error.message } : { form: error.message }, session: SESSION_REFUSALS.includes(error.code) };
}

/**
 * A step's form state: its values (kept as a draft until saved: docs/decisions/241), its problems,
 * and one submission at a time, so a double tap or a slow answer never sends a step twice.
 */
export function useStepForm<T extends Record<string, string>>(step: string, empty: T) {
  const t = useT();
  const [values, setValues] = useState<T>(() => readDraft(step, empty));
  const [problems, setProblems] = useState<Problems>({});
  const [session, setSession] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = useCallback(
    (field: keyof T & string, value: string) => {
      setValues((current) => {
        const next = { ...current, [field]: value };
        writeDraft(step, next);
        return next;
      });
    },
    [step],
  );

  const submit = async (send: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setSession(false);
    try {
      await send();
      clearDraft(step);
    } catch (error) {
      const refused = problemsOf(error, t('onboarding.offline'));
      setProblems(refused.problems);
      setSession(refused.session);
    } finally {
      setBusy(false);
    }
  };

  return { values, set, problems, setProblems, session, busy, submit };
}

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  type?: 'text' | 'date' | 'tel';
  inputMode?: 'text' | 'numeric' | 'decimal';
  autoComplete?: string;
  maxLength?: number;
  /** Letters as the document prints them. */
  upperCase?: boolean;
  name: string;
  onBlur?: () => void;
};

/** A labelled input with its hint and, next to it, what is wrong with it. */
export function Field({ label, value, onChange, problem, hint, optional = false, type = 'text', inputMode, autoComplete, maxLength, upperCase = false, name, onBlur }: FieldProps) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const described = [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ');
  return (
    <div className="web-field" data-field={name}>
      <label htmlFor={id}>
        {label} {optional && <span className="muted">{t('onboarding.optional')}</span>}
      </label>
      {hint && (
        <p id={hintId} className="web-field__hint muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        className="text-input"
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        autoCapitalize={upperCase ? 'characters' : undefined}
        required={!optional}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(upperCase ? event.target.value.toUpperCase() : event.target.value)}
        onBlur={onBlur}
      />
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}

/** The step's form: its fields, the form's own problem (with the way to sign in again when the session ended), and its button. */
export function StepForm({ onSubmit, busy, problem, session, children, submitLabel }: { onSubmit: () => void; busy: boolean; problem?: string | undefined; session: boolean; children: ReactNode; submitLabel?: string }) {
  const t = useT();
  const id = useId();
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card onboarding__form" onSubmit={handle} noValidate>
      {children}
      <FieldProblem id={`${id}-form`} problem={problem} />
      {session && <WayOn signIn />}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? t('onboarding.saving') : (submitLabel ?? t('onboarding.continue'))}
      </button>
    </form>
  );
}
