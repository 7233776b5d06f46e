// 変更履歴: from a loaded record of a form that names its audit entity (store.audit) to the audit
// viewer filtered to that record (docs/audit.md). Provider administrators only: the viewer is theirs.
import { Link } from 'react-router-dom';
import { isProviderAdmin } from '../app/session';
import type { FormDefinition } from './definitions';
import type { EditMode } from './modes';

export function AuditHistoryLink({
  definition,
  record,
  mode,
}: {
  definition: FormDefinition;
  record: Record<string, unknown>;
  mode: EditMode;
}) {
  const entity = definition.store?.audit;
  const key = definition.store?.key.field;
  const id = key ? record[key] : undefined;
  if (mode !== 'update' || !entity || (typeof id !== 'string' && typeof id !== 'number') || id === '') return null;
  if (!isProviderAdmin()) return null;
  const to = `/kanri-audit?${new URLSearchParams({ entity, id: String(id) }).toString()}`;
  return (
    <p style={{ margin: '0 0 var(--space-2)', textAlign: 'right', fontSize: 'var(--font-size-sm)' }}>
      <Link to={to}>変更履歴</Link>
    </p>
  );
}
