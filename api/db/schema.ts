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
}

export interface Database {
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
  notification_reads: NotificationReadsTable;
  sessions: SessionsTable;
  trusted_browsers: TrustedBrowsersTable;
  otp_challenges: OtpChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  operation_logs: OperationLogsTable;
  error_logs: ErrorLogsTable;
  audit_logs: AuditLogsTable;
}
