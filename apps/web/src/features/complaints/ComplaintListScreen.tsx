import { AppRoute, Limits, type ComplaintList, type ComplaintTab } from '@lend/contracts';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { Link } from '../../lib/router';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { useCall } from '../../lib/http/use-call';
import { Screen } from '../../ui/Screen';
import { complaintListInPage, getComplaintList } from './api/get-complaint-list';
import { pageHref } from './complaint-links';
import { CallResult } from '../../ui/CallResult';
import './complaints.css';

/** Complaint list (docs/decisions/023): tabs from the server, each with its complaints. */
export function ComplaintListScreen() {
  const t = useT();
  usePageTitle('complaints.list.title');
  const load = useCallback((signal: AbortSignal) => getComplaintList(t('complaints.list.loading'), signal), [t]);
  const [state] = useCall(load, complaintListInPage);

  return (
    <Screen title={t('complaints.list.title')}>
      <CallResult state={state}>{(list) => <ComplaintTabs list={list} />}</CallResult>
    </Screen>
  );
}

/** WAI-ARIA tabs: arrow keys move between tabs, each panel lists its complaints. */
function ComplaintTabs({ list }: { list: ComplaintList }) {
  const t = useT();
  const baseId = useId();
  const [active, setActive] = useState(0);
  const current = list.tabs[active];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (active + step + list.tabs.length) % list.tabs.length;
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="complaint-tabs">
      <div role="tablist" aria-label={t('complaints.list.tabs')} className="complaint-tabs__list">
        {list.tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="complaint-tabs__tab"
            aria-selected={index === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === active ? 0 : -1}
            data-tab={tab.key}
            onClick={() => setActive(index)}
            onKeyDown={onKeyDown}
          >
            {tab.title} <span className="complaint-tabs__count">({tab.list.length})</span>
          </button>
        ))}
      </div>
      {current && (
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`} className="complaint-tabs__panel">
          <TabItems tab={current} />
        </div>
      )}
      {list.hasMore && <p className="card complaint-empty">{t('complaints.list.more', { count: Limits.borrowerComplaintListMax })}</p>}
    </div>
  );
}

function TabItems({ tab }: { tab: ComplaintTab }) {
  const t = useT();
  const params = usePageParams();
  if (tab.list.length === 0) return <p className="card complaint-empty">{t('complaints.list.empty')}</p>;
  return (
    <ul className="complaint-items">
      {tab.list.map((item) => (
        <li key={item.id}>
          <Link
            className="card complaint-item"
            to={pageHref(AppRoute.complaintDetails, params, { problemId: item.id })}
            data-problem-id={item.id}
          >
            <span className="complaint-item__top">
              <span className="complaint-item__type">{item.sonType ? `${item.type} · ${item.sonType}` : item.type}</span>
              <time className="complaint-item__time">{item.time}</time>
            </span>
            <span className="complaint-item__content">{item.content}</span>
            <span className="complaint-item__folio">{item.folio}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
