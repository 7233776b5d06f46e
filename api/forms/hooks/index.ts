// The named hooks a definition may refer to in `store.hook` (api/forms/hook.ts).
import type { FormHook } from '../hook';
import { agentSegmentHook } from './agent-segment';
import { applicationHook } from './application';
import { agentUserHook } from './agent-user';
import { bannerHook } from './banner';
import { contentHook } from './content';
import { eventHook } from './event';
import { loginPopupHook } from './login-popup';
import { globalNaviHook } from './global-navi';
import { iconMenuHook } from './icon-menu';
import { oneStopHook } from './one-stop';
import { skilupHook } from './skilup';

export const formHooks: Record<string, FormHook> = {
  'agent-segment': agentSegmentHook,
  'agent-user': agentUserHook,
  application: applicationHook,
  banner: bannerHook,
  content: contentHook,
  event: eventHook,
  'login-popup': loginPopupHook,
  'global-navi': globalNaviHook,
  'icon-menu': iconMenuHook,
  'one-stop': oneStopHook,
  skilup: skilupHook,
};
