// The provider's import of monthly incentive figures (issue 12; not in the spec's call list,
// named after its areas): a CSV (UTF-8 or Shift_JIS, as Excel writes it) checked row by row with
// the catalogue's row-level messages (schemas/rules/incentive-import.ts), a dry run that lists
// what would change, then the import in one transaction with the floating panel's rows derived
// again and an audit record. Needs the permission of CATEGORY.INCENTIVE_IMPORT (provider staff).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { decodeText } from '../../../schemas/rules/csv';
import { parseCsvRecords } from '../../../schemas/rules/csv-records';
import { checkFigureFile, type ImportedFigure } from '../../../schemas/rules/incentive-import';
import { extensionOf } from '../../../schemas/rules/kinds-file';
import { recordAudit } from '../../audit/record';
import { can } from '../../authority/permissions';
import { settleChanges } from '../../cache/change-feed';
import { HEAD_BYTES, looksLikeText } from '../../files/content-check';
import { problem } from '../../http/problems';
import { checkBodyIdentity } from '../../plugins/auth';
import * as repo from './repository';
import { CATEGORY } from '../../../schemas/categories';
import { perUserPerMinute } from '../../security/rate-limit';

const Values = Type.Object({
  sales: Type.Union([Type.Number(), Type.Null()]),
  target: Type.Union([Type.Number(), Type.Null()]),
  activeIds: Type.Number(),
});
const Change = Type.Object({
  lineNo: Type.Number(),
  changeKbn: Type.Union([Type.Literal('insert'), Type.Literal('update')]),
  daihyoCode: Type.String(),
  targetSystem: Type.String(),
  systemName: Type.String(),
  year: Type.Number(),
  month: Type.Number(),
  before: Type.Union([Values, Type.Null()]),
  after: Values,
});
const ImportAnswer = Type.Object({
  isDryRun: Type.Boolean(),
  fileName: Type.String(),
  totalCount: Type.Number({ description: 'Data rows of the file' }),
  insertCount: Type.Number(),
  updateCount: Type.Number(),
  unchangedCount: Type.Number(),
  changeList: Type.Array(Change, { description: 'Rows that add or change figures, in file order' }),
});

interface ImportRequest {
  dryRun: boolean;
  fileName: string;
  bytes: Buffer | null;
  size: number;
}

const fileProblem = (messageId: string, args: string[] = []) => problem.validation([{ messageId, args }]);

async function readImportRequest(app: FastifyInstance, request: FastifyRequest): Promise<ImportRequest> {
  if (!request.isMultipart()) throw fileProblem('ERR_0025', ['リクエスト']);
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer | null; size: number } | null = null;
  for await (const part of request.parts({
    limits: { fileSize: app.config.maxFileSize, files: 1, fields: 10, fieldSize: 1024 },
  })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'uploadFile') continue;
      const truncated = part.file.truncated;
      file = {
        fileName: part.filename ?? '',
        bytes: truncated ? null : bytes,
        size: truncated ? app.config.maxFileSize + 1 : bytes.length,
      };
    } else fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
  }
  checkBodyIdentity(request.caller!, fields);
  if (fields.systemKbn !== '01') throw fileProblem('ERR_0025', ['systemKbn']);
  if (!file || file.size === 0) throw fileProblem(file ? 'ERR_0011' : 'ERR_0001', file ? [] : ['取込ファイル']);
  return { dryRun: fields.isDryRun !== 'false', ...file };
}

export default async function incentiveImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { files: 1, fields: 10 }, throwFileSizeLimit: false });

  app.post(
    '/api/IncentiveKanri/importJisseki',
    {
      config: { rateLimit: perUserPerMinute('import') },
      schema: {
        description:
          'Monthly incentive figures from a CSV (multipart: systemKbn, userId, agCode, isDryRun "true"/"false", uploadFile). Columns: 代表コード,対象システム,年,月,売上実績,目標,稼働ID数. A dry run changes nothing; an import writes every row or none.',
        consumes: ['multipart/form-data'],
        response: { 200: ImportAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!(await can(app.db, caller, CATEGORY.INCENTIVE_IMPORT))) throw problem.forbidden();
      const input = await readImportRequest(app, request);
      if (extensionOf(input.fileName) !== 'csv') throw fileProblem('ERR_0010');
      if (!input.bytes) throw fileProblem('ERR_0024', [String(Math.floor(app.config.maxFileSize / 1024 / 1024))]);
      if (!looksLikeText(input.bytes.subarray(0, HEAD_BYTES))) throw fileProblem('ERR_0010');

      const text = decodeText(input.bytes);
      const codes = [...new Set(parseCsvRecords(text).map((r) => r.cells[0] ?? ''))].filter((c) => c.length <= 8);
      const known = {
        daihyoCodes: await repo.knownDaihyoCodes(app.db, codes),
        targetSystems: await repo.knownTargetSystems(app.db),
      };
      const checked = checkFigureFile(text, known);
      if (checked.messages.length) throw problem.validation(checked.messages);

      const systems = new Map((await repo.listTargetSystems(app.db)).map((s) => [s.target_system, s.system_name]));
      const fileName = input.fileName.slice(0, 255);
      const plan = async (db: repo.Db) => {
        const stored = await repo.existingFigures(db, checked.rows);
        const changes = [];
        let unchanged = 0;
        for (const row of checked.rows) {
          const before = stored.get(repo.figureKey(row));
          const after = { sales: row.sales, target: row.target, activeIds: row.activeIds };
          if (
            before &&
            before.sales === row.sales &&
            before.target === row.target &&
            before.activeIds === row.activeIds
          ) {
            unchanged++;
            continue;
          }
          changes.push({
            row,
            lineNo: row.line,
            changeKbn: before ? ('update' as const) : ('insert' as const),
            daihyoCode: row.daihyoCode,
            targetSystem: row.targetSystem,
            systemName: systems.get(row.targetSystem) ?? '',
            year: row.year,
            month: row.month,
            before: before ? { sales: before.sales, target: before.target, activeIds: before.activeIds } : null,
            after,
          });
        }
        return { changes, unchanged };
      };
      const answer = (p: Awaited<ReturnType<typeof plan>>, isDryRun: boolean) => ({
        isDryRun,
        fileName,
        totalCount: checked.rows.length,
        insertCount: p.changes.filter((c) => c.changeKbn === 'insert').length,
        updateCount: p.changes.filter((c) => c.changeKbn === 'update').length,
        unchangedCount: p.unchanged,
        changeList: p.changes.map(({ row: _row, ...c }) => c),
      });

      if (input.dryRun) return answer(await plan(app.db), true);

      const now = app.clock.now();
      const result = await app.db.transaction().execute(async (trx) => {
        const p = await plan(trx);
        const rows: ImportedFigure[] = p.changes.map((c) => c.row);
        await repo.upsertFigures(trx, rows, caller.userId, now);
        for (const code of new Set(rows.map((r) => r.daihyoCode))) await repo.refreshFloating(trx, code, now);
        await recordAudit(trx, {
          caller,
          action: 'upload',
          entity: 'incentive_monthly_figures',
          entityId: fileName,
          before: p.changes.filter((c) => c.before).map((c) => ({ key: repo.figureKey(c.row), ...c.before })),
          after: p.changes.map((c) => ({ key: repo.figureKey(c.row), ...c.after })),
          at: now,
        });
        return answer(p, false);
      });
      await settleChanges(app.db); // the floating panel this instance keeps follows at once
      return result;
    },
  );
}
