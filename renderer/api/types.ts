// Wire types of the calls the renderer makes (spec 000 sections 3 and 7, docs/wire-contract.md).
// Field names are those of the wire, misspellings included.

// Declared once in schemas/wire (TypeBox, used by the API routes); re-exported under the names
// the renderer uses. The session keeps them in localStorage and reads them back through the
// narrow parse in renderer/app/session.ts.
export type {
  IncentiveInfo,
  LoginAnswer as LoginResponse,
  OperationTimeAnswer as OperationTimeResponse,
  Permission as PermissionItem,
  SessionUser,
  ValidateAnswer as ValidateSessionResponse,
} from '../../schemas/wire/auth';
export type { GlobalNavItem, NotificationBadge } from '../../schemas/wire/navigation';
export type { SearchCategory as SiteSearchCategory } from '../../schemas/wire/search';
