// The named hooks a definition may refer to in `store.hook` (api/forms/hook.ts).
import type { FormHook } from '../forms/hook';
import { agentSegmentHook } from './agent-segment/hook';
import { applicationHook } from './application/hook';
import { agentUserHook } from './agent-user/hook';
import { bannerHook } from './banner/hook';
import { contentHook } from './content/hook';
import { eventHook } from './event/hook';
import { loginPopupHook } from './login-popup/hook';
import { globalNaviHook } from './global-navi/hook';
import { iconMenuHook } from './icon-menu/hook';
import { oneStopHook } from './one-stop/hook';
import { skilupHook } from './skilup/hook';

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
