import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, type OperatorComplaintType } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { wholeFromText } from './config-views';
import { ONE_PAGE, useSaving } from './settings-parts';

type Draft = { value: string; parentValue: string; titleEn: string; titleEs: string; sortOrder: string; active: boolean };

const EMPTY: Draft = { value: '', parentValue: '', titleEn: '', titleEs: '', sortOrder: '0', active: true };

const draftOf = (type: OperatorComplaintType): Draft => ({
  value: String(type.value),
  parentValue: type.parentValue === null ? '' : String(type.parentValue),
  titleEn: type.titleEn,
  titleEs: type.titleEs,
  sortOrder: String(type.sortOrder),
  active: type.active,
});

/**
 * The problem types a borrower picks when filing a complaint, and their child types: a new one, or
 * a change of an existing one's titles, place, order or availability (the server audits each).
 */
export function ComplaintTypeSettings() {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const saving = useSaving();
  const [types, setTypes] = useState<OperatorComplaintType[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(() => {
    api.call(OperatorRoutes.complaintTypes).then(
      (answer) => setTypes(answer.types),
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [api, failureText]);
  useEffect(load, [load]);

  const tops = (types ?? []).filter((type) => type.parentValue === null);
  const titleOf = (value: number | null) => (value === null ? '' : (types ?? []).find((type) => type.value === value)?.titleEn ?? String(value));
  const open = (type: OperatorComplaintType) => {
    setEditing(type.value);
    setDraft(draftOf(type));
    saving.setNotice(null);
    saving.setError(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = wholeFromText(draft.value);
    const sortOrder = wholeFromText(draft.sortOrder);
    if (!value) return saving.setError(t('bo.cfg.fieldInvalid', { field: t('bo.cfg.type.value') }));
    if (sortOrder === null) return saving.setError(t('bo.cfg.fieldInvalid', { field: t('bo.cfg.type.sortOrder') }));
    const body = { parentValue: draft.parentValue ? Number(draft.parentValue) : null, titleEn: draft.titleEn, titleEs: draft.titleEs, sortOrder, active: draft.active };
    saving.run(
      () => api.call(OperatorRoutes.complaintTypeSave, { params: { value }, body }),
      (saved) => {
        load();
        setEditing(saved.value);
        return t('bo.cfg.type.saved', { value: saved.value });
      },
    );
  };

  const columns: Column<OperatorComplaintType>[] = [
    { id: 'value', header: t('bo.cfg.type.value'), cell: (row) => String(row.value) },
    { id: 'parent', header: t('bo.cfg.type.parent'), cell: (row) => titleOf(row.parentValue) },
    { id: 'en', header: t('bo.cfg.type.titleEn'), cell: (row) => row.titleEn },
    { id: 'es', header: t('bo.cfg.type.titleEs'), cell: (row) => <span lang="es">{row.titleEs}</span> },
    { id: 'sort', header: t('bo.cfg.type.sortOrder'), cell: (row) => String(row.sortOrder) },
    { id: 'active', header: t('bo.cfg.type.active'), cell: (row) => t(row.active ? 'bo.cfg.yes' : 'bo.cfg.no') },
  ];
  const heading = editing === null ? t('bo.cfg.type.new') : t('bo.cfg.type.edit', { value: editing });
  return (
    <>
      <DataTable
        caption={t('bo.cfg.type.caption')}
        columns={columns}
        rows={types}
        rowKey={(row) => String(row.value)}
        rowLabel={(row) => t('bo.cfg.type.edit', { value: row.value })}
        onOpen={open}
        loading={types === null && error === null}
        error={error}
        paging={ONE_PAGE}
      />
      <div className="bo-panel">
        <h3>{heading}</h3>
        <form className="bo-filters" onSubmit={save} aria-label={heading}>
          <label>
            {t('bo.cfg.type.value')}
            <input name="value" inputMode="numeric" required size={6} readOnly={editing !== null} value={draft.value} onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })} />
          </label>
          <label>
            {t('bo.cfg.type.parent')}
            <select name="parentValue" value={draft.parentValue} onChange={(event) => setDraft({ ...draft, parentValue: event.currentTarget.value })}>
              <option value="">{t('bo.cfg.type.noParent')}</option>
              {tops
                .filter((type) => String(type.value) !== draft.value)
                .map((type) => (
                  <option key={type.value} value={String(type.value)}>
                    {type.titleEn}
                  </option>
                ))}
            </select>
          </label>
          <label>
            {t('bo.cfg.type.titleEn')}
            <input name="titleEn" required maxLength={100} value={draft.titleEn} onChange={(event) => setDraft({ ...draft, titleEn: event.currentTarget.value })} />
          </label>
          <label>
            {t('bo.cfg.type.titleEs')}
            <input name="titleEs" lang="es" required maxLength={100} value={draft.titleEs} onChange={(event) => setDraft({ ...draft, titleEs: event.currentTarget.value })} />
          </label>
          <label>
            {t('bo.cfg.type.sortOrder')}
            <input name="sortOrder" inputMode="numeric" required size={6} value={draft.sortOrder} onChange={(event) => setDraft({ ...draft, sortOrder: event.currentTarget.value })} />
          </label>
          <label>
            <span>
              <input type="checkbox" name="active" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} /> {t('bo.cfg.type.active')}
            </span>
          </label>
          <button type="submit" className="bo-primary" disabled={saving.busy}>
            {t('bo.cfg.save')}
          </button>
          {editing === null ? null : (
            <button type="button" onClick={() => (setEditing(null), setDraft(EMPTY))}>
              {t('bo.cfg.type.newInstead')}
            </button>
          )}
        </form>
        <ErrorLine message={saving.error} />
        <Notice text={saving.notice} />
      </div>
    </>
  );
}
