// A `calls.delete` of a declared form whose body takes a list's selection deletes every record it names
// ({ "popupIdList": "=selected{categoryId,contentsId}" }), each by the form's key, within the
// form's scope, in one transaction (one foreign or missing id rolls back all). The ids are read
// from the body by the call's template: the one path whose template is "=selected{…}".
import type { CallSpec } from '../../schemas/meta/types';
import { problem } from '../http/problems';
import type { FormRecord, RecordId } from './record-store';
import { parseKey, valueAt } from './wire-record';

/** The path of the selection list in a call's body template (null: the template names none). */
export function selectionPath(template: unknown, at: string[] = []): string[] | null {
  if (typeof template === 'string') return /^=selected\{/.test(template) ? at : null;
  if (template && typeof template === 'object' && !Array.isArray(template)) {
    for (const [k, v] of Object.entries(template)) {
      const found = selectionPath(v, [...at, k]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The records named by the body's selection list, deduplicated, each key with the fields of its
 * element (a hook's scope may read them: the agent of each selected user). An empty or missing
 * list is 400 ERR_0003 (明細, spec 001: delete needs a selection); an element without a usable key
 * is 400 ERR_0009 naming the form.
 */
export function selectedRecords(
  call: CallSpec,
  body: unknown,
  keyField: string,
  serial: boolean,
  formTitle: string,
): Map<RecordId, FormRecord> {
  const path = selectionPath(call.body);
  const list = path ? valueAt(body, path) : undefined;
  if (!Array.isArray(list) || list.length === 0) throw problem.validation([{ messageId: 'ERR_0003', args: ['明細'] }]);
  const keys = new Map<RecordId, FormRecord>();
  for (const item of list) {
    const fields = item && typeof item === 'object' && !Array.isArray(item) ? (item as FormRecord) : {};
    const id = parseKey(fields[keyField], serial);
    if (id === null) throw problem.validation([{ messageId: 'ERR_0009', args: [formTitle] }]);
    if (!keys.has(id)) keys.set(id, fields);
  }
  return keys;
}

/** The keys alone of `selectedRecords`. */
export function selectedKeys(
  call: CallSpec,
  body: unknown,
  keyField: string,
  serial: boolean,
  formTitle: string,
): RecordId[] {
  return [...selectedRecords(call, body, keyField, serial, formTitle).keys()];
}
