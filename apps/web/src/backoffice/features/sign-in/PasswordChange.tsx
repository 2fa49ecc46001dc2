import { useState, type FormEvent } from 'react';
import { OperatorRoutes, StaffLimits, type StaffMe } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { OperatorCallError, type OperatorApi } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';

/**
 * A temporary password must be replaced before anything else (docs/decisions/167): the server
 * refuses every other call until it is, so the back office shows nothing else.
 */
export function PasswordChange({ api, onChanged }: { api: OperatorApi; onChanged: (me: StaffMe) => void }) {
  const t = useT();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== repeat) {
      setError(t('bo.password.mismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        await api.call(OperatorRoutes.staffPassword, { body: { currentPassword, newPassword } });
        onChanged(await api.call(OperatorRoutes.staffMe));
      } catch (failure) {
        setError(failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network'));
        setBusy(false);
      }
    })();
  };

  return (
    <main className="bo-sign-in" id="content">
      <section className="bo-card" aria-labelledby="bo-password-heading">
        <form onSubmit={submit}>
          <h2 id="bo-password-heading">{t('bo.password.title')}</h2>
          <p>{t('bo.password.intro', { min: StaffLimits.passwordMinChars })}</p>
          <ErrorLine message={error} />
          <label>
            {t('bo.password.current')}
            <input type="password" name="currentPassword" autoComplete="current-password" required value={currentPassword} onChange={(event) => setCurrent(event.currentTarget.value)} />
          </label>
          <label>
            {t('bo.password.new')}
            <input
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={StaffLimits.passwordMinChars}
              maxLength={StaffLimits.passwordMaxChars}
              value={newPassword}
              onChange={(event) => setNew(event.currentTarget.value)}
            />
          </label>
          <label>
            {t('bo.password.repeat')}
            <input type="password" name="repeatPassword" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.currentTarget.value)} />
          </label>
          <button type="submit" className="bo-primary" disabled={busy}>
            {t('bo.password.submit')}
          </button>
        </form>
      </section>
    </main>
  );
}
