import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, STAFF_ROLES, type OperatorCallData, type StaffRole, type StaffView } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorLine } from '../../ui/FormParts';
import { ExportLink } from '../../ui/ExportLink';

export const STAFF_PATH = '/staff';

type Created = OperatorCallData<typeof OperatorRoutes.staffCreate>;

/**
 * Staff accounts for administrators (docs/decisions/165): create one (its temporary password is
 * shown once, here), change a role, disable, reset an authenticator. The server refuses removing
 * the last administrator and records each change in the audit log.
 */
export function StaffAccounts() {
  const t = useT();
  usePageTitle('bo.staff.title');
  const { api, me, language } = useBackoffice();
  const [items, setItems] = useState<StaffView[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [draft, setDraft] = useState<{ email: string; name: string; role: StaffRole }>({ email: '', name: '', role: 'agent' });
  const failureText = useCallback((failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network')), [t]);

  const load = useCallback(() => {
    setLoading(true);
    api.call(OperatorRoutes.staffAccounts).then(
      (answer) => {
        setItems(answer.items);
        setLoading(false);
      },
      (failure: unknown) => {
        setError(failureText(failure));
        setLoading(false);
      },
    );
  }, [api, failureText]);
  useEffect(load, [load]);

  const act = (work: Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    work.then(
      () => {
        setNotice(t('bo.staff.done', { name: done }));
        load();
      },
      (failure: unknown) => {
        setError(failureText(failure));
        load();
      },
    );
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    api.call(OperatorRoutes.staffCreate, { body: draft }).then(
      (answer) => {
        setCreated(answer);
        setDraft({ email: '', name: '', role: 'agent' });
        load();
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  };

  const columns: Column<StaffView>[] = [
    { id: 'name', header: t('bo.staff.name'), cell: (row) => row.name },
    { id: 'email', header: t('bo.staff.email'), cell: (row) => row.email },
    {
      id: 'role',
      header: t('bo.staff.role'),
      cell: (row) =>
        row.disabled || row.staffId === me.staffId ? (
          t(`bo.role.${row.role}`)
        ) : (
          <select
            aria-label={t('bo.staff.changeRole', { name: row.name })}
            value={row.role}
            onChange={(event) => {
              const role = STAFF_ROLES.find((value) => value === event.currentTarget.value);
              if (role) act(api.call(OperatorRoutes.staffRole, { params: { staffId: row.staffId }, body: { role } }), row.email);
            }}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`bo.role.${role}`)}
              </option>
            ))}
          </select>
        ),
    },
    {
      id: 'state',
      header: t('bo.staff.state'),
      cell: (row) =>
        row.disabled ? (
          <span className="bo-badge">{t('bo.staff.disabled')}</span>
        ) : row.lockedUntil && Date.parse(row.lockedUntil) > Date.now() ? (
          <span className="bo-badge bo-badge--alert">{t('bo.staff.locked')}</span>
        ) : row.adminPending ? (
          <span className="bo-badge">{t('bo.staff.adminPending')}</span>
        ) : (
          t('bo.staff.active')
        ),
    },
    { id: 'totp', header: t('bo.staff.authenticator'), cell: (row) => (row.totpEnrolled ? t('bo.staff.enrolled') : t('bo.staff.notEnrolled')) },
    { id: 'created', header: t('bo.staff.since'), cell: (row) => formatInstant(row.createdAt, language) },
    {
      id: 'actions',
      header: t('bo.staff.actions'),
      cell: (row) =>
        row.disabled || row.staffId === me.staffId ? null : (
          <span className="bo-actions">
            {row.adminPending && (
              <button
                type="button"
                onClick={() => globalThis.confirm(t('bo.staff.confirmAdminAsk', { name: row.name })) && act(api.call(OperatorRoutes.staffConfirmAdmin, { params: { staffId: row.staffId } }), row.email)}
              >
                {t('bo.staff.confirmAdmin')}
              </button>
            )}
            <button
              type="button"
              onClick={() => globalThis.confirm(t('bo.staff.confirmReset', { name: row.name })) && act(api.call(OperatorRoutes.staffResetTotp, { params: { staffId: row.staffId } }), row.email)}
            >
              {t('bo.staff.resetTotp')}
            </button>
            <button
              type="button"
              onClick={() => globalThis.confirm(t('bo.staff.confirmDisable', { name: row.name })) && act(api.call(OperatorRoutes.staffDisable, { params: { staffId: row.staffId } }), row.email)}
            >
              {t('bo.staff.disable')}
            </button>
          </span>
        ),
    },
  ];

  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.staff.title')}</h1>
      <ErrorLine message={error} />
      {notice ? (
        <p className="bo-notice" role="status">
          {notice}
        </p>
      ) : null}
      {created ? (
        <div className="bo-notice" role="status" data-temporary-password="">
          <p>{t('bo.staff.created', { email: created.staff.email })}</p>
          <p>
            {t('bo.staff.temporaryPassword')}: <code>{created.temporaryPassword}</code>
          </p>
        </div>
      ) : null}
      <ExportLink route={OperatorRoutes.staffAccountsCsv} />
      <DataTable
        caption={t('bo.staff.caption')}
        columns={columns}
        rows={items}
        rowKey={(row) => String(row.staffId)}
        rowLabel={(row) => row.email}
        loading={loading}
        error={null}
        paging={{ pageNumber: 1, hasPrevious: false, hasNext: false, onPrevious: () => undefined, onNext: () => undefined }}
      />
      <h2>{t('bo.staff.create')}</h2>
      <form className="bo-filters" onSubmit={create}>
        <label>
          {t('bo.staff.name')}
          <input name="name" required maxLength={100} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} />
        </label>
        <label>
          {t('bo.staff.email')}
          <input name="email" type="email" required maxLength={254} value={draft.email} onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })} />
        </label>
        <label>
          {t('bo.staff.role')}
          <select name="role" value={draft.role} onChange={(event) => setDraft({ ...draft, role: STAFF_ROLES.find((role) => role === event.currentTarget.value) ?? 'agent' })}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`bo.role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="bo-primary">
          {t('bo.staff.createSubmit')}
        </button>
      </form>
    </section>
  );
}
