// /aguser-maintenance (spec 001 "Agent user maintenance"): schemas/lists/ag-user.json. Each row
// links to its user's sign-in history; the link below the list opens the agent's (docs/security.md).
import { Link } from 'react-router-dom';
import { ListScreen } from '../../forms/lazy';

export function AgUserMaintenancePage() {
  return (
    <>
      <ListScreen listId="ag-user" />
      <p style={{ marginTop: 'var(--space-3)', textAlign: 'right' }}>
        <Link to="/signin-history">代理店ユーザーのログイン履歴</Link>
      </p>
    </>
  );
}
