// The related information of a select's chosen value (ui:options.related): a call made with the
// record whenever the value changes, whose answer (`row` in the expressions) shows a link and a
// list of files, each with a download call (`row` = the file) and a download of them all.
// Declaration (docs/forms.md): { title, call, link: { label, href, text }, files: { list, name,
// size, download, downloadAll } }.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { runCall, resultOf } from '../calls';
import type { CallSpec } from '../definitions';
import { evaluate, firstFilled } from '../expressions';
import type { FormStore } from '../form-store';
import styles from './Widgets.module.css';

export interface RelatedSpec {
  title: string;
  call: CallSpec;
  link?: { label?: string; href: unknown; text: unknown };
  files?: { list: unknown; name: unknown; size?: unknown; download?: CallSpec; downloadAll?: CallSpec };
}

export function isRelatedSpec(value: unknown): value is RelatedSpec {
  const v = value as Partial<RelatedSpec> | null;
  return typeof v === 'object' && v !== null && typeof v.title === 'string' && typeof v.call?.call === 'string';
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function RelatedInfo({
  spec,
  value,
  store,
}: {
  spec: RelatedSpec;
  value: string;
  store: FormStore | undefined;
}) {
  const [answer, setAnswer] = useState<{ value: string; row: Record<string, unknown> } | null>(null);

  useEffect(() => {
    if (!value) return;
    let live = true;
    runCall(spec.call, { record: store?.getRecord() }).then(
      (outcome) => {
        const row = resultOf(spec.call, outcome.data);
        if (live && typeof row === 'object' && row !== null) setAnswer({ value, row: row as Record<string, unknown> });
      },
      () => {
        if (live) store?.showMessages([{ messageId: 'ERR_SYS003', args: [spec.title] }]);
      },
    );
    return () => {
      live = false;
    };
  }, [spec, value, store]);

  // An answer for an earlier choice is never shown under a later one.
  if (!answer || answer.value !== value) return null;
  const row = answer.row;
  const href = spec.link ? text(evaluate(spec.link.href, { row })) : '';
  const list = spec.files ? evaluate(spec.files.list, { row }) : undefined;
  const files = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  if (!href && files.length === 0) return null;

  const fetch = async (call: CallSpec, file?: Record<string, unknown>) => {
    try {
      await runCall({ ...call, response: 'file' }, { record: store?.getRecord(), row: file ?? row });
    } catch {
      store?.showMessages([{ messageId: 'ERR_SYS003', args: ['ファイルダウンロード'] }]);
    }
  };

  return (
    <section className={styles.related} aria-label={spec.title}>
      <h3>{spec.title}</h3>
      {href && spec.link && (
        <p>
          {spec.link.label ? `${spec.link.label}：` : ''}
          <Link to={href}>{text(firstFilled(spec.link.text, { row }))}</Link>
        </p>
      )}
      {spec.files && files.length > 0 && (
        <>
          <ul className={styles.rows}>
            {files.map((file, i) => {
              const name = text(evaluate(spec.files!.name, { row: file }));
              return (
                <li key={`${name}-${i}`} className={styles.fileItem}>
                  <span className={styles.fileName}>{name}</span>
                  <span className={styles.fileMeta}>
                    {spec.files!.size ? text(evaluate(spec.files!.size, { row: file })) : ''}
                  </span>
                  {spec.files!.download && (
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-label={`${name} をダウンロード`}
                      onClick={() => void fetch(spec.files!.download!, file)}
                    >
                      ダウンロード
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {spec.files.downloadAll && (
            <button type="button" className="btn btn-secondary" onClick={() => void fetch(spec.files!.downloadAll!)}>
              一括ダウンロード
            </button>
          )}
        </>
      )}
    </section>
  );
}
