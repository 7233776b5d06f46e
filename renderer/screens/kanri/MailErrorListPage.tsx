// /mail-error-list (送信エラーメール, provider administrators): schemas/lists/mail-error-list.json.
// Mails that failed every try of the outbox (docs/operations.md, "Mail"); 再送信 queues them again.
import { ListScreen } from '../../forms/lazy';

export function MailErrorListPage() {
  return <ListScreen listId="mail-error-list" />;
}
