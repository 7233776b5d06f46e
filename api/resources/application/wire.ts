// Request management on the wire (spec 002 sections 3 and 7): the TypeBox shapes of the calls and
// the mapping of rows to the spec's names. Two record shapes: the applicant's has no internal
// memo at all, so serialisation drops it even if a row carried one.
import { Type, type Static } from '@sinclair/typebox';
import { slashDateTime } from '../content/wire';
import { statusText, APPLICATION_WORKFLOW } from '../../../schemas/workflows/workflow';
import { isoOf } from '../../forms/workflow-store';
import type { ApplicationRow, AttachmentRow, FileRow, ListRow, ReceiverRow } from './repository';

export const WireNo = (description: string) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 12 })], { description }));

export const Option = Type.Object({ value: Type.String(), text: Type.String() });

export const Attachment = Type.Object({
  fileId: Type.Integer({ description: "The stored file's stable id: a save keeps the files whose fileId it sends" }),
  rowNo: Type.Number(),
  fileName: Type.String(),
  tempFilePath: Type.String(),
  tempFileSize: Type.String({ description: 'Display text: B, KB or MB with one decimal' }),
  size: Type.Number(),
  isUpload: Type.Boolean(),
  fileUrl: Type.String(),
});

export const ReferenceFile = Type.Object({
  rowNo: Type.Number(),
  tempFileName: Type.String(),
  tempFilePath: Type.String(),
  tempFileSize: Type.String(),
});

export const CategoryData = Type.Object({
  osgCategoryID: Type.String(),
  osgContentsId: Type.String(),
  osgContentsTitle: Type.String(),
  osgDetailPath: Type.String(),
  osgTempFileList: Type.Array(ReferenceFile),
});

const applicantFields = {
  appNo: Type.String(),
  appDate: Type.String({ description: 'yyyy/MM/dd HH:mm' }),
  appStatusKbn: Type.String(),
  appStatus: Type.String(),
  appUser: Type.String(),
  appAgCode: Type.String(),
  appAgName: Type.String(),
  appTitle: Type.String(),
  wishDate: Type.String({ description: 'yyyy-MM-dd or ""' }),
  appCategoryId: Type.String(),
  appCategoryName: Type.String(),
  ...CategoryData.properties,
  appTempFileList: Type.Array(Attachment),
  targetAgCode: Type.String(),
  targetCompanyId: Type.String(),
  appMemo: Type.String(),
  providerComment: Type.String(),
  providerUser: Type.String(),
  lastUpdDate: Type.String({ description: "The optimistic check value (the record's last update, ISO 8601)" }),
};

export const ApplicantRecord = Type.Object(applicantFields);
export const ReceiverRecord = Type.Object({
  ...applicantFields,
  operateUser: Type.String(),
  providerMemo: Type.String({ description: 'Internal memo: receiver side only' }),
  appUserMail: Type.String({
    description: "The applicant's mail address (the mail modal's first To): receiver side only",
  }),
});

export const ListItem = Type.Object({
  applicationNo: Type.String(),
  applicationDate: Type.String(),
  applicationUser: Type.String(),
  applicationCategoryId: Type.String(),
  applicationCategoryName: Type.String(),
  applicationTitle: Type.String(),
  statusKbn: Type.String(),
  statusName: Type.String(),
  wishDate: Type.String(),
  lastUpdDate: Type.String(),
  agNewFlg: Type.Optional(Type.Boolean()),
  providerNewFlg: Type.Optional(Type.Boolean()),
  operater: Type.String(),
  providerUser: Type.String(),
  appAgCode: Type.String(),
  appAgName: Type.String(),
});

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

export function attachmentsWire(files: AttachmentRow[]): Static<typeof Attachment>[] {
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

export function referencesWire(files: FileRow[]): Static<typeof ReferenceFile>[] {
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
): Static<typeof CategoryData> {
  return {
    osgCategoryID: c?.osg_category_id == null ? '' : String(c.osg_category_id),
    osgContentsId: c?.osg_contents_id == null ? '' : String(c.osg_contents_id),
    osgContentsTitle: c?.osg_contents_title ?? '',
    osgDetailPath: c?.osg_detail_path ?? '',
    osgTempFileList: referencesWire(refs),
  };
}

export function applicantWire(
  r: ApplicationRow,
  files: AttachmentRow[],
  cat: Static<typeof CategoryData>,
): Static<typeof ApplicantRecord> {
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

export function receiverWire(
  r: ReceiverRow,
  files: AttachmentRow[],
  cat: Static<typeof CategoryData>,
): Static<typeof ReceiverRecord> {
  return {
    ...applicantWire(r, files, cat),
    operateUser: r.operate_user,
    providerMemo: r.provider_memo,
    appUserMail: r.app_user_mail ?? '',
  };
}

export function listItemWire(r: ListRow, side: 'applicant' | 'receiver'): Static<typeof ListItem> {
  return {
    applicationNo: String(r.app_no),
    applicationDate: slashDateTime(new Date(r.app_date)).slice(0, 10),
    applicationUser: r.app_user,
    applicationCategoryId: r.app_category_id == null ? '' : String(r.app_category_id),
    applicationCategoryName: r.category_name ?? '',
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
