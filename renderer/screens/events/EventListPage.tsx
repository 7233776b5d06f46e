// Skill-up events /skilup-event-list (spec 002 sections 2.4, 4, 5): the events the user applied
// to (appDispCount of them, then a more button), then a toggle between the event list and the
// attendance history; each keeps its own search criteria and results. A list over the server's
// maximum answers 416, shown as ERR_0023 naming the list or the history.
import { useState } from 'react';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { alertApiError } from '../../app/errors/alert-api-error';
import { isProviderAdmin, useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { useRemote } from '../../components/use-remote';
import {
  loadInitialEvents,
  NO_CRITERIA,
  searchEvents,
  searchHistory,
  type EventCriteria,
  type EventItem,
  type EventTag,
  type InitialEvents,
} from './calls';
import { EventGrid } from './EventCard';
import { EventSearchPanel } from './EventSearchPanel';
import sideLayout from '../../components/SideLayout.module.css';
import styles from './Events.module.css';
import { CATEGORY } from '../../../schemas/categories';

type Tab = 'list' | 'history';
const TAB_NAME: Record<Tab, string> = { list: 'イベント一覧', history: '参加履歴' };
/** The event registration form (updateFormPath of the events category) for the edit icons. */
const EVENT_FORM_PATH = '/event-touroku';

interface ListState {
  criteria: EventCriteria;
  items: EventItem[];
  tags: EventTag[];
}

function EventsView({ initial, admin }: { initial: InitialEvents; admin: boolean }) {
  const [tab, setTab] = useState<Tab>('list');
  const [lists, setLists] = useState<Record<Tab, ListState>>({
    list: { criteria: NO_CRITERIA, items: initial.eventListData, tags: initial.eventTagListData },
    history: { criteria: NO_CRITERIA, items: initial.historyEventListData, tags: initial.historyEventTagListData },
  });
  const [appliedOpen, setAppliedOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const applied = initial.applicationEventListData;
  const current = lists[tab];
  const editPath = admin ? EVENT_FORM_PATH : '';

  const setCriteria = (criteria: EventCriteria) => setLists((l) => ({ ...l, [tab]: { ...l[tab], criteria } }));
  const search = async (criteria: EventCriteria) => {
    const which = tab;
    setSearching(true);
    try {
      const found = which === 'list' ? await searchEvents(criteria) : await searchHistory(criteria);
      setLists((l) => ({ ...l, [which]: { criteria, items: found.items, tags: found.tags } }));
    } catch (error) {
      await alertApiError(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <section className={styles.section} aria-labelledby="applied-events">
        <h2 id="applied-events" className={styles.sectionTitle}>
          お申し込み済みのイベント <span className={styles.count}>{applied.length}件</span>
        </h2>
        {applied.length === 0 ? (
          <p className={styles.empty}>お申し込み中のイベントはありません。</p>
        ) : (
          <>
            <EventGrid
              items={appliedOpen ? applied : applied.slice(0, initial.appDispCount)}
              label="お申し込み済みのイベント"
              editPath={editPath}
            />
            {applied.length > initial.appDispCount && (
              <div className={styles.moreRow}>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-expanded={appliedOpen}
                  onClick={() => setAppliedOpen(!appliedOpen)}
                >
                  {appliedOpen ? '閉じる' : `もっと見る（残り${applied.length - initial.appDispCount}件）`}
                </button>
              </div>
            )}
          </>
        )}
      </section>

      <div className={sideLayout.layout}>
        <section className={styles.section} aria-label={TAB_NAME[tab]} aria-busy={searching}>
          <div className={styles.tabs} role="tablist" aria-label="表示の切り替え">
            {(['list', 'history'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls="event-tabpanel"
                className={`${styles.tab} ${tab === t ? styles.tabOn : ''}`}
                onClick={() => setTab(t)}
              >
                {TAB_NAME[t]}
                <span className={styles.tabCount}>{lists[t].items.length}</span>
              </button>
            ))}
          </div>
          <div id="event-tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {current.items.length === 0 ? (
              <p className={styles.empty}>
                {tab === 'list' ? '条件に合うイベントはありません。' : '参加履歴はありません。'}
              </p>
            ) : (
              <EventGrid items={current.items} label={TAB_NAME[tab]} editPath={editPath} />
            )}
          </div>
        </section>
        <aside className={styles.side} aria-label="検索条件">
          <EventSearchPanel
            key={tab}
            title={`${TAB_NAME[tab]}を検索`}
            value={current.criteria}
            tags={current.tags}
            outsideOption={admin && tab === 'list'}
            disabled={searching}
            onChange={setCriteria}
            onSearch={(c) => void search(c)}
          />
        </aside>
      </div>
    </>
  );
}

export function EventListPage() {
  const session = useSession();
  const admin = isProviderAdmin(session);
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');
  const remote = useRemote(`events|${scope}`, loadInitialEvents, (error) => {
    // 416 names the list (ERR_0023) from the answer; anything else follows the general handler.
    const text = errorMessageText(error);
    if (!(isApiError(error) && error.outOfOperation)) void alertMessage(text);
    return text;
  });
  return (
    <div className={sideLayout.page}>
      <Breadcrumbs categoryId={CATEGORY.EVENTS} />
      <h1 className={sideLayout.title}>イベント</h1>
      {remote.status === 'loading' && <div className={styles.loading} role="status" aria-label="読み込み中" />}
      {remote.status === 'failed' && <p className={styles.failed}>{remote.message}</p>}
      {remote.status === 'ready' && <EventsView key={scope} initial={remote.data} admin={admin} />}
    </div>
  );
}
