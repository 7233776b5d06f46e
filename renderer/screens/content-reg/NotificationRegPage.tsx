// /notification-reg?categoryId=1..5 (spec 001 "Notice registration": お知らせ, FAQ, 申請フォーム,
// 提案書, マニュアル) and /kanrisya-notification-reg?categoryId=12 (管理者お知らせ, provider
// administrators only; the server checks the permission of the category): one definition,
// schemas/forms/notification-reg.json. contentsId and editMode choose update, copy or preview.
import { FormScreen } from '../../forms/lazy';
import { registerContentPreviews } from '../contents/ContentPreview';

// Its preview action and editMode 9 draw the agent's page (the definition names it).
registerContentPreviews();

export function NotificationRegPage() {
  return <FormScreen formId="notification-reg" />;
}
