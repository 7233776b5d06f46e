// The React side of a form's store (form-store.ts): the store a widget or template belongs to, and
// hooks that subscribe to the one part they show (useSyncExternalStore), so typing re-renders
// only the field being typed in.
import { useSyncExternalStore } from 'react';
import { formatMessage } from '../../schemas/messages/format';
import type { FormStore } from './form-store';

/** The store of the form a widget or template belongs to. */
export function storeOf(registry: { formContext?: unknown }): FormStore | undefined {
  const context = registry.formContext as { store?: FormStore } | undefined;
  return context?.store;
}

/** The messages under one field (re-renders only when they change). */
export function useFieldMessages(store: FormStore | undefined, path: string, deep = false): string[] {
  const text = useSyncExternalStore(
    store?.subscribe ?? noopSubscribe,
    () => (store && path !== '' ? store.fieldMessages(path, deep) : ''),
    () => '',
  );
  return text === '' ? [] : text.split('\n');
}

/** A value of the record that a widget shows but does not own (re-renders when it changes). */
export function useRecordValue(store: FormStore | undefined, path: string): unknown {
  return useSyncExternalStore(
    store?.subscribeRecord ?? noopSubscribe,
    () => (store && path !== '' ? store.valueAt(path) : undefined),
    () => undefined,
  );
}

/** All messages of the form, one per line, in order and without repeats. */
export function useFormMessages(store: FormStore): { lines: string[]; scrollRequest: number } {
  const results = useSyncExternalStore(store.subscribe, store.getResults, store.getResults);
  const scrollRequest = useSyncExternalStore(store.subscribe, store.getScrollRequest, store.getScrollRequest);
  const lines = [...new Set(results.map((r) => formatMessage(r.messageId, r.args)))];
  return { lines, scrollRequest };
}

const noopSubscribe = () => () => undefined;
