// Incentive and commendation performance (issue 12, spec 002 sections 2.1, 3, 4, 7):
// the target systems of the programme, the monthly figures per representative (daihyo) code,
// target system and month (sales, reward target, active IDs) that the provider imports, the
// programme's settings (links to the two scheme explanations, the performance file name), and
// the single-use handoff tokens that open the incentive tab (docs/decisions.md section 12).
// incentive_floating (0002) stays the portal top panel's table; it is now derived from the
// monthly figures (api/resources/incentive/summary.ts) by the seeds and by every import.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table incentive_target_systems (
      target_system varchar(2) primary key,
      system_name varchar(100) not null,
      display_order integer not null default 0
    )`,
    // One row per month; sales and target in yen (a return month may be negative), active_ids a
    // count of ordering IDs. target is null where the provider set none; sales is null for a
    // month planned ahead with its target only (not reported yet).
    `create table incentive_monthly_figures (
      daihyo_code varchar(8) not null,
      target_system varchar(2) not null references incentive_target_systems(target_system),
      figure_year integer not null check (figure_year between 2000 and 2100),
      figure_month integer not null check (figure_month between 1 and 12),
      sales bigint,
      target bigint,
      active_ids integer not null default 0,
      updated_at timestamptz not null default now(),
      updated_by varchar(10) not null default '',
      primary key (daihyo_code, target_system, figure_year, figure_month)
    )`,
    `create index incentive_monthly_figures_year_idx on incentive_monthly_figures (daihyo_code, figure_year, figure_month)`,
    `create table incentive_settings (
      settings_id integer primary key check (settings_id = 1),
      shorei_link_url varchar(500) not null default '',
      hyosho_link_url varchar(500) not null default '',
      jisseki_file_name varchar(100) not null default 'インセンティブ実績.csv'
    )`,
    // Only the SHA-256 of a handoff token is kept. It names the session that minted it (the tab
    // continues that session) and the identity it was minted for, pseudo ids included.
    `create table incentive_handoffs (
      token_hash char(64) primary key,
      session_id varchar(64) not null,
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      daihyo_code varchar(8) not null,
      pseudo_user_id varchar(10) not null default '',
      pseudo_ag_code varchar(8) not null default '',
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    `create index incentive_handoffs_expires_idx on incentive_handoffs (expires_at)`,
  ]);
}
