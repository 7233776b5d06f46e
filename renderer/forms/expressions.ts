// The value expressions of form and list definitions (schemas/meta/common.schema.json
// "expression"), evaluated in the browser where the calls are made:
//   "=record" / "=record.a.b"   the form's record (or a value in it)
//   "=query.x"                  a parameter of the page URL
//   "=session.x"                agCode, userId, daihyoCode: the effective ids (pseudo ids while a
//                               provider administrator acts as an agent); other names: the
//                               signed-in user's field, or targetDate / systemDate / businessDate
//   "=row.x", "=search", "=search.x", "=file", "=file.count", "=mode.label", "=context.x",
//   "=result.x", "=data.x"      the row of a list action, the search conditions, the chosen file
//                               (count: entries of a CSV), the edit mode, the definition context,
//                               the answer of the last call, the form's initial data
//   "=selected{a,b}"            the selected rows of a list, each reduced to the keys a and b
//                               ("a:c": the key a takes the row's c)
//   "=changed{a,b}"             the rows whose editable columns changed, reduced the same way
//   "=record.list{a,b}"         a list field of the record, each row reduced the same way
// Objects and arrays are templates: each value in them is evaluated. Any other string is a
// literal. In paths (`to`), "{row.userId}"-style placeholders are filled and URL-encoded. In
// titles and message arguments, "{categoryName}"-style placeholders name the initial data.
import { effectiveIds, getSession, targetDate } from '../app/session';

export interface Scope {
  record?: unknown;
  query?: URLSearchParams;
  row?: Record<string, unknown>;
  search?: Record<string, unknown>;
  file?: unknown;
  selected?: Record<string, unknown>[];
  changed?: Record<string, unknown>[];
  mode?: { name: string; label: string };
  context?: Record<string, unknown>;
  result?: unknown;
  /** The form's initial data (by the names of `provides`). */
  data?: Record<string, unknown>;
}

function pathValue(value: unknown, path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function sessionValue(name: string): unknown {
  const session = getSession();
  const ids = effectiveIds(session);
  switch (name) {
    case 'agCode':
    case 'userId':
    case 'daihyoCode':
      return ids[name];
    case 'targetDate':
      return targetDate(session);
    case 'systemDate':
      return session.systemDate;
    case 'businessDate':
      return session.businessDate;
    default:
      return session.user ? (session.user as unknown as Record<string, unknown>)[name] : undefined;
  }
}

/** Rows reduced to keys; `a:b` names the wire key a after the row's key b (the spec spells a list item's id differently). */
function pick(rows: Record<string, unknown>[] | undefined, keys: string[]): Record<string, unknown>[] {
  return (rows ?? []).map((row) =>
    Object.fromEntries(
      keys.map((k) => {
        const [wire = '', from = wire] = k.split(':').map((x) => x.trim());
        return [wire, row[from]];
      }),
    ),
  );
}

/** One "=…" reference. */
function reference(expr: string, scope: Scope): unknown {
  const reduced = /^(selected|changed)\{([^}]*)\}$/.exec(expr);
  if (reduced) {
    const keys = (reduced[2] ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    return pick(reduced[1] === 'selected' ? scope.selected : scope.changed, keys);
  }
  // A list of the record with each row reduced to some keys: "=record.contentsList{categoryId,contentsId}".
  const rowsOf = /^record\.([\w.]+)\{([^}]*)\}$/.exec(expr);
  if (rowsOf) {
    const list = pathValue(scope.record, (rowsOf[1] ?? '').split('.'));
    const rows = Array.isArray(list)
      ? list.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
      : [];
    return pick(
      rows,
      (rowsOf[2] ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    );
  }
  const [head, ...rest] = expr.split('.');
  switch (head) {
    case 'record':
      return pathValue(scope.record, rest);
    case 'query':
      return rest.length ? (scope.query?.get(rest.join('.')) ?? undefined) : undefined;
    case 'session':
      return sessionValue(rest.join('.'));
    case 'row':
      return pathValue(scope.row, rest);
    case 'search':
      return pathValue(scope.search, rest);
    case 'file':
      return pathValue(scope.file, rest);
    case 'mode':
      return pathValue(scope.mode, rest);
    case 'context':
      return pathValue(scope.context, rest);
    case 'result':
      return pathValue(scope.result, rest);
    case 'data':
      return pathValue(scope.data, rest);
    default:
      return undefined;
  }
}

/** Evaluates an expression or a template of them. */
export function evaluate(expr: unknown, scope: Scope): unknown {
  if (typeof expr === 'string') return expr.startsWith('=') ? reference(expr.slice(1), scope) : expr;
  if (Array.isArray(expr)) return expr.map((e) => evaluate(e, scope));
  if (expr !== null && typeof expr === 'object') {
    return Object.fromEntries(Object.entries(expr).map(([k, v]) => [k, evaluate(v, scope)]));
  }
  return expr;
}

export function isFilledValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** An initial value: an expression, or a list of them where the first filled one wins. */
export function firstFilled(expr: unknown, scope: Scope): unknown {
  if (!Array.isArray(expr)) return evaluate(expr, scope);
  for (const e of expr) {
    const value = evaluate(e, scope);
    if (isFilledValue(value)) return value;
  }
  return undefined;
}

/**
 * A text with "{name}" placeholders filled from the initial data (the category name in a title:
 * "{categoryName}登録"). A placeholder whose value is missing or not a scalar stays as written,
 * so a mistake shows instead of vanishing.
 */
export function fillPlaceholders(text: string, data: Record<string, unknown> | undefined): string {
  return text.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) => {
    const value = data?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** Evaluates the arguments of a message reference to text ("{categoryName}" from the initial data). */
export function messageArgs(args: readonly string[] | undefined, scope: Scope): string[] {
  return (args ?? []).map((a) => {
    const value = evaluate(a, scope);
    if (typeof value === 'string') return fillPlaceholders(value, scope.data);
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * An in-app path with "{row.userId}"-style placeholders (each URL-encoded) or an "=…" expression.
 * Placeholders without a value become ''.
 */
export function interpolatePath(template: string, scope: Scope): string {
  if (template.startsWith('=')) return String(evaluate(template, scope) ?? '');
  return template.replace(/\{([A-Za-z_][\w.]*)\}/g, (_m, ref: string) => {
    const value = reference(ref, scope);
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}
