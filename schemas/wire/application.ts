// Request management on the wire (spec 002 sections 3 and 7): the records of the two sides, the
// list rows and the pieces the request calls share. Two record shapes: the applicant's has no
// internal memo at all, so serialisation drops it even if a row carried one. The server maps rows
// to these (api/resources/application/wire.ts) and its routes validate with them; the tests use
// their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds } from './common';

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

export const ApplicationListItem = Type.Object({
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

// ---- the calls api/resources/application/routes.ts serves (the lists and forms are the engine's) ----

/** The ids every request call carries; identity comes from the token, never from these. */
const Ids = {
  ...CallerIds,
  daihyoCode: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoUserId: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoAgCode: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoDaihyoCode: Type.Optional(Type.String({ maxLength: 20 })),
};

const MailAddresses = Type.Array(Type.Union([Type.String({ maxLength: 320 }), Type.Null()]), { maxItems: 10 });
const MailList = {
  to: Type.Optional(MailAddresses),
  cc: Type.Optional(MailAddresses),
  bcc: Type.Optional(MailAddresses),
};

/** /api/ApplicationMgtAg/getInitialData and /api/ApplicationMgtProvider/getInitialData */
export const ApplicationIdsBody = Body(Ids);
const InitialProps = {
  categoryList: Type.Array(Option),
  statusList: Type.Array(Option),
  shinseiKikanStart: Type.String({ description: 'yyyy-MM-dd' }),
  shinseiKikanEnd: Type.String({ description: 'yyyy-MM-dd' }),
};
export const AgInitialAnswer = Type.Object(InitialProps);
export const ProviderInitialAnswer = Type.Object({
  ...InitialProps,
  agCodeList: Type.Array(Option),
  userList: Type.Array(Option),
});

/** /api/ApplicationMgtCommon/getAppCagetoryData */
export const CategoryDataBody = Body({ ...Ids, appCategoryId: WireNo('Request category') });
export const CategoryDataAnswer = Type.Object({ appCategoryData: CategoryData });

/** /api/download/downloadKanrenFile and /api/download/downloadAppTempFile (the answer is the file) */
export const ApplicationDownloadBody = Body({
  ...Ids,
  fileName: Type.Optional(
    Type.String({
      maxLength: 255,
      description: 'The file; "" downloads every reference file as one ZIP (downloadKanrenFile)',
    }),
  ),
  categoryId: WireNo('Request category (downloadKanrenFile)'),
  contentId: WireNo('Not used: the category names the files'),
  appNo: WireNo('Request number (downloadAppTempFile)'),
  targetDate: Type.Optional(Type.String({ maxLength: 10 })),
  screenName: Type.Optional(Type.String({ maxLength: 255 })),
});

/** /api/NotificationManagement/updNotification */
export const UpdNotificationBody = Body({
  ...Ids,
  categoryId: WireNo('13 (申請管理) or 14 (its provider side)'),
  notificationNo: WireNo('The request number'),
});

/** /api/ApplicationMgtProvider/mailCheck */
export const MailCheckBody = Body({ ...Ids, ...MailList });
export const MailCheckAnswer = Type.Object({ checkResult: Type.Boolean() });

/** /api/ApplicationMgtProvider/sendMail */
export const SendMailBody = Body({ ...Ids, appNo: WireNo('Request number'), mailList: Type.Object(MailList) });

/** /api/ApplicationMgtProvider/getEscalationMailInfo */
export const EscalationMailBody = Body({ ...Ids, appNo: WireNo('Request number') });
export const EscalationMailAnswer = Type.Object({ mailSubject: Type.String(), mailBody: Type.String() });

export type Attachment = Static<typeof Attachment>;
export type ReferenceFile = Static<typeof ReferenceFile>;
export type CategoryData = Static<typeof CategoryData>;
export type ApplicantRecord = Static<typeof ApplicantRecord>;
export type ReceiverRecord = Static<typeof ReceiverRecord>;
/** One row of either request list (GetApplicationList): agNewFlg on the applicant's, providerNewFlg on the receiver's. */
export type ApplicationListItem = Static<typeof ApplicationListItem>;
export type AgInitialAnswer = Static<typeof AgInitialAnswer>;
export type ProviderInitialAnswer = Static<typeof ProviderInitialAnswer>;
export type CategoryDataAnswer = Static<typeof CategoryDataAnswer>;
export type EscalationMailAnswer = Static<typeof EscalationMailAnswer>;
