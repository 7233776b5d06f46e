// Wire types of the calls the renderer makes (spec 000 sections 3 and 7, docs/wire-contract.md).
// Field names are those of the wire, misspellings included.

/** The signed-in user kept in the browser (docs/wire-contract.md "Sign-in and session"). */
export interface SessionUser {
  userId: string;
  agCode: string;
  agName: string;
  emailAddress: string;
  isLoggedIn: boolean;
  isAdmin: boolean;
  isProvider: boolean;
  invoiceNo: string;
  roleId: string;
  itakumotoAgCode: string;
  daihyoCode: string;
  saiitakuFlg: boolean;
  userName: string;
  companyName: string;
  sectionName: string;
  bikou1: string;
  bikou2: string;
  isBaseLogin: boolean;
  baseAgCode: string;
  pseudoAgCode: string;
  pseudoAgName: string;
  pseudoUserId: string;
  pseudoDaihyoCode: string;
  pseudoInvoiceNo: string;
}

/** Answer of /api/Auth/login and /api/Auth/OtpLogin. */
export interface LoginResponse {
  token: string;
  systemDate: string;
  isAreadyOptAuth: boolean;
  user: SessionUser | null;
}

export interface GlobalNavItem {
  categoryId: string | number;
  categoryName: string;
  /** Empty string for top-level items. */
  parentId: string | number;
  displayOrder: string | number;
  linkUrl: string;
  isSaparateTab: boolean | string;
}

export interface PermissionItem {
  categoryId: string | number;
  categoryName: string;
  categoryUrl: string;
  systemCategoryName: string;
  /** "1" allowed, "0" not. */
  parmitionFlg: string;
}

export interface SiteSearchCategory {
  categoryId: string | number;
  categoryName: string;
}

export interface IncentiveInfo {
  isIncentiveEntry: boolean;
}

export interface NotificationBadge {
  categoryId: string | number;
  notificationNum: number;
}

export interface ValidateSessionResponse {
  isValid: boolean;
  token: string;
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
