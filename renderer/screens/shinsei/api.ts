// The calls of request management (spec 002 section 7) as the form screens use them (the lists'
// calls are declared in schemas/lists). `Side` picks the applicant (…Ag) or receiver (…Provider)
// path; the common calls are shared.
import { apiDownload, apiPost, type DownloadedFile } from '../../api/client';
import { effectiveIds } from '../../app/session';
import type { Side } from '../../../schemas/workflows/workflow';

export type { Side };
export const API_OF: Record<Side, string> = { applicant: '/api/ApplicationMgtAg', receiver: '/api/ApplicationMgtProvider' };
export const LIST_PATH: Record<Side, string> = { applicant: '/shinsei-kanri-ag', receiver: '/shinsei-kanri-provider' };
export const FORM_PATH: Record<Side, string> = { applicant: '/shinseiform-ag', receiver: '/shinseiform-provider' };
export const BADGE_CATEGORY: Record<Side, number> = { applicant: 13, receiver: 14 };

export interface Option {
  value: string;
  text: string;
}

export interface Attachment {
  rowNo?: number;
  fileName: string;
  size: number;
  tempFileSize?: string;
  uploadId?: string;
  isUpload?: boolean;
}

export interface ReferenceFile {
  rowNo: number;
  tempFileName: string;
  tempFileSize: string;
}

export interface CategoryData {
  osgCategoryID: string;
  osgContentsId: string;
  osgContentsTitle: string;
  osgDetailPath: string;
  osgTempFileList: ReferenceFile[];
}

export interface Application extends CategoryData {
  appNo: string;
  appDate: string;
  appStatusKbn: string;
  appStatus: string;
  appUser: string;
  appAgCode: string;
  appAgName: string;
  appTitle: string;
  wishDate: string;
  appCategoryId: string;
  appCategoryName: string;
  appTempFileList: Attachment[];
  targetAgCode: string;
  targetCompanyId: string;
  appMemo: string;
  providerComment: string;
  providerUser: string;
  operateUser?: string;
  providerMemo?: string;
  /** Receiver side: the applicant's mail address, the mail modal's first To. */
  appUserMail?: string;
  lastUpdDate: string;
}

export interface FormInitial {
  categoryList: Option[];
  statusList?: Option[];
  maxFileSize: number;
  dispDateTime: string;
  applicationData?: Application;
}

const ids = () => {
  const { userId, agCode, daihyoCode } = effectiveIds();
  return { userId, agCode, daihyoCode: daihyoCode || undefined };
};

export const getFormInitial = (side: Side, applicationNo?: string) => apiPost<FormInitial>(`${API_OF[side]}/getAppFormInitialData`, { ...ids(), applicationNo });
export const getCategoryData = (appCategoryId: string) => apiPost<{ appCategoryData: CategoryData }>('/api/ApplicationMgtCommon/getAppCagetoryData', { ...ids(), appCategoryId });
export const checkEditing = (applicationNo: string) => apiPost<{ checkResult: boolean }>('/api/ApplicationMgtCommon/checkEditing', { ...ids(), applicationNo });
export const setEditing = (applicationNo: string) => apiPost('/api/ApplicationMgtCommon/setEditing', { ...ids(), applicationNo });
export const releaseEditing = (applicationNo: string) => apiPost('/api/ApplicationMgtCommon/releseEditing', { ...ids(), applicationNo });
export const getLatestUpdDate = (applicationNo: string) => apiPost<{ latestUpdDate: string }>('/api/ApplicationMgtCommon/getLatestUpdDate', { ...ids(), applicationNo });
export const markRead = (side: Side, appNo: string) => apiPost('/api/NotificationManagement/updNotification', { ...ids(), categoryId: BADGE_CATEGORY[side], notificationNo: appNo });
export const register = (body: Record<string, unknown>) => apiPost<{ appNo: string }>('/api/ApplicationMgtAg/regApplicationData', { ...ids(), ...body });
export const update = (side: Side, body: Record<string, unknown>) => apiPost<{ appNo: string }>(`${API_OF[side]}/updApplicationData`, { ...ids(), ...body });
export const remove = (appNo: string, dispDateTime: string) => apiPost('/api/ApplicationMgtProvider/deleteApplicationData', { ...ids(), ApplicationNo: appNo, dispDateTime });
export const mailCheck = (list: { to: string[]; cc: string[]; bcc: string[] }) => apiPost<{ checkResult: boolean }>('/api/ApplicationMgtProvider/mailCheck', { ...ids(), ...list });
export const sendMail = (appNo: string, mailList: { to: string[]; cc: string[]; bcc: string[] }) => apiPost('/api/ApplicationMgtProvider/sendMail', { ...ids(), appNo, mailList });
export const escalationMail = (appNo: string) => apiPost<{ mailSubject: string; mailBody: string }>('/api/ApplicationMgtProvider/getEscalationMailInfo', { ...ids(), appNo });
export const downloadAttachment = (appNo: string, fileName: string): Promise<DownloadedFile> =>
  apiDownload('/api/download/downloadAppTempFile', { ...ids(), appNo, fileName, screenName: '申請フォーム' }, 'downloaded_file');
export const downloadReference = (categoryId: string, fileName: string): Promise<DownloadedFile> =>
  apiDownload('/api/download/downloadKanrenFile', { ...ids(), categoryId, fileName, screenName: '申請フォーム' }, 'downloaded_file');
