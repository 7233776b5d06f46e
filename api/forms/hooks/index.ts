// The named hooks a definition may refer to in `store.hook` (api/forms/hook.ts).
import type { FormHook } from '../hook';
import { contentHook } from './content';

export const formHooks: Record<string, FormHook> = {
  content: contentHook,
};
