// Kysely table types, written by hand to match migrations/ (keep them in step).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateText = string; // 'yyyy-MM-dd' (the date parser keeps dates as text)
type Json = ColumnType<unknown, string | null, string | null>;

export interface AgentsTable {
  ag_code: string;
  ag_name: string;
  invoice_no: Generated<string>;
  daihyo_code: string;
  itakumoto_ag_code: Generated<string>;
  saiitaku_flg: Generated<boolean>;
  is_incentive_entry: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface RolesTable {
  role_id: string;
  role_name: string;
  display_order: Generated<number>;
}

export interface UsersTable {
  user_id: string;
  login_id: string;
  ag_code: string;
  password_hash: string;
  email: string;
  user_name: Generated<string>;
  company_name: Generated<string>;
  section_name: Generated<string>;
  bikou1: Generated<string>;
  bikou2: Generated<string>;
  role_id: string;
  is_admin: Generated<boolean>;
  is_provider: Generated<boolean>;
  is_base_login: Generated<boolean>;
  password_changed_at: GeneratedTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0003_admin: form fields beyond the columns
}

export type CategoryKind = 'content' | 'feature' | 'admin' | 'other';
export type Audience = 'everyone' | 'agent' | 'admin_or_provider' | 'provider' | 'provider_admin';

export interface CategoriesTable {
  category_id: number;
  category_name: string;
  category_url: Generated<string>;
  parent_id: number | null;
  system_category_name: string;
  kind: CategoryKind;
  audience: Generated<Audience>;
  detail_path: Generated<string>;
  is_search_category: Generated<boolean>;
  display_order: Generated<number>;
  update_form_path: Generated<string>; // 0002_contents
}

export interface RolePermissionsTable {
  role_id: string;
  category_id: number;
  parmition_flg: '0' | '1';
}

export interface AgentSegmentsTable {
  ag_segment_id: Generated<number>;
  ag_segment_name: string;
  last_upload_date: NullableTimestamp;
  upload_file_name: Generated<string>;
  upload_data_cnt: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0005: form fields beyond the columns
}

export interface AgentSegmentMembersTable {
  ag_segment_id: number;
  ag_code: string;
}

export interface GlobalNaviSettingsTable {
  kanri_id: Generated<number>;
  setting_name: string;
  target_kbn: '0' | '1' | '2';
  target_code: Generated<string>;
  target_name: Generated<string>;
  reflection_date: DateText;
  scheduled_date: DateText | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0009: form fields beyond the columns
}

export interface GlobalNaviRowsTable {
  row_id: Generated<number>;
  kanri_id: number;
  detail_kbn: '01' | '02';
  parent_id: number | null;
  category_id: number;
  disp_name: string;
  url: Generated<string>;
  disp_no: Generated<number>;
  is_separate_tab: Generated<boolean>;
}

export interface NotificationsTable {
  notification_id: Generated<number>;
  category_id: number;
  ag_code: string | null;
  user_id: string | null;
  title: string;
  created_at: GeneratedTimestamp;
}

/** Kept by trigger on notifications (migration 0031): '' stands for every agent / every user. */
export interface NotificationTotalsTable {
  category_id: number;
  ag_code: string;
  user_id: string;
  n: number;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: string;
  read_at: GeneratedTimestamp;
}

export interface SessionsTable {
  session_id: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface TrustedBrowsersTable {
  browser_id: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface OtpChallengesTable {
  challenge_id: string;
  user_id: string;
  code_hash: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: NullableTimestamp;
  /** When the code was entered correctly (0006); unverified challenges count against the mail limit. */
  verified_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AuthAttemptsTable {
  attempt_id: Generated<number>;
  kind: string;
  login_id: Generated<string>;
  ip: Generated<string>;
  attempted_at: GeneratedTimestamp;
}

export interface OperationLogsTable {
  log_id: Generated<number>;
  source: 'client' | 'server';
  system_kbn: Generated<string>;
  user_id: string;
  ag_code: string;
  action_time: Timestamp;
  operation_type: string;
  pseudo_ag_code: Generated<string>;
  pseudo_user_id: Generated<string>;
  from_screen_name: Generated<string>;
  to_screen_name: Generated<string>;
  control_name: Generated<string>;
  action_detail: Generated<string>;
  generic_field1: Generated<string>;
  generic_field2: Generated<string>;
  generic_field3: Generated<string>;
  current_url: Generated<string>;
  ip: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface ErrorLogsTable {
  error_id: string;
  source: 'client' | 'server';
  message: Generated<string>;
  stack: Generated<string>;
  component_info: Generated<string>;
  user_agent: Generated<string>;
  user_id: Generated<string>;
  url: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface AuditLogsTable {
  audit_id: Generated<number>;
  actor_user_id: string;
  actor_ag_code: string;
  action: string;
  entity: string;
  entity_id: string;
  before_data: Json;
  after_data: Json;
  created_at: GeneratedTimestamp;
  pseudo_user_id: Generated<string>; // 0003_admin
  pseudo_ag_code: Generated<string>; // 0003_admin
  seq: number | null; // 0024_audit_chain: null only on a row slipped in past recordAudit
  prev_hash: string | null; // 0024_audit_chain
  hash: string | null; // 0024_audit_chain
}

// ---- 0024_audit_chain (api/audit/chain.ts): one row each, id 1
export interface AuditChainHeadTable {
  id: number;
  seq: number;
  hash: string;
}
export interface AuditChainAnchorTable {
  id: number;
  seq: number;
  hash: string;
  /** The cutoff of the last purge: rows written before it may be gone. */
  pruned_before: Date | null;
}

// ---- 0003_admin
export interface UploadClaimsTable {
  upload_id: string;
  user_id: string;
  storage_key: string;
  file_name: string;
  claimed_at: GeneratedTimestamp;
}

// ---- 0002_contents: contents, banners, icon menus, popups, favourites, views, incentive figures

export type DisplayTarget = '0' | '1' | '2';
export type ContentFileKind = 'file' | 'image' | 'video';

export interface SubCategoriesTable {
  sub_category_id: Generated<number>;
  category_id: number;
  sub_category_name: string;
  display_order: Generated<number>;
}

export interface ContentsTable {
  content_id: Generated<number>;
  category_id: number;
  sub_category_id: number | null;
  title: string;
  body_html: Generated<string>;
  keisai_start: DateText;
  keisai_end: ColumnType<DateText, DateText | undefined, DateText>;
  jyuyo_flg: Generated<boolean>;
  jyuyo_start: DateText | null;
  jyuyo_end: DateText | null;
  new_days: Generated<number>;
  last_update: DateText;
  display_target: ColumnType<DisplayTarget, DisplayTarget | undefined, DisplayTarget>;
  ag_segment_id: number | null;
  created_by: Generated<string>;
  updated_by: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0005: form fields beyond the columns
  kanri_tag: Generated<string>; // 0005: admin tags, comma-separated
  thumbnail_id: number | null; // 0005: the content's thumbnail
}

export interface ContentAgentsTable {
  content_id: number;
  ag_code: string;
}

export interface ContentLinksTable {
  content_id: number;
  row_no: number;
  url: string;
  caption: Generated<string>;
}

export interface ContentFilesTable {
  file_id: Generated<number>;
  content_id: number;
  kind: ContentFileKind;
  row_no: number;
  file_name: string;
  stored_key: string;
  file_size: number;
  content_type: string;
  explanation: Generated<string>;
}

// 0005_content_registration: preset thumbnails a content form may pick by name.
/** A block of the one-stop guide (0011): a one-stop category, its image and order. */
export interface OneStopCategoriesTable {
  category_id: number;
  thumbnail_id: number | null;
  description: Generated<string>;
  display_order: Generated<number>;
}

/** A content the provider shows in its one-stop category block, in display order (0011). */
export interface OneStopDisplayTargetsTable {
  content_id: number;
  category_id: number;
  display_order: number;
  updated_by: Generated<string>;
  updated_at: GeneratedTimestamp;
}

export interface ThumbnailsTable {
  thumbnail_id: Generated<number>;
  thumbnail_name: string;
  file_name: string;
  stored_key: string;
  file_size: Generated<number>;
  content_type: Generated<string>;
  /** true: the library the forms pick from; false: one content's own upload. */
  is_library: Generated<boolean>;
  display_order: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface TagsTable {
  tag_id: Generated<number>;
  tag_name: string;
  category_id: number | null;
  display_order: Generated<number>;
}

export interface ContentTagsTable {
  content_id: number;
  tag_id: number;
}

export type BannerKbn = '01' | '02' | '03' | '04' | '05';

export interface BannersTable {
  banner_id: Generated<number>;
  banner_kbn: BannerKbn;
  banner_name: string;
  banner_url: Generated<string>;
  is_separate_tab: Generated<boolean>;
  caption: Generated<string>;
  image_file_name: string;
  image_key: string;
  image_size: Generated<number>;
  image_content_type: Generated<string>;
  disp_start: DateText;
  disp_end: ColumnType<DateText, DateText | undefined, DateText>;
  display_order: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0010: form fields beyond the columns
  updated_by: Generated<string>; // 0010
}

export interface IconMenuSettingsTable {
  kanri_id: Generated<number>;
  setting_name: string;
  target_kbn: '0' | '1' | '2';
  target_code: Generated<string>;
  target_name: Generated<string>;
  reflection_date: DateText;
  scheduled_date: DateText | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  extra_data: ColumnType<Record<string, unknown>, string | undefined, string>; // 0009: form fields beyond the columns
}

export interface IconMenuRowsTable {
  row_id: Generated<number>;
  kanri_id: number;
  detail_kbn: '01' | '02';
  menu_name: string;
  link_url: Generated<string>;
  is_separate_tab: Generated<boolean>;
  disp_no: Generated<number>;
  image_normal_name: string;
  image_normal_key: string;
  image_normal_type: Generated<string>;
  image_over_name: string;
  image_over_key: string;
  image_over_type: Generated<string>;
  category_id: number | null; // 0009_portal_appearance
}

export interface LoginPopupsTable {
  content_id: number;
  check_patern: '1' | '2';
  check_disp_target: '1' | '2';
}

export interface PopupCheckHistoryTable {
  user_id: string;
  content_id: number;
  is_checked: boolean;
  checked_at: GeneratedTimestamp;
}

export interface FavoritesTable {
  user_id: string;
  content_id: number;
  created_at: GeneratedTimestamp;
}

export interface ContentViewsTable {
  user_id: string;
  content_id: number;
  first_viewed_at: GeneratedTimestamp;
  last_viewed_at: GeneratedTimestamp;
  view_count: Generated<number>;
}

export interface SkilupWatchStatusTable {
  user_id: string;
  content_id: number;
  is_watched: boolean;
  updated_at: GeneratedTimestamp;
}

export interface IncentiveFloatingTable {
  daihyo_code: string;
  hokoku_year: number;
  hokoku_month: number;
  shorei_ruikei_zokagaku: Generated<number>;
  shorei_shinchoku_jokyo: Generated<number>;
  hyosho_ruikei_zokagaku: Generated<number>;
  hyosho_ruikei_kado_id: Generated<number>;
  updated_at: GeneratedTimestamp;
}

// ---- 0004_search: site search (docs/search.md)
export interface SearchDocumentsTable {
  content_id: number;
  /** Normalised text (api/search/normalise.ts) of each field. */
  title: string;
  tags: Generated<string>;
  sub_category: Generated<string>;
  body: Generated<string>;
  /** Bigram keys of the fields (api/search/normalise.ts documentKeys); written as a JSON array by api/search/index-content.ts. */
  grams: ColumnType<number[], string, string>;
  indexed_at: GeneratedTimestamp;
}

export interface SearchHistoriesTable {
  history_id: Generated<number>;
  user_id: string;
  ag_code: string;
  pseudo_user_id: Generated<string>;
  pseudo_ag_code: Generated<string>;
  keyword: string;
  category_id: number | null;
  /** Hits; the maximum + 1 when the search was refused as too large (416). */
  result_count: number;
  searched_at: GeneratedTimestamp;
}

// ---- 0007_skilup_events: skill-up programs, phases, contents, comments; events and entries (docs/skilup-events.md)
export interface SkilupProgramsTable {
  skilup_id: Generated<number>;
  category_id: number;
  skilup_name: string;
  display_order: Generated<number>;
  new_video_disp_num: Generated<number>;
  video_list_disp_num: Generated<number>;
  disp_count: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface SkilupPhasesTable {
  phase_id: Generated<number>;
  skilup_id: number;
  phase_name: string;
  phase_title: Generated<string>;
  icon_name: Generated<string>;
  is_open: Generated<boolean>;
  display_order: Generated<number>;
}

export interface SkilupContentsTable {
  content_id: number;
  skilup_id: number;
  phase_id: number;
  display_order: Generated<number>;
  chapter_name: Generated<string>;
  chapter_title: Generated<string>;
  chapter_comment: Generated<string>;
  video_content_id: number | null;
}

export interface SkilupCommentsTable {
  comment_id: Generated<number>;
  skilup_id: number;
  comment_text: string;
  display_order: Generated<number>;
}

export interface EventsTable {
  content_id: number;
  kaisai_at: Timestamp;
  kaisai_end_at: NullableTimestamp;
  registration_end_at: Timestamp;
  venue: Generated<string>;
  capacity: number | null;
  complete_add_message: Generated<string>;
  mail_message: Generated<string>;
  csv_file_name: Generated<string>;
}

export interface EventEntriesTable {
  entry_id: Generated<number>;
  content_id: number;
  user_id: string;
  ag_code: string;
  applied_by: string;
  applied_at: GeneratedTimestamp;
  cancelled_at: NullableTimestamp;
  cancelled_by: string | null;
}

// Request management (migration 0013).
export interface ApplicationCategoriesTable {
  app_category_id: Generated<number>;
  category_name: string;
  display_order: Generated<number>;
  osg_category_id: number | null;
  osg_contents_id: number | null;
  osg_contents_title: Generated<string>;
  osg_detail_path: Generated<string>;
  is_active: Generated<boolean>;
}

export interface ApplicationFileRow {
  row_no: number;
  file_name: string;
  stored_key: string;
  file_size: number | string;
  content_type: string;
}

export interface ApplicationCategoryFilesTable extends ApplicationFileRow {
  app_category_id: number;
}

export interface ApplicationsTable {
  app_no: Generated<number>;
  app_date: Date | string;
  status_kbn: string;
  ag_code: string;
  user_id: string;
  app_user: Generated<string>;
  app_title: Generated<string>;
  wish_date: Date | string | null;
  app_category_id: number | null;
  target_ag_code: Generated<string>;
  target_company_id: Generated<string>;
  app_memo: Generated<string>;
  provider_comment: Generated<string>;
  provider_user: Generated<string>;
  provider_memo: Generated<string>;
  operate_user: Generated<string>;
  extra_data: Generated<unknown>;
  /** The receiver form's added fields (migration 0018). */
  provider_extra: Generated<unknown>;
  ag_updated_at: Date | string | null;
  provider_updated_at: Date | string | null;
  updated_at: Date | string;
  updated_by: Generated<string>;
  deleted_at: Date | string | null;
}

export interface ApplicationFilesTable extends ApplicationFileRow {
  app_no: number;
  /** The attachment's stable id (migration 0021): a save keeps files by it, never by row_no. */
  file_id: Generated<number>;
  uploaded_by: Generated<string>;
  uploaded_at: Date | string;
}

export interface ApplicationLocksTable {
  app_no: number;
  user_id: string;
  locked_at: Date | string;
  expires_at: Date | string;
}

export interface ApplicationReadsTable {
  app_no: number;
  user_id: string;
  read_at: Date | string;
}

export interface ApplicationNotificationsTable {
  notification_id: number;
  app_no: number;
}

/** An answered create of the form engine by its Idempotency-Key (migration 0021). */
export interface IdempotencyKeysTable {
  user_id: string;
  idem_key: string;
  call_path: string;
  body_hash: string;
  status_code: number;
  answer: string;
  created_at: Date | string;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  application_categories: ApplicationCategoriesTable;
  application_category_files: ApplicationCategoryFilesTable;
  applications: ApplicationsTable;
  application_files: ApplicationFilesTable;
  application_locks: ApplicationLocksTable;
  application_reads: ApplicationReadsTable;
  application_notifications: ApplicationNotificationsTable;
  agents: AgentsTable;
  roles: RolesTable;
  users: UsersTable;
  categories: CategoriesTable;
  role_permissions: RolePermissionsTable;
  agent_segments: AgentSegmentsTable;
  agent_segment_members: AgentSegmentMembersTable;
  global_navi_settings: GlobalNaviSettingsTable;
  global_navi_rows: GlobalNaviRowsTable;
  notifications: NotificationsTable;
  notification_totals: NotificationTotalsTable;
  notification_reads: NotificationReadsTable;
  sessions: SessionsTable;
  trusted_browsers: TrustedBrowsersTable;
  otp_challenges: OtpChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  operation_logs: OperationLogsTable;
  error_logs: ErrorLogsTable;
  audit_logs: AuditLogsTable;
  audit_chain_head: AuditChainHeadTable;
  audit_chain_anchor: AuditChainAnchorTable;
  sub_categories: SubCategoriesTable;
  contents: ContentsTable;
  content_agents: ContentAgentsTable;
  content_links: ContentLinksTable;
  content_files: ContentFilesTable;
  tags: TagsTable;
  content_tags: ContentTagsTable;
  banners: BannersTable;
  icon_menu_settings: IconMenuSettingsTable;
  icon_menu_rows: IconMenuRowsTable;
  login_popups: LoginPopupsTable;
  popup_check_history: PopupCheckHistoryTable;
  favorites: FavoritesTable;
  content_views: ContentViewsTable;
  skilup_watch_status: SkilupWatchStatusTable;
  incentive_floating: IncentiveFloatingTable;
  upload_claims: UploadClaimsTable; // 0003_admin
  search_documents: SearchDocumentsTable; // 0004_search
  search_histories: SearchHistoriesTable; // 0004_search
  thumbnails: ThumbnailsTable; // 0005_content_registration
  one_stop_categories: OneStopCategoriesTable; // 0011_one_stop_guide
  one_stop_display_targets: OneStopDisplayTargetsTable; // 0011_one_stop_guide
  skilup_programs: SkilupProgramsTable; // 0007_skilup_events
  skilup_phases: SkilupPhasesTable; // 0007_skilup_events
  skilup_contents: SkilupContentsTable; // 0007_skilup_events
  skilup_comments: SkilupCommentsTable; // 0007_skilup_events
  events: EventsTable; // 0007_skilup_events
  event_entries: EventEntriesTable; // 0007_skilup_events
  incentive_target_systems: IncentiveTargetSystemsTable; // 0008_incentive
  incentive_monthly_figures: IncentiveMonthlyFiguresTable; // 0008_incentive
  incentive_settings: IncentiveSettingsTable; // 0008_incentive
  incentive_handoffs: IncentiveHandoffsTable; // 0008_incentive
  company_imports: CompanyImportsTable; // 0012_registered_companies
  registered_companies: RegisteredCompaniesTable; // 0012_registered_companies
  mail_outbox: MailOutboxTable; // 0022_mail_outbox
  rate_limit_counters: RateLimitCountersTable; // 0029_search_feed_and_rate_limits
  sign_in_events: SignInEventsTable; // 0025_sign_in_history_retention
  job_leases: JobLeasesTable; // 0025_sign_in_history_retention
  content_reach: ContentReachTable; // 0026_insight
  content_view_days: ContentViewDaysTable; // 0026_insight
  insight_agent_users: InsightAgentUsersTable; // 0030_insight_rollups
  insight_popup_checks: InsightPopupChecksTable; // 0030_insight_rollups
  insight_skilup_agents: InsightSkilupAgentsTable; // 0030_insight_rollups
  insight_view_agent_days: InsightViewAgentDaysTable; // 0030_insight_rollups
  insight_view_days: InsightViewDaysTable; // 0030_insight_rollups
  insight_signed_in_users: InsightSignedInUsersTable; // 0030_insight_rollups
  insight_sign_in_days: InsightSignInDaysTable; // 0030_insight_rollups
  insight_opened_searches: InsightOpenedSearchesTable; // 0030_insight_rollups
  insight_audience_agents: InsightAudienceAgentsTable; // 0032_insight_audiences
  insight_audiences: InsightAudiencesTable; // 0032_insight_audiences
  insight_popup_totals: InsightPopupTotalsTable; // 0032_insight_audiences
  search_result_opens: SearchResultOpensTable; // 0026_insight
  application_status_history: ApplicationStatusHistoryTable; // 0026_insight
}

// ---- 0008_incentive: the incentive screen's figures and the handoff of the incentive tab
export interface IncentiveTargetSystemsTable {
  target_system: string;
  system_name: string;
  display_order: Generated<number>;
}

export interface IncentiveMonthlyFiguresTable {
  daihyo_code: string;
  target_system: string;
  figure_year: number;
  figure_month: number;
  /** Yen; may be negative (returns); null for a month planned with its target only. */
  sales: number | null;
  /** Yen; null where no target was set. */
  target: number | null;
  active_ids: Generated<number>;
  updated_at: GeneratedTimestamp;
  updated_by: Generated<string>;
}

export interface IncentiveSettingsTable {
  settings_id: number;
  shorei_link_url: Generated<string>;
  hyosho_link_url: Generated<string>;
  jisseki_file_name: Generated<string>;
}

export interface IncentiveHandoffsTable {
  token_hash: string;
  session_id: string;
  user_id: string;
  ag_code: string;
  daihyo_code: string;
  pseudo_user_id: Generated<string>;
  pseudo_ag_code: Generated<string>;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

// ---- 0012_registered_companies: the registered company search (docs/customer-search.md)
export interface CompanyImportsTable {
  import_id: Generated<number>;
  file_name: string;
  row_count: number;
  imported_by: string;
  imported_at: GeneratedTimestamp;
}

export interface RegisteredCompaniesTable {
  company_id: Generated<number>;
  company_code: string;
  company_name: string;
  postal_code: Generated<string>;
  prefecture: string;
  address: Generated<string>;
  name_text: string;
  address_text: string;
  /** int4[] literal ('{1,2}') on insert; number[] when read. */
  name_grams: ColumnType<number[], string, string>;
  address_grams: ColumnType<number[], string, string>;
  import_id: number | null;
}

// ---- 0022_mail_outbox: every mail the portal sends, written with the change that causes it
/** The shared count of a per-user (or per-address) rate limit: its current window (api/security/rate-limit.ts). */
export interface RateLimitCountersTable {
  counter_key: string;
  window_start: Date;
  hits: number;
}

export interface MailOutboxTable {
  mail_id: Generated<number>;
  /** What the mail is (api/mail/outbox.ts, MailKind). */
  kind: string;
  to_address: string;
  cc_address: Generated<string>;
  bcc_address: Generated<string>;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'dead' | 'expired'>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  /** Not sent after this (a one-time code's validity); null: no limit. */
  expires_at: NullableTimestamp;
  /** The sender holding the row while it is being sent. */
  claim_id: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  sent_at: NullableTimestamp;
}

// ---- 0025_sign_in_history_retention: the sign-in history and the leases of background jobs
export interface SignInEventsTable {
  event_id: Generated<number>;
  user_id: string;
  ag_code: string;
  login_id: Generated<string>;
  kind: string;
  at: Timestamp;
  ip: Generated<string>;
  user_agent: Generated<string>;
  detail: Generated<string>;
}

export interface JobLeasesTable {
  job: string;
  holder: Generated<string>;
  lease_until: Timestamp;
  last_finished_at: NullableTimestamp;
}

// ---- 0026_insight: what the administrators' insight screen reads, kept current on write
export interface ContentReachTable {
  content_id: number;
  ag_code: string;
  first_opened_at: Timestamp;
}

export interface ContentViewDaysTable {
  content_id: number;
  view_date: DateText;
  ag_code: string;
  views: number;
}

// ---- 0030_insight_rollups: the insight screen's roll-ups, kept current by triggers
export interface InsightAgentUsersTable {
  ag_code: string;
  users: number;
  admins: number;
  never_signed_in: number;
}

export interface InsightPopupChecksTable {
  content_id: number;
  ag_code: string;
  users: number;
  admins: number;
}

export interface InsightSkilupAgentsTable {
  phase_id: number;
  ag_code: string;
  started_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface InsightViewAgentDaysTable {
  view_date: DateText;
  ag_code: string;
  views: number;
}

export interface InsightViewDaysTable {
  view_date: DateText;
  views: number;
}

export interface InsightSignedInUsersTable {
  user_id: string;
}

export interface InsightSignInDaysTable {
  sign_in_date: DateText;
  user_id: string;
  ag_code: string;
}

export interface InsightOpenedSearchesTable {
  history_id: number;
  searched_at: Timestamp;
  ag_code: string;
}

// ---- 0032_insight_audiences: per audience (0 every agent, else a segment) and per popup, kept by triggers
export interface InsightAudienceAgentsTable {
  ag_code: string;
  users: number;
  admins: number;
}

export interface InsightAudiencesTable {
  ag_segment_id: number;
  agents: number;
  users: number;
  admins: number;
}

export interface InsightPopupTotalsTable {
  content_id: number;
  users: number;
  admins: number;
}

export interface SearchResultOpensTable {
  open_id: Generated<number>;
  history_id: number | null;
  user_id: string;
  ag_code: string;
  content_id: number;
  opened_at: GeneratedTimestamp;
}

export interface ApplicationStatusHistoryTable {
  change_id: Generated<number>;
  app_no: number;
  status_kbn: string;
  by_receiver: boolean;
  changed_at: Timestamp;
}
