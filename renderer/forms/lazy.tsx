// The generic form and list pages, loaded on first use: rjsf, ajv, Slate and tus stay out of the
// bundle that every agent downloads.
import { lazy, Suspense } from 'react';
import styles from './FormLayout.module.css';

const FormPage = lazy(() => import('./FormPage').then((m) => ({ default: m.FormPage })));
const ListPage = lazy(() => import('./list/ListPage').then((m) => ({ default: m.ListPage })));

function Loading() {
  return (
    <section className={styles.panel}>
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        読み込み中です…
      </div>
    </section>
  );
}

/** A screen that is one form definition of schemas/forms. */
export function FormScreen({ formId }: { formId: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <FormPage formId={formId} />
    </Suspense>
  );
}

/** A screen that is one list definition of schemas/lists. */
export function ListScreen({ listId }: { listId: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <ListPage listId={listId} />
    </Suspense>
  );
}
