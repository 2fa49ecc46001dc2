import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OperatorRoutes, QUEUE_SORTS, type CollectionQueueItem, type CollectionQueuePage, type StaffView } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatMinor } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorLine, FilterActions, Notice, useFailureText } from '../../ui/FormParts';
import { ChoiceSelect } from './ChoiceSelect';
import { PromiseRatesPanel } from './PromiseRates';
import { collectionFileHref, COLLECTIONS_PATH } from './collection-rules';

const PAGE_SIZE = 25;
const ASSIGNEES = ['me', 'unassigned', 'all'] as const;
type Assignee = (typeof ASSIGNEES)[number];
type Sort = (typeof QUEUE_SORTS)[number];
const SORT_KEYS: Record<Sort, BackofficeKey> = { dpd: 'bo.coll.sort.dpd', owed: 'bo.coll.sort.owed', promise: 'bo.coll.sort.promise' };
const ASSIGNEE_KEYS: Record<Assignee, BackofficeKey> = { me: 'bo.coll.assignee.me', unassigned: 'bo.coll.assignee.unassigned', all: 'bo.coll.assignee.all' };
const MARKET_KEYS: Record<Market, BackofficeKey> = { MX: 'bo.coll.market.MX', IN: 'bo.coll.market.IN' };

/** The queue's filters as the address keeps them (`#/collections?market=&bucket=&assignee=&sort=`), so a reload keeps the agent's place. */
type Filters = { market: Market; bucket: string; assignee: Assignee; sort: Sort };

function filtersOf(params: URLSearchParams): Filters {
  const assignee = ASSIGNEES.find((candidate) => candidate === params.get('assignee')) ?? 'all';
  const sort = QUEUE_SORTS.find((candidate) => candidate === params.get('sort')) ?? 'dpd';
  return { market: params.get('market') === 'IN' ? 'IN' : 'MX', bucket: (params.get('bucket') ?? '').trim().slice(0, 16), assignee, sort };
}

const hrefParams = (filters: Filters) => ({ market: filters.market, bucket: filters.bucket, assignee: filters.assignee === 'all' ? undefined : filters.assignee, sort: filters.sort === 'dpd' ? undefined : filters.sort });

/**
 * The buckets the filter offers: the market's own for an administrator, who may read them
 * (docs/decisions/242); for an agent, who may not, the buckets the queue has shown so far, with the
 * field left free to type any code.
 */
function useBucketChoices(market: Market, isAdmin: boolean, seen: readonly string[]): string[] {
  const { api } = useBackoffice();
  const [bands, setBands] = useState<Record<Market, string[]> | null>(null);
  useEffect(() => {
    if (!isAdmin) return;
    let current = true;
    api.call(OperatorRoutes.delinquencyBands).then(
      (list) => {
        if (!current) return;
        const byMarket: Record<Market, string[]> = { MX: [], IN: [] };
        for (const entry of list.items) byMarket[entry.market] = entry.bands.map((band) => band.code);
        setBands(byMarket);
      },
      // Without the buckets the field stays free: the queue itself still works.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, isAdmin]);
  return bands ? bands[market] : [...new Set(seen)].sort();
}

/** The active agents a supervisor may give orders to, from the staff list the staff section reads. */
function useAgents(isAdmin: boolean): StaffView[] {
  const { api } = useBackoffice();
  const [agents, setAgents] = useState<StaffView[]>([]);
  useEffect(() => {
    if (!isAdmin) return;
    let current = true;
    api.call(OperatorRoutes.staffAccounts).then(
      (list) => current && setAgents(list.items.filter((person) => person.role === 'agent' && !person.disabled)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, isAdmin]);
  return agents;
}

/**
 * The collections queue (docs/decisions/243): a market's late orders by bucket and assignee,
 * sorted by days past due, amount owed or next promise, paged by offset because those values move
 * every day. Agents take the next order; supervisors share the unassigned evenly or give orders to
 * an agent.
 */
export function CollectionsQueue({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.coll.title');
  const { api, me, language } = useBackoffice();
  const failureText = useFailureText();
  // Read through a ref so a change of language does not fetch the page again.
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const isAdmin = me.role === 'admin';
  const filters = filtersOf(location.params);
  const [bucketText, setBucketText] = useState(filters.bucket);
  useEffect(() => setBucketText(filters.bucket), [filters.bucket]);
  const [offset, setOffset] = useState(0);
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState<CollectionQueuePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [agentChoice, setAgentChoice] = useState('');
  const confirmation = useConfirmation();
  const buckets = useBucketChoices(filters.market, isAdmin, seen);
  const agents = useAgents(isAdmin);
  const { market, bucket, assignee: assigneeFilter, sort } = filters;
  const filterKey = `${market}|${bucket}|${assigneeFilter}|${sort}`;

  useEffect(() => {
    setOffset(0);
    setSelected(new Set());
  }, [filterKey]);

  useEffect(() => {
    let current = true;
    setError(null);
    setPage(null);
    const assignee = assigneeFilter === 'all' ? undefined : assigneeFilter;
    api
      .call(OperatorRoutes.collectionQueue, { query: { market, bucket: bucket || undefined, assignee, sort, limit: PAGE_SIZE, offset } })
      .then(
        (answer) => {
          if (!current) return;
          setPage(answer);
          setSeen((before) => [...new Set([...before, ...answer.items.map((item) => item.bucket)])]);
        },
        (failure: unknown) => current && setError(failureTextRef.current(failure)),
      );
    return () => {
      current = false;
    };
  }, [api, market, bucket, assigneeFilter, sort, offset, version]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(COLLECTIONS_PATH, hrefParams({ ...filters, bucket: bucketText.trim() }));
  };
  const change = (next: Partial<Filters>) => navigate(COLLECTIONS_PATH, hrefParams({ ...filters, ...next }));
  const bucketLabel = filters.bucket || t('bo.coll.bucket.all');
  const marketName = t(MARKET_KEYS[filters.market]);

  const run = (call: () => Promise<string | null>) => {
    setBusy(true);
    setNotice(null);
    setActionError(null);
    void call()
      .then(
        (done) => done !== null && setNotice(done),
        (failure: unknown) => setActionError(failureText(failure)),
      )
      .finally(() => setBusy(false));
  };
  const takeNext = () =>
    run(async () => {
      const taken = await api.call(OperatorRoutes.collectionTakeNext, { body: { market: filters.market, bucket: filters.bucket || undefined } });
      if (!taken) return t('bo.coll.noneLeft');
      navigate(`${COLLECTIONS_PATH}/${taken.orderNo}`);
      return null;
    });
  const shareEvenly = () =>
    confirmation.ask({
      title: t('bo.coll.shareEvenly.title', { market: marketName }),
      lines: [t('bo.coll.shareEvenly.scope', { bucket: bucketLabel }), t('bo.coll.shareEvenly.effect')],
      confirmLabel: t('bo.coll.shareEvenly'),
      run: () =>
        run(async () => {
          const { assigned } = await api.call(OperatorRoutes.collectionAssignEvenly, { body: { market: filters.market, bucket: filters.bucket || undefined } });
          setVersion((count) => count + 1);
          return t('bo.coll.shared', { count: assigned });
        }),
    });
  const give = (event: FormEvent) => {
    event.preventDefault();
    const orderNos = [...selected];
    if (orderNos.length === 0 || agentChoice === '') return;
    const agentId = agentChoice === 'free' ? null : Number(agentChoice);
    const agent = agents.find((candidate) => candidate.staffId === agentId);
    run(async () => {
      const { assigned } = await api.call(OperatorRoutes.collectionAssign, { body: { orderNos, agentId } });
      setSelected(new Set());
      setVersion((count) => count + 1);
      return agentId === null ? t('bo.coll.freed', { count: assigned }) : t('bo.coll.given', { count: assigned, agent: agent ? `${agent.name} (${agent.email})` : String(agentId) });
    });
  };
  const toggle = (orderNo: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(orderNo);
      else next.delete(orderNo);
      return next;
    });

  const columns: Column<CollectionQueueItem>[] = [
    ...(isAdmin
      ? [
          {
            id: 'select',
            header: t('bo.coll.col.select'),
            cell: (row: CollectionQueueItem) => (
              <input type="checkbox" aria-label={t('bo.coll.selectRow', { orderNo: row.orderNo })} checked={selected.has(row.orderNo)} onChange={(event) => toggle(row.orderNo, event.currentTarget.checked)} />
            ),
          },
        ]
      : []),
    { id: 'order', header: t('bo.coll.col.order'), cell: (row) => <a href={collectionFileHref(row.orderNo)}>{row.orderNo}</a> },
    { id: 'borrower', header: t('bo.coll.col.borrower'), cell: (row) => <BorrowerLink id={row.borrowerId} name={row.borrowerName} /> },
    { id: 'bucket', header: t('bo.coll.col.bucket'), cell: (row) => row.bucket },
    { id: 'dpd', header: t('bo.coll.col.dpd'), cell: (row) => row.daysPastDue },
    { id: 'lateSince', header: t('bo.coll.col.lateSince'), cell: (row) => (row.lateSince ? formatDay(row.lateSince, language) : t('bo.coll.none')) },
    { id: 'owed', header: t('bo.coll.col.owed'), cell: (row) => formatMinor(row.owedMinor, language, row.currency) },
    { id: 'assignee', header: t('bo.coll.col.assignee'), cell: (row) => row.assignee?.email ?? t('bo.coll.nobody') },
    { id: 'promise', header: t('bo.coll.col.promise'), cell: (row) => (row.nextPromiseOn ? formatDay(row.nextPromiseOn, language) : t('bo.coll.none')) },
  ];
  const shown = page?.items.length ?? 0;

  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.coll.title')}</h1>
      <form className="bo-filters" onSubmit={apply} role="search" aria-label={t('bo.coll.filters')}>
        <label>
          {t('bo.coll.market')}
          <select name="market" value={filters.market} onChange={(event) => change({ market: event.currentTarget.value === 'IN' ? 'IN' : 'MX', bucket: '' })}>
            <option value="MX">{t('bo.coll.market.MX')}</option>
            <option value="IN">{t('bo.coll.market.IN')}</option>
          </select>
        </label>
        <label>
          {t('bo.coll.bucket')}
          {isAdmin && buckets.length > 0 ? (
            <select name="bucket" value={filters.bucket} onChange={(event) => change({ bucket: event.currentTarget.value })}>
              <option value="">{t('bo.coll.bucket.all')}</option>
              {buckets.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input name="bucket" list="bo-coll-buckets" maxLength={16} size={8} value={bucketText} onChange={(event) => setBucketText(event.currentTarget.value)} />
              <datalist id="bo-coll-buckets">
                {buckets.map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
            </>
          )}
        </label>
        <ChoiceSelect label={t('bo.coll.assignee')} name="assignee" value={filters.assignee} choices={ASSIGNEES} keys={ASSIGNEE_KEYS} onChange={(assignee) => change({ assignee })} />
        <ChoiceSelect label={t('bo.coll.sort')} name="sort" value={filters.sort} choices={QUEUE_SORTS} keys={SORT_KEYS} onChange={(sort) => change({ sort })} />
        <FilterActions onClear={() => navigate(COLLECTIONS_PATH, { market: filters.market })} />
      </form>

      {/* Taking an order is an agent's (or a supervisor's); a credit officer reads the queue (docs/decisions/249). */}
      {me.role === 'credit-officer' ? null : (
        <div className="bo-actions">
          <button type="button" className="bo-primary" disabled={busy} onClick={takeNext} data-take-next="">
            {t('bo.coll.takeNext')}
          </button>
        </div>
      )}
      <ErrorLine message={actionError} />
      <Notice text={notice} />

      {isAdmin ? (
        <section className="bo-coll-supervisor" aria-labelledby="bo-coll-supervisor">
          <h2 id="bo-coll-supervisor">{t('bo.coll.supervisor')}</h2>
          <div className="bo-actions">
            <button type="button" disabled={busy} onClick={shareEvenly}>
              {t('bo.coll.shareEvenly')}
            </button>
          </div>
          <form className="bo-filters" onSubmit={give} aria-label={t('bo.coll.giveTo')}>
            <label>
              {t('bo.coll.giveTo')}
              <select name="agent" value={agentChoice} onChange={(event) => setAgentChoice(event.currentTarget.value)}>
                <option value="">{t('bo.coll.chooseAgent')}</option>
                {agents.map((agent) => (
                  <option key={agent.staffId} value={String(agent.staffId)}>
                    {`${agent.name} (${agent.email})`}
                  </option>
                ))}
                <option value="free">{t('bo.coll.free')}</option>
              </select>
            </label>
            <button type="submit" disabled={busy || selected.size === 0 || agentChoice === ''}>
              {t('bo.coll.give')}
            </button>
            <p className="bo-muted">{t('bo.coll.selected', { count: selected.size })}</p>
          </form>
        </section>
      ) : null}

      <p className="bo-muted" data-queue-total={page?.total ?? ''}>
        {page ? (page.total === 0 ? t('bo.coll.totalNone') : t('bo.coll.total', { count: page.total, from: shown === 0 ? 0 : offset + 1, to: offset + shown })) : null}
      </p>
      <DataTable
        caption={t('bo.coll.caption', { market: marketName })}
        columns={columns}
        rows={page?.items ?? null}
        rowKey={(row) => row.orderNo}
        rowLabel={(row) => row.orderNo}
        loading={page === null && error === null}
        error={error}
        paging={{
          pageNumber: Math.floor(offset / PAGE_SIZE) + 1,
          hasPrevious: offset > 0,
          hasNext: page?.more ?? false,
          onPrevious: () => setOffset((value) => Math.max(0, value - PAGE_SIZE)),
          onNext: () => setOffset((value) => value + PAGE_SIZE),
        }}
      />
      <PromiseRatesPanel market={filters.market} />
      {confirmation.dialog}
    </section>
  );
}
