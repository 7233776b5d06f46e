// Wire types of the calls the renderer makes (spec 000 sections 3 and 7, docs/wire-contract.md).
// Field names are those of the wire, misspellings included.

// Declared once in schemas/wire (TypeBox, used by the API routes); re-exported under the names
// the renderer uses. The session keeps them in localStorage and reads them back through the
// narrow parse in renderer/app/session.ts.
export type {
  LoginAnswer as LoginResponse,
  SessionUser,
  ValidateAnswer as ValidateSessionResponse,
} from '../../schemas/wire/auth';
export type { GlobalNavItem, NotificationBadge } from '../../schemas/wire/navigation';
export type { SearchCategory as SiteSearchCategory } from '../../schemas/wire/search';

// Not yet in schemas/wire: the answers of /api/Parmition/getUserParmition, /api/Incentive/getIncentiveInfo,
// /api/System/checkOperationTime and the reset-token check, whose routes still declare their own schemas.
export interface PermissionItem {
  categoryId: string | number;
  categoryName: string;
  categoryUrl: string;
  systemCategoryName: string;
  /** "1" allowed, "0" not. */
  parmitionFlg: string;
}

export interface IncentiveInfo {
  isIncentiveEntry: boolean;
}

export interface OperationTimeResponse {
  isWithinOperationHours: boolean;
  operatingHours?: string;
  /** When a closed portal opens next (Tokyo, yyyy/MM/dd HH:mm); '' while open. */
  opensAt?: string;
}

export interface ResetTokenUser {
  agCode: string;
  userId: string;
  loginId: string;
}
