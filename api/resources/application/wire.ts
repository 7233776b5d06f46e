// Request management on the wire: the mapping of rows to the spec's names (spec 002 sections 3
// and 7). The shapes are declared once in schemas/wire/application.ts.
import { slashDateTime } from '../content/wire';
import { statusText, APPLICATION_WORKFLOW } from '../../../schemas/workflows/workflow';
import { isoOf } from '../../forms/workflow-store';
import type {
  ApplicantRecord,
  ApplicationListItem,
  Attachment,
  CategoryData,
  ReceiverRecord,
  ReferenceFile,
} from '../../../schemas/wire/application';
import type { ApplicationRow, AttachmentRow, FileRow, ListRow, ReceiverRow } from './repository';

/** File sizes as the screens show them: B, KB, MB with one decimal. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

const dateOnly = (d: Date | string | null): string => {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  // A date column comes back as midnight UTC of that date (node-postgres) or local midnight (PGlite).
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return (d.getUTCHours() === 0 ? d : local).toISOString().slice(0, 10);
};

export function attachmentsWire(files: AttachmentRow[]): Attachment[] {
  return files.map((f) => ({
    fileId: Number(f.file_id),
    rowNo: f.row_no,
    fileName: f.file_name,
    tempFilePath: '',
    tempFileSize: sizeText(Number(f.file_size)),
    size: Number(f.file_size),
    isUpload: false,
    fileUrl: '',
  }));
}

export function referencesWire(files: FileRow[]): ReferenceFile[] {
  return files.map((f) => ({
    rowNo: f.row_no,
    tempFileName: f.file_name,
    tempFilePath: '',
    tempFileSize: sizeText(Number(f.file_size)),
  }));
}

export function categoryWire(
  c:
    | {
        osg_category_id: number | null;
        osg_contents_id: number | null;
        osg_contents_title: string;
        osg_detail_path: string;
      }
    | undefined,
  refs: FileRow[],
): CategoryData {
  return {
    osgCategoryID: c?.osg_category_id == null ? '' : String(c.osg_category_id),
    osgContentsId: c?.osg_contents_id == null ? '' : String(c.osg_contents_id),
    osgContentsTitle: c?.osg_contents_title ?? '',
    osgDetailPath: c?.osg_detail_path ?? '',
    osgTempFileList: referencesWire(refs),
  };
}

export function applicantWire(r: ApplicationRow, files: AttachmentRow[], cat: CategoryData): ApplicantRecord {
  return {
    appNo: String(r.app_no),
    appDate: slashDateTime(new Date(r.app_date)),
    appStatusKbn: r.status_kbn,
    appStatus: statusText(APPLICATION_WORKFLOW, r.status_kbn),
    appUser: r.app_user,
    appAgCode: r.ag_code,
    appAgName: r.ag_name ?? '',
    appTitle: r.app_title,
    wishDate: dateOnly(r.wish_date),
    appCategoryId: r.app_category_id == null ? '' : String(r.app_category_id),
    appCategoryName: r.category_name ?? '',
    ...cat,
    appTempFileList: attachmentsWire(files),
    targetAgCode: r.target_ag_code,
    targetCompanyId: r.target_company_id,
    appMemo: r.app_memo,
    providerComment: r.provider_comment,
    providerUser: r.provider_user,
    lastUpdDate: isoOf(r.updated_at),
  };
}

export function receiverWire(r: ReceiverRow, files: AttachmentRow[], cat: CategoryData): ReceiverRecord {
  return {
    ...applicantWire(r, files, cat),
    operateUser: r.operate_user,
    providerMemo: r.provider_memo,
    appUserMail: r.app_user_mail ?? '',
  };
}

export function listItemWire(r: ListRow, side: 'applicant' | 'receiver'): ApplicationListItem {
  return {
    applicationNo: String(r.app_no),
    applicationDate: slashDateTime(new Date(r.app_date)).slice(0, 10),
    applicationUser: r.app_user,
    applicationCategoryId: r.app_category_id == null ? '' : String(r.app_category_id),
    applicationCategoryName: r.category_name,
    applicationTitle: r.app_title,
    statusKbn: r.status_kbn,
    statusName: statusText(APPLICATION_WORKFLOW, r.status_kbn),
    wishDate: dateOnly(r.wish_date).replaceAll('-', '/'),
    lastUpdDate: slashDateTime(new Date(r.updated_at)),
    ...(side === 'applicant' ? { agNewFlg: Boolean(r.is_new) } : { providerNewFlg: Boolean(r.is_new) }),
    operater: r.operate_user,
    providerUser: r.provider_user,
    appAgCode: r.ag_code,
    appAgName: r.ag_name ?? '',
  };
}
