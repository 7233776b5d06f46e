// /kanrisya-top (spec 001 "Admin top"): the admin buttons by group, gated by the permission flags
// of /api/KanriTop/getKanriCategory (a group only when one of its buttons is allowed; some groups
// for provider administrators only), and for provider administrators the pseudo-login and the
// business-date switch (the server refuses both to anyone else as well).
import { Link } from 'react-router-dom';
import { errorMessageText } from '../../api/client';
import { effectiveIds, isProviderAdmin, useSession } from '../../app/session';
import { useRemote } from '../../components/use-remote';
import { visibleGroups } from './admin-menu';
import { loadKanriCategories, type AdminCategory } from './calls';
import { BusinessDateBox } from './BusinessDateBox';
import { PseudoLoginBox } from './PseudoLoginBox';
import layout from '../../forms/FormLayout.module.css';
import styles from './KanriTop.module.css';

export function KanriTopPage() {
  const session = useSession();
  const providerAdmin = isProviderAdmin(session);
  const ids = effectiveIds(session);
  const remote = useRemote<AdminCategory[]>(
    `${ids.userId}:${ids.agCode}`,
    (signal) => loadKanriCategories(ids, signal),
    (error) => errorMessageText(error),
  );
  const groups = remote.status === 'ready' ? visibleGroups(remote.data, providerAdmin) : [];

  return (
    <section className={layout.panel} aria-labelledby="kanri-top-title">
      <div className={layout.panelHeader}>
        <h1 id="kanri-top-title" className={layout.title}>
          管理者TOP
        </h1>
      </div>
      <div className={layout.panelBody}>
        {providerAdmin && (
          <div className={styles.tools}>
            <PseudoLoginBox />
            <BusinessDateBox />
          </div>
        )}
        {remote.status === 'failed' && (
          <p className={layout.loadError} role="alert">
            {remote.message}
          </p>
        )}
        {(remote.status === 'loading' || remote.status === 'idle') && (
          <div className={layout.loading} role="status">
            <span className={layout.spinner} aria-hidden="true" />
            読み込み中です…
          </div>
        )}
        {remote.status === 'ready' && groups.length === 0 && (
          <p className={styles.none}>利用できる管理メニューはありません。</p>
        )}
        <div className={styles.groups}>
          {groups.map((group) => (
            <section key={group.title} className={styles.group} aria-labelledby={`group-${group.title}`}>
              <h2 id={`group-${group.title}`} className={styles.groupTitle}>
                {group.title}
              </h2>
              <ul className={styles.buttons}>
                {group.buttons.map((b) => (
                  <li key={b.categoryId}>
                    <Link to={b.categoryUrl} className={styles.menuButton}>
                      {b.categoryName}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
