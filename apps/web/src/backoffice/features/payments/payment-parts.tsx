import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { navigate } from '../../lib/hash-location';
import { OrderLink } from '../../ui/BorrowerLink';
import type { CursorPages } from '../../ui/cursor-pages';
import { FilterActions, useFailureText } from '../../ui/FormParts';
import { cleanOrderNo, PAYMENTS_PATH, type PaymentViewName } from './payment-views';

/** What the Payments section's pages share: paging, a form's call, its answer (docs/decisions/176). */
export const PAGE_SIZE = 20;

/** One form's call at a time: busy while it runs, then its answer or the refusal in the reader's language. */
export function useSending<R>() {
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<R | null>(null);
  const send = (call: () => Promise<R>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    void call()
      .then(setDone, (failure: unknown) => setError(failureText(failure)))
      .finally(() => setBusy(false));
  };
  return { busy, error, done, setError, send };
}

/** The key of a row that has an id. */
export const byId = (row: { id: number }): string => String(row.id);

/** A cursor-paged list, as the table takes it. */
export function serverPage<T>(pages: CursorPages<T>, rowKey: (row: T) => string) {
  return {
    rows: pages.items,
    rowKey,
    loading: pages.loading,
    error: pages.error,
    paging: { pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next },
  };
}

export const orderLink = (orderNo: string) => <OrderLink orderNo={orderNo} />;

/**
 * A list's order filter, kept in the address so a page can be shared and reloaded; `extra` adds the
 * page's other filters (their inputs as `children`) to the address when applied.
 */
export function OrderFilter({ view, orderNo, extra, children }: { view: PaymentViewName; orderNo: string; extra?: () => Record<string, string | undefined>; children?: ReactNode }) {
  const t = useT();
  const [typed, setTyped] = useState(orderNo);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(PAYMENTS_PATH, { view, orderNo: cleanOrderNo(typed) || undefined, ...extra?.() });
  };
  return (
    <form className="bo-filters" onSubmit={apply} role="search">
      <label>
        {t('bo.pay.orderNo')}
        <input name="orderNo" value={typed} maxLength={32} onChange={(event) => setTyped(event.currentTarget.value)} />
      </label>
      {children}
      <FilterActions onClear={() => navigate(PAYMENTS_PATH, { view })} />
    </form>
  );
}

/**
 * A labelled choice among a list's values, each in the reader's language; with `anyText` a first
 * choice of none, answered as `undefined`.
 */
export function ChoiceSelect<V extends string>(props: {
  label: string;
  name: string;
  values: readonly V[];
  keys: Record<V, BackofficeKey>;
  value: V | '';
  onChange: (value: V | undefined) => void;
  anyText?: string;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const { values, keys, onChange } = props;
  return (
    <label>
      {props.label}
      <select ref={props.selectRef} name={props.name} value={props.value} onChange={(event) => onChange(values.find((candidate) => candidate === event.currentTarget.value))}>
        {props.anyText === undefined ? null : <option value="">{props.anyText}</option>}
        {values.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(keys[candidate])}
          </option>
        ))}
      </select>
    </label>
  );
}
