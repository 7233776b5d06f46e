// Request forms (spec 002 sections 2.6, 4, 5): /shinseiform-ag[/appNo/:appNo] (applicant) and
// /shinseiform-provider/appNo/:appNo (receiver). The fields' labels and rules come from the
// declared forms (schemas/forms/shinseiform-ag.json, shinseiform-provider.json); which buttons
// show, and which statuses the receiver may pick, from the declared workflow
// (schemas/workflows/application.json) the API enforces too. Modes: new (no appNo), update (an
// appNo in the URL) and preview (?preview=1, from a list title). Opening an editable request for
// edit checks the lock (CNF_0011) and sets it; back releases it after CNF_0002. Before save,
// submit, withdraw and delete the display time is compared with the latest update (CNF_0009
// reloads the form); the server refuses a stale save as well (409).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { validateForm } from '../../../schemas/rules/engine';
import type { MailList } from '../../../schemas/rules/mail-list';
import { actionsFor, APPLICATION_WORKFLOW as W, isEditable, statusText } from '../../../schemas/workflows/workflow';
import { errorMessageText, isApiError, type DownloadedFile } from '../../api/client';
import { alertMessage, confirmMessage } from '../../app/dialog';
import { useSession } from '../../app/session';
import { useProcessing } from '../../app/use-processing';
import { saveBlob } from '../../components/download';
import { formatFileSize } from '../../components/file-size';
import { ensureValidSession } from '../../components/session-check';
import { loadFormDefinition, ruleContext, type FormDefinition, type Loaded } from '../../forms/definitions';
import { ErrorList } from '../../forms/ErrorList';
import { MailDialog } from '../../forms/MailDialog';
import layout from '../../forms/FormLayout.module.css';
import { UploadProgress, uploadErrorText, useTusUploads } from '../../forms/upload/TusUpload';
import * as api from './api';
import styles from './Shinsei.module.css';

type Side = api.Side;

interface Draft {
  appUser: string;
  appTitle: string;
  wishDate: string;
  appCategoryId: string;
  appTempFileList: api.Attachment[];
  targetAgCode: string;
  targetCompanyId: string;
  appMemo: string;
  operateUser: string;
  providerUser: string;
  providerComment: string;
  providerMemo: string;
}

const emptyDraft = (appUser = ''): Draft => ({
  appUser,
  appTitle: '',
  wishDate: '',
  appCategoryId: '',
  appTempFileList: [],
  targetAgCode: '',
  targetCompanyId: '',
  appMemo: '',
  operateUser: '',
  providerUser: '',
  providerComment: '',
  providerMemo: '',
});

const draftOf = (a: api.Application): Draft => ({
  appUser: a.appUser,
  appTitle: a.appTitle,
  wishDate: a.wishDate,
  appCategoryId: a.appCategoryId,
  appTempFileList: a.appTempFileList.map((f) => ({ rowNo: f.rowNo, fileName: f.fileName, size: f.size, tempFileSize: f.tempFileSize })),
  targetAgCode: a.targetAgCode,
  targetCompanyId: a.targetCompanyId,
  appMemo: a.appMemo,
  operateUser: a.operateUser ?? '',
  providerUser: a.providerUser,
  providerComment: a.providerComment,
  providerMemo: a.providerMemo ?? '',
});

const FORM_ID: Record<Side, string> = { applicant: 'shinseiform-ag', receiver: 'shinseiform-provider' };
/** The applicant's fields, read-only on the receiver form (whose definition declares the supplier's fields only). */
const APPLICANT_LABELS: Record<string, string> = { appUser: '申請者名', appTitle: '件名', wishDate: '希望納期', appCategoryId: '申請種別', appTempFileList: '添付ファイル' };
/** What the confirmation and completion messages call the target of each action. */
const ACTION_TARGET: Record<string, string> = { save: '申請内容', submit: '申請内容', withdraw: '申請', complete: '申請', reply: '回答', delete: '申請' };

async function save(file: Promise<DownloadedFile>) {
  try {
    const f = await file;
    saveBlob(f.blob, f.fileName);
  } catch {
    await alertMessage(formatMessage('ERR_SYS003', ['ファイルダウンロード']));
  }
}

export function ShinseiFormPage({ side }: { side: Side }) {
  const { appNo } = useParams();
  const [query, setQuery] = useSearchParams();
  const preview = !!appNo && query.get('preview') === '1';
  const navigate = useNavigate();
  const session = useSession();
  const { processing, run } = useProcessing();
  const [def, setDef] = useState<Loaded<FormDefinition> | null>(null);
  const [initial, setInitial] = useState<api.FormInitial | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft());
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState<api.CategoryData | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [scroll, setScroll] = useState(0);
  const [mailOpen, setMailOpen] = useState(false);
  const locked = useRef(false);
  const uploads = useTusUploads();
  const fileInput = useRef<HTMLInputElement>(null);

  const application = initial?.applicationData;
  const from = application ? application.appStatusKbn : 'new';
  const editable = !preview && isEditable(W, side, from);
  const listPath = `${api.LIST_PATH[side]}?isResearch=true`;

  const showErrors = (lines: string[]) => {
    setErrors(lines);
    if (lines.length) setScroll((n) => n + 1);
  };

  const load = useCallback(async () => {
    try {
      const [d, data] = await Promise.all([loadFormDefinition(FORM_ID[side]), api.getFormInitial(side, appNo)]);
      setDef(d);
      setInitial(data);
      setErrors([]);
      const a = data.applicationData;
      if (a) {
        setDraft(draftOf(a));
        setStatus(a.appStatusKbn);
        setCategory(a.appCategoryId ? a : null);
        void api.markRead(side, a.appNo).catch(() => undefined);
      } else {
        setDraft(emptyDraft(session.user?.userName ?? ''));
        setCategory(null);
      }
    } catch (error) {
      await alertMessage(errorMessageText(error));
      navigate(api.LIST_PATH[side]);
    }
    // The user's name only fills a new form once.
  }, [side, appNo, navigate]);

  useEffect(() => {
    setInitial(null);
    locked.current = false;
    void load();
  }, [load]);

  // A save that ends the editing (submit, withdraw, a reply to 40) gave the lock back on the server.
  useEffect(() => {
    if (!editable) locked.current = false;
  }, [editable]);

  // Editing an existing request: someone else's lock asks CNF_0011 first, then the lock is ours.
  const lockFor = initial?.applicationData?.appNo;
  useEffect(() => {
    if (!lockFor || !editable || locked.current) return;
    let live = true;
    void (async () => {
      try {
        const { checkResult } = await api.checkEditing(lockFor);
        if (!live) return;
        if (checkResult && !(await confirmMessage(formatMessage('CNF_0011')))) {
          setQuery({ preview: '1' }, { replace: true });
          return;
        }
        await api.setEditing(lockFor);
        locked.current = true;
      } catch (error) {
        await alertMessage(errorMessageText(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [lockFor, editable, setQuery]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  /** false (after CNF_0009, reloading on yes) when someone saved since the form was shown. */
  const fresh = async (): Promise<boolean> => {
    if (!application || !initial) return true;
    const { latestUpdDate } = await api.getLatestUpdDate(application.appNo);
    if (latestUpdDate === initial.dispDateTime) return true;
    if (await confirmMessage(formatMessage('CNF_0009'))) await load();
    return false;
  };

  /** A failed write: rule messages above the form, CNF_0009 for a stale one, anything else in the dialog. */
  const failed = async (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      if (await confirmMessage(formatMessage('CNF_0009'))) await load();
    } else if (isApiError(error) && error.status === 400 && error.messages) showErrors(error.messages.map((m) => formatMessage(m.messageId, m.args)));
    else await alertMessage(errorMessageText(error));
  };

  const ruleCheck = (record: Record<string, unknown>) => (def ? validateForm(def.definition, record, ruleContext(def.context, application ? 'update' : 'new')).map((m) => formatMessage(m.messageId, m.args)) : []);

  const applicantAction = (name: string) =>
    run(async () => {
      if (!(await ensureValidSession())) return;
      const action = W.actions[name];
      if (action.fields) {
        const lines = ruleCheck({ ...draft });
        showErrors(lines);
        if (lines.length) return;
      }
      if (!(await confirmMessage(formatMessage('CNF_0001', [ACTION_TARGET[name], action.label])))) return;
      try {
        if (!(await fresh())) return;
        const body = {
          appNo: application?.appNo,
          appUser: draft.appUser,
          appTitle: draft.appTitle,
          wishDate: draft.wishDate,
          appCategoryId: draft.appCategoryId,
          appTempFileList: draft.appTempFileList.map((f) => ({ rowNo: f.rowNo, fileName: f.fileName, size: f.size, uploadId: f.uploadId, isUpload: !!f.uploadId })),
          targetAgCode: draft.targetAgCode,
          targetCompanyId: draft.targetCompanyId,
          appMemo: draft.appMemo,
          appStatus: action.to[0],
          beforeAppStatus: application?.appStatusKbn,
          dispDateTime: initial?.dispDateTime,
        };
        if (!application) {
          const { appNo: created } = await api.register(body);
          await alertMessage(formatMessage('INF_0001', [ACTION_TARGET[name], action.label]));
          navigate(`${api.FORM_PATH.applicant}/appNo/${created}`, { replace: true });
          return;
        }
        await api.update('applicant', body);
        await alertMessage(formatMessage('INF_0001', [ACTION_TARGET[name], action.label]));
        await load();
      } catch (error) {
        await failed(error);
      }
    });

  const saveReply = async () => {
    await api.update('receiver', {
      appNo: application!.appNo,
      appStatus: status,
      beforeAppStatus: application!.appStatusKbn,
      dispDateTime: initial!.dispDateTime,
      loginName: session.user?.userName,
      targetAgCode: draft.targetAgCode,
      targetCompanyId: draft.targetCompanyId,
      operateUser: draft.operateUser,
      providerUser: draft.providerUser,
      providerComment: draft.providerComment,
      providerMemo: draft.providerMemo,
    });
  };

  const reply = () =>
    run(async () => {
      if (!(await ensureValidSession())) return;
      const lines = ruleCheck({ ...draft });
      showErrors(lines);
      if (lines.length) return;
      try {
        if (await fresh()) setMailOpen(true);
      } catch (error) {
        await failed(error);
      }
    });

  const finishReply = async (list: MailList | null) => {
    try {
      await saveReply();
      if (list) await api.sendMail(application!.appNo, list);
      setMailOpen(false);
      await alertMessage(formatMessage('INF_0001', [list ? '回答とメール' : '回答', list ? '送信' : '登録']));
      await load();
    } catch (error) {
      setMailOpen(false);
      await failed(error);
    }
  };

  const remove = () =>
    run(async () => {
      if (!(await ensureValidSession())) return;
      if (!(await confirmMessage(formatMessage('CNF_0004')))) return;
      try {
        if (!(await fresh())) return;
        await api.remove(application!.appNo, initial!.dispDateTime);
        locked.current = false;
        await alertMessage(formatMessage('INF_0001', ['申請', '削除']));
        navigate(listPath);
      } catch (error) {
        await failed(error);
      }
    });

  const escalate = () =>
    run(async () => {
      try {
        const { mailSubject, mailBody } = await api.escalationMail(application!.appNo);
        window.location.href = `mailto:?subject=${encodeURIComponent(mailSubject)}&body=${encodeURIComponent(mailBody)}`;
      } catch (error) {
        await alertMessage(errorMessageText(error));
      }
    });

  const back = () =>
    run(async () => {
      if (locked.current || (editable && !application)) {
        if (!(await confirmMessage(formatMessage('CNF_0002')))) return;
      }
      if (locked.current && application) {
        await api.releaseEditing(application.appNo).catch(() => undefined);
        locked.current = false;
      }
      navigate(listPath);
    });

  const pickCategory = async (id: string) => {
    set('appCategoryId', id);
    if (!id) {
      setCategory(null);
      return;
    }
    try {
      setCategory((await api.getCategoryData(id)).appCategoryData);
    } catch (error) {
      await alertMessage(errorMessageText(error));
    }
  };

  const addFiles = async (files: FileList | null) => {
    if (!files || !def) return;
    for (const file of Array.from(files)) {
      const candidate = [...draft.appTempFileList, { fileName: file.name, size: file.size }];
      const fileRules = { rules: def.definition.rules.filter((r) => 'field' in r && r.field === 'appTempFileList') };
      const lines = validateForm(fileRules, { appTempFileList: candidate }, ruleContext(def.context, 'update')).map((m) => formatMessage(m.messageId, m.args));
      if (lines.length) {
        showErrors(lines);
        continue;
      }
      try {
        const done = await uploads.start(file);
        setDraft((d) => ({ ...d, appTempFileList: [...d.appTempFileList, { fileName: done.fileName, size: done.size, uploadId: done.uploadId, isUpload: true }] }));
      } catch (error) {
        showErrors([uploadErrorText(error)]);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  if (!initial || !def) return <div className={layout.loading}>読み込み中…</div>;

  const title = (def.definition.title as string) + (preview ? '（プレビュー）' : '');
  const labelOf = (key: string) => (def.definition.schema.properties[key] as { title?: string } | undefined)?.title ?? APPLICANT_LABELS[key] ?? key;
  const requiredKeys = new Set(def.definition.rules.filter((r) => r.rule === 'required').map((r) => ('field' in r ? r.field : '')));
  const applicantEditable = side === 'applicant' && editable;
  const receiverEditable = side === 'receiver' && editable;
  const statusChoices = receiverEditable && W.actions.reply.from.includes(from) ? [...new Set([from, ...W.actions.reply.to])] : [from];
  const categoryName = initial.categoryList.find((c) => c.value === draft.appCategoryId)?.text ?? application?.appCategoryName ?? '';

  const row = (key: string, label: string, content: React.ReactNode, required = false) => (
    <div className={layout.row} key={key}>
      <div className={layout.labelCell}>
        <label htmlFor={`f-${key}`}>{label}</label>
        {required && <span className={layout.required}>必須</span>}
      </div>
      <div className={layout.inputCell}>{content}</div>
    </div>
  );
  const text = (key: keyof Draft, canEdit: boolean, max?: number, multiline = false) =>
    canEdit ? (
      multiline ? (
        <textarea id={`f-${key}`} className={`input ${styles.textarea}`} rows={6} maxLength={max} value={draft[key] as string} onChange={(e) => set(key, e.target.value as never)} />
      ) : (
        <input id={`f-${key}`} className="input" maxLength={max} value={draft[key] as string} onChange={(e) => set(key, e.target.value as never)} />
      )
    ) : (
      <div id={`f-${key}`} className={styles.readOnly}>
        {(draft[key] as string) || '—'}
      </div>
    );
  const maxOf = (key: string) => (def.definition.schema.properties[key] as { maxLength?: number } | undefined)?.maxLength;

  const actions = side === 'applicant' && !preview ? actionsFor(W, 'applicant', from) : [];

  return (
    <div className={styles.page}>
      <section className={layout.panel} aria-labelledby="shinsei-form-title">
        <div className={layout.panelHeader}>
          <h1 id="shinsei-form-title" className={layout.title}>
            {title}
          </h1>
          {preview && isEditable(W, side, from) && (
            <button type="button" className="btn btn-secondary" onClick={() => setQuery({}, { replace: true })}>
              編集する
            </button>
          )}
        </div>
        <div className={layout.panelBody}>
          <ErrorList lines={errors} scrollRequest={scroll} />
          {application && (
            <dl className={styles.header}>
              <div>
                <dt>申請No</dt>
                <dd>{application.appNo}</dd>
              </div>
              <div>
                <dt>申請日</dt>
                <dd>{application.appDate}</dd>
              </div>
              {side === 'receiver' && (
                <div>
                  <dt>代理店</dt>
                  <dd>
                    {application.appAgCode} {application.appAgName}
                  </dd>
                </div>
              )}
              <div>
                <dt>
                  <label htmlFor="f-status">ステータス</label>
                </dt>
                <dd>
                  {receiverEditable ? (
                    <select id="f-status" className="input" value={status} onChange={(e) => setStatus(e.target.value)}>
                      {statusChoices.map((s) => (
                        <option key={s} value={s}>
                          {statusText(W, s)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span id="f-status">{application.appStatus}</span>
                  )}
                </dd>
              </div>
            </dl>
          )}

          <div className={layout.grid}>
            {row('appUser', labelOf('appUser'), text('appUser', applicantEditable, maxOf('appUser')), applicantEditable)}
            {row('appTitle', labelOf('appTitle'), text('appTitle', applicantEditable, maxOf('appTitle')), applicantEditable)}
            {row(
              'wishDate',
              labelOf('wishDate'),
              applicantEditable ? (
                <input id="f-wishDate" type="date" max="9999-12-31" className="input" value={draft.wishDate} onChange={(e) => set('wishDate', e.target.value)} />
              ) : (
                <div id="f-wishDate" className={styles.readOnly}>
                  {draft.wishDate.replaceAll('-', '/') || '—'}
                </div>
              ),
            )}
            {row(
              'appCategoryId',
              labelOf('appCategoryId'),
              <>
                {applicantEditable ? (
                  <select id="f-appCategoryId" className="input" value={draft.appCategoryId} onChange={(e) => void pickCategory(e.target.value)}>
                    <option value="">選択してください</option>
                    {initial.categoryList.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.text}
                      </option>
                    ))}
                  </select>
                ) : (
                  <div id="f-appCategoryId" className={styles.readOnly}>
                    {categoryName || '—'}
                  </div>
                )}
                {category && (category.osgDetailPath || category.osgTempFileList.length > 0) && (
                  <div className={styles.related} aria-label="関連情報">
                    <h3>関連情報</h3>
                    {category.osgDetailPath && (
                      <p>
                        ワンストップガイド：<Link to={category.osgDetailPath}>{category.osgContentsTitle || '詳細を見る'}</Link>
                      </p>
                    )}
                    {category.osgTempFileList.length > 0 && (
                      <>
                        <ul className={styles.fileList}>
                          {category.osgTempFileList.map((f) => (
                            <li key={f.rowNo}>
                              <span className={styles.fileName}>{f.tempFileName}</span>
                              <span className={styles.fileSize}>{f.tempFileSize}</span>
                              <button type="button" className={styles.linkButton} onClick={() => void save(api.downloadReference(draft.appCategoryId, f.tempFileName))}>
                                ダウンロード
                              </button>
                            </li>
                          ))}
                        </ul>
                        <button type="button" className="btn btn-secondary" onClick={() => void save(api.downloadReference(draft.appCategoryId, ''))}>
                          一括ダウンロード
                        </button>
                      </>
                    )}
                  </div>
                )}
              </>,
              applicantEditable,
            )}
            {row(
              'appTempFileList',
              labelOf('appTempFileList'),
              <>
                {draft.appTempFileList.length > 0 && (
                  <ul className={styles.fileList}>
                    {draft.appTempFileList.map((f, i) => (
                      <li key={`${f.rowNo ?? ''}-${f.uploadId ?? ''}-${f.fileName}`}>
                        <span className={styles.fileName}>{f.fileName}</span>
                        <span className={styles.fileSize}>{f.tempFileSize ?? formatFileSize(f.size)}</span>
                        {application && !f.uploadId && (
                          <button type="button" className={styles.linkButton} onClick={() => void save(api.downloadAttachment(application.appNo, f.fileName))}>
                            ダウンロード
                          </button>
                        )}
                        {applicantEditable && (
                          <button type="button" className={styles.linkButton} aria-label={`${f.fileName} を削除`} onClick={() => set('appTempFileList', draft.appTempFileList.filter((_, j) => j !== i))}>
                            削除
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {uploads.running.map((u) => (
                  <UploadProgress key={u.key} fileName={u.fileName} percent={u.percent} />
                ))}
                {applicantEditable && (
                  <>
                    <input ref={fileInput} id="f-appTempFileList" type="file" multiple hidden accept=".pdf,.docx,.xlsx,.txt,.pptx" onChange={(e) => void addFiles(e.target.files)} />
                    <button type="button" className="btn btn-secondary" onClick={() => fileInput.current?.click()}>
                      ファイルを追加
                    </button>
                  </>
                )}
                {!applicantEditable && draft.appTempFileList.length === 0 && <div className={styles.readOnly}>—</div>}
              </>,
            )}
            {row('targetAgCode', labelOf('targetAgCode'), text('targetAgCode', editable, 50))}
            {row('targetCompanyId', labelOf('targetCompanyId'), text('targetCompanyId', editable, 20))}
            {side === 'receiver' && row('operateUser', labelOf('operateUser'), text('operateUser', receiverEditable, maxOf('operateUser')))}
            {side === 'receiver' && row('providerUser', labelOf('providerUser'), text('providerUser', receiverEditable, maxOf('providerUser')))}
            {row('appMemo', '申請内容', text('appMemo', applicantEditable, 1000, true))}
            {side === 'applicant' && draft.providerComment && row('providerComment', 'プロバイダー回答', <div className={styles.reply}>{draft.providerComment}</div>)}
            {side === 'applicant' && draft.providerUser && row('providerUser', '担当営業', <div className={styles.readOnly}>{draft.providerUser}</div>)}
            {side === 'receiver' && row('providerComment', labelOf('providerComment'), text('providerComment', receiverEditable, maxOf('providerComment'), true))}
            {side === 'receiver' &&
              row(
                'providerMemo',
                `${labelOf('providerMemo')}（代理店には表示されません）`,
                receiverEditable ? text('providerMemo', true, maxOf('providerMemo'), true) : <div className={`${styles.reply} ${styles.memo}`}>{draft.providerMemo || '—'}</div>,
              )}
          </div>
          {requiredKeys.size > 0 && applicantEditable && <p className={layout.help}>必須の項目は入力してください。申請内容または添付ファイルのどちらかが必要です。</p>}

          <div className={layout.buttons}>
            {actions.includes('withdraw') && (
              <button type="button" className={`btn ${layout.btnDanger}`} disabled={processing} onClick={() => void applicantAction('withdraw')}>
                {W.actions.withdraw.label}
              </button>
            )}
            {side === 'receiver' && !preview && application && W.actions.delete.from.includes(from) && (
              <button type="button" className={`btn ${layout.btnDanger}`} disabled={processing} onClick={() => void remove()}>
                {W.actions.delete.label}
              </button>
            )}
            <div className={layout.buttonsEnd}>
              <button type="button" className="btn btn-secondary" disabled={processing} onClick={() => void back()}>
                戻る
              </button>
              {actions
                .filter((a) => a !== 'withdraw')
                .map((a) => (
                  <button key={a} type="button" className={`btn ${a === 'save' ? 'btn-secondary' : 'btn-primary'}`} disabled={processing || uploads.running.length > 0} onClick={() => void applicantAction(a)}>
                    {W.actions[a].label}
                  </button>
                ))}
              {side === 'receiver' && application && !preview && (
                <button type="button" className="btn btn-secondary" disabled={processing} onClick={() => void escalate()}>
                  エスカレーション
                </button>
              )}
              {receiverEditable && (
                <button type="button" className="btn btn-primary" disabled={processing} onClick={() => void reply()}>
                  {W.actions.reply.label}
                </button>
              )}
            </div>
          </div>
        </div>
      </section>
      {side === 'receiver' && <MailDialog open={mailOpen} defaultTo={application?.appUserMail ?? ''} check={api.mailCheck} onClose={() => setMailOpen(false)} onSend={(list) => finishReply(list)} onSaveOnly={() => finishReply(null)} />}
    </div>
  );
}
