import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_contents';
import * as m0003 from './0003_admin';
import * as m0004 from './0004_search';
import * as m0005 from './0005_content_registration';
import * as m0006 from './0006_robustness';
import * as m0007 from './0007_skilup_events';
import * as m0008 from './0008_incentive';
import * as m0009 from './0009_portal_appearance';
import * as m0010 from './0010_banner_registration';
import * as m0011 from './0011_one_stop_guide';
import * as m0012 from './0012_registered_companies';
import * as m0013 from './0013_applications';
import * as m0014 from './0014_change_feed';
import * as m0015 from './0015_read_cache';
import * as m0017 from './0017_application_badge_feed';
import * as m0018 from './0018_application_receiver_extra';
import * as m0019 from './0019_incentive_floating_feed';
import * as m0020 from './0020_media_feed';
import * as m0021 from './0021_idempotent_creates';
import * as m0022 from './0022_mail_outbox';
import * as m0023 from './0023_global_navi_order_per_list';
import * as m0024 from './0024_audit_chain';
import * as m0025 from './0025_sign_in_history_retention';
import * as m0026 from './0026_insight';
import * as m0027 from './0027_scale_indexes';
import * as m0028 from './0028_agent_user_pages';
import * as m0029 from './0029_search_feed_and_rate_limits';
import * as m0030 from './0030_insight_rollups';
import * as m0031 from './0031_badge_indexes';
import * as m0032 from './0032_insight_audiences';
import * as m0033 from './0033_list_pages';
import * as m0034 from './0034_search_scale';

export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_contents': m0002,
  '0003_admin': m0003,
  '0004_search': m0004,
  '0005_content_registration': m0005,
  '0006_robustness': m0006,
  '0007_skilup_events': m0007,
  '0008_incentive': m0008,
  '0009_portal_appearance': m0009,
  '0010_banner_registration': m0010,
  '0011_one_stop_guide': m0011,
  '0012_registered_companies': m0012,
  '0013_applications': m0013,
  '0014_change_feed': m0014,
  '0015_read_cache': m0015,
  '0017_application_badge_feed': m0017,
  '0018_application_receiver_extra': m0018,
  '0019_incentive_floating_feed': m0019,
  '0020_media_feed': m0020,
  '0021_idempotent_creates': m0021,
  '0022_mail_outbox': m0022,
  '0023_global_navi_order_per_list': m0023,
  '0024_audit_chain': m0024,
  '0025_sign_in_history_retention': m0025,
  '0026_insight': m0026,
  '0027_scale_indexes': m0027,
  '0028_agent_user_pages': m0028,
  '0029_search_feed_and_rate_limits': m0029,
  '0030_insight_rollups': m0030,
  '0031_badge_indexes': m0031,
  '0032_insight_audiences': m0032,
  '0033_list_pages': m0033,
  '0034_search_scale': m0034,
};
