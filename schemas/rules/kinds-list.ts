// Rule kinds across values: atLeastOne, unique within a list, maxItems, differentFrom.
import { holds } from './conditions';
import { isFilled, toText } from './engine-types';
import type { AtLeastOneRule, DifferentFromRule, MaxItemsRule, UniqueRule } from './engine-types';
import type { KindHandler } from './kind';

export const atLeastOne: KindHandler<AtLeastOneRule> = {
  each: (r) => r.field ?? r.fields?.[0] ?? '',
  fields: (r) => [...(r.field ? [r.field] : []), ...(r.fields ?? [])],
  check: (r, env, t) => {
    if (r.field) {
      const list = Array.isArray(t!.value) ? t!.value : [];
      const ok = list.some((e) => (r.where ? holds(r.where, e, env.ctx) : isFilled(e)));
      if (!ok) env.emit(t!.path);
      return;
    }
    if (!(r.fields ?? []).some((f) => isFilled(env.value(f)))) env.emit(t!.path);
  },
};

export const unique: KindHandler<UniqueRule> = {
  fields: (r) => [r.field],
  check: (r, env) => {
    const seen = new Set<string>();
    for (const { path, value } of env.all(r.field)) {
      const key = toText(value).trim();
      if (key === '') continue;
      if (seen.has(key)) env.emit(path);
      seen.add(key);
    }
  },
};

export const maxItems: KindHandler<MaxItemsRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    if (Array.isArray(t!.value) && t!.value.length > r.max) env.emit(t!.path);
  },
};

export const differentFrom: KindHandler<DifferentFromRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field, r.other],
  check: (r, env, t) => {
    const a = toText(t!.value);
    if (a !== '' && a === toText(env.value(r.other))) env.emit(t!.path);
  },
};
