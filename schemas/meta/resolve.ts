// Reuse inside definitions (docs/forms.md, Reuse), undone before anything checks or serves a
// definition, so the API, the renderer and schemas:check all see the expanded definition:
//   {"$ref": "#/$defs/row"}                              a piece of the file's own "$defs"
//   {"$ref": "../fragments/menu-setting.json#/store"}    a piece of schemas/fragments/<name>.json
// Keys beside a "$ref" are merged over what it points to (objects key by key, anything else
// replaced); a "$ref" to a list, as an element of a list, is spliced into it. In a rules list,
//   {"forEach": [{"list": "a", "label": "A"}, …], "rules": [ … ]}
// declares its rules once for several lists: one copy per element, with {list} and {label} in
// every string of the copy replaced by the element's values.
// Other "$ref"s (a JSON Schema's own "#/definitions/…" in a record schema) are left as they are.
import { ARG_PLACEHOLDERS } from '../rules/engine-types';

/** The parsed fragments of schemas/fragments, by file name without .json. */
export type Fragments = ReadonlyMap<string, unknown>;

export class ReuseError extends Error {}

type Json = unknown;
type Doc = { name: string; data: Json; defsOnly: boolean };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "../fragments/menu-setting.json#/store" → fragment and pointer; "#/$defs/x" → this document. */
function target(ref: string, doc: Doc, fragments: Fragments): { doc: Doc; pointer: string } | undefined {
  const hash = ref.indexOf('#');
  const file = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  if (file === '') {
    // In a definition only its own $defs are ours: "#/definitions/…" belongs to a JSON Schema.
    if (doc.defsOnly && !pointer.startsWith('/$defs/')) return undefined;
    return { doc, pointer };
  }
  const m = /^(?:\.\.\/fragments\/|\.\/)?([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/.exec(file);
  if (!m || (doc.defsOnly && !file.startsWith('../fragments/')))
    throw new ReuseError(`$ref "${ref}": a reference names #/$defs/<name> or ../fragments/<file>.json#/<pointer>`);
  const name = m[1] as string;
  if (!fragments.has(name)) throw new ReuseError(`$ref "${ref}": no schemas/fragments/${name}.json`);
  const data = fragments.get(name);
  if (isObject(data) && typeof data.__invalidJson === 'string')
    throw new ReuseError(`schemas/fragments/${name}.json is not valid JSON: ${data.__invalidJson}`);
  return { doc: { name: `schemas/fragments/${name}.json`, data, defsOnly: false }, pointer };
}

function at(doc: Doc, pointer: string, ref: string): Json {
  let node = doc.data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else node = undefined;
    if (node === undefined) throw new ReuseError(`$ref "${ref}": nothing at ${pointer} in ${doc.name}`);
  }
  return node;
}

/** `over` merged into `base`: objects key by key (base's keys first), anything else replaced. */
function merge(base: Json, over: Json): Json {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = Object.hasOwn(base, k) ? merge(base[k], v) : v;
  return out;
}

function resolveNode(node: Json, doc: Doc, fragments: Fragments, seen: readonly string[]): Json {
  if (Array.isArray(node)) {
    const out: Json[] = [];
    for (const el of node) {
      const value = resolveNode(el, doc, fragments, seen);
      // A reference to a list, alone in its place, stands for the list's elements.
      if (isObject(el) && typeof el.$ref === 'string' && Object.keys(el).length === 1 && Array.isArray(value))
        out.push(...(value as Json[]));
      else out.push(value);
    }
    return out;
  }
  if (!isObject(node)) return node;
  const { $ref, ...rest } = node;
  const resolved: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) resolved[k] = resolveNode(v, doc, fragments, seen);
  if (typeof $ref !== 'string') return $ref === undefined ? resolved : { $ref, ...resolved };
  const to = target($ref, doc, fragments);
  if (!to) return { $ref, ...resolved };
  const key = `${to.doc.name}#${to.pointer}`;
  if (seen.includes(key)) throw new ReuseError(`$ref "${$ref}" refers to itself (${[...seen, key].join(' → ')})`);
  const base = resolveNode(at(to.doc, to.pointer, $ref), to.doc, fragments, [...seen, key]);
  if (!Object.keys(resolved).length) return base;
  if (!isObject(base)) throw new ReuseError(`$ref "${$ref}": keys beside it can only be merged into an object`);
  return merge(base, resolved);
}

/** Every string of `node` with {name} replaced for the names `binding` gives. */
function substitute(node: Json, binding: Readonly<Record<string, string>>): Json {
  if (typeof node === 'string')
    return node.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (m, name: string) =>
      Object.hasOwn(binding, name) ? (binding[name] as string) : m,
    );
  if (Array.isArray(node)) return node.map((x) => substitute(x, binding));
  if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v, binding)]));
  return node;
}

/** A rules list with its forEach groups expanded (in place of each group, one copy per element). */
export function expandRules(rules: Json, where: string): Json {
  if (!Array.isArray(rules)) return rules;
  const out: Json[] = [];
  rules.forEach((entry, i) => {
    if (!isObject(entry) || !('forEach' in entry)) return void out.push(entry);
    const { forEach, rules: inner, note: _note, ...extra } = entry;
    const label = `${where}[${i}]`;
    if (Object.keys(extra).length)
      throw new ReuseError(
        `${label}: a forEach group has forEach, rules and note only (not ${Object.keys(extra).join(', ')})`,
      );
    if (!Array.isArray(forEach) || !forEach.length || !Array.isArray(inner))
      throw new ReuseError(`${label}: forEach needs a list of names and "rules" a list`);
    for (const binding of forEach) {
      const values = isObject(binding) ? Object.entries(binding) : [];
      if (!values.length || values.some(([, v]) => typeof v !== 'string'))
        throw new ReuseError(`${label}: each forEach element gives names as strings ({"list": "nowSettingList"})`);
      const clash = values.find(([k]) => (ARG_PLACEHOLDERS as readonly string[]).includes(k));
      if (clash)
        throw new ReuseError(`${label}: {${clash[0]}} is filled in by the rule engine and cannot be a forEach name`);
      out.push(...(expandRules(substitute(inner, binding as Record<string, string>), label) as Json[]));
    }
  });
  return out;
}

/**
 * The definition as it is served: references replaced, $defs dropped, rule groups expanded.
 * `file` names it in messages; throws ReuseError when a reference or group is wrong.
 */
export function resolveDefinition(data: Json, fragments: Fragments, file: string): Json {
  if (!isObject(data)) return data;
  const doc: Doc = { name: file, data, defsOnly: true };
  const { $defs: _defs, ...body } = data;
  const out = resolveNode(body, doc, fragments, []) as Record<string, unknown>;
  if (Array.isArray(out.rules)) out.rules = expandRules(out.rules, 'rules');
  if (isObject(out.search) && Array.isArray(out.search.rules))
    out.search = { ...out.search, rules: expandRules(out.search.rules, 'search.rules') };
  return out;
}
