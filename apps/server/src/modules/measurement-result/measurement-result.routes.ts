import type { FastifyRequest } from 'fastify';
import {
  MEASUREMENT_FILE_FIELD,
  MEASUREMENT_MAX_BYTES,
  type MeasurementResult,
  type MeasurementUploadFields,
  measurementResultEndpoints,
  measurementUploadFields,
  toLocale,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { wallClock } from '../../platform/dates.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { XLSX_MIME } from '../../platform/excel/excel-write.ts';
import { excelJs } from '../../platform/excel/exceljs.ts';
import { contentDisposition, fileTooLarge, safeFileName } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { assertNoNul } from '../../platform/input.ts';
import { readMeasurementFile } from './measurement-file.ts';
import {
  createResult,
  deleteResults,
  getResult,
  listResults,
  previewFile,
  resultFile,
  templateRows,
  type Upload,
} from './measurement-result.service.ts';

const ok = { data: { ok: true as const } };
const localeOf = (req: FastifyRequest) => toLocale(req.headers['accept-language'] as string);

/**
 * The upload form: `productId`, optional `lotId` and one file in `file` (≤ MEASUREMENT_MAX_BYTES). The bytes decide
 * what it is (measurement-file.ts: xlsx, or CSV text in UTF-8 or CP949), never the name or the browser's type.
 */
async function readUploadForm(req: FastifyRequest): Promise<{ fields: MeasurementUploadFields; upload: Upload }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A measurement file is sent as multipart/form-data.');
  }
  const raw: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: MEASUREMENT_MAX_BYTES } })) {
      if (part.type === 'field') {
        raw[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== MEASUREMENT_FILE_FIELD) throw invalidField(part.fieldname, 'unknownField');
      const data = await part.toBuffer();
      if (part.file.truncated) throw fileTooLarge(MEASUREMENT_FILE_FIELD, MEASUREMENT_MAX_BYTES);
      file = { name: safeFileName(part.filename || 'measurement.csv'), data };
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw invalidField(MEASUREMENT_FILE_FIELD, 'excelOneFile');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(MEASUREMENT_FILE_FIELD, MEASUREMENT_MAX_BYTES);
    throw e;
  }
  assertNoNul(raw);
  const parsed = measurementUploadFields.strict().safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({
      field: i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(',') : ''),
      message: i.code === 'unrecognized_keys' ? 'unknownField' : i.message,
    }));
    throw new AppError(400, 'VALIDATION_ERROR', 'Invalid input value', { fields });
  }
  if (!file || file.data.length === 0) throw invalidField(MEASUREMENT_FILE_FIELD, 'required');
  const parsedFile = await readMeasurementFile(file.data, file.name);
  const mime = parsedFile.format === 'xlsx' ? XLSX_MIME : 'text/csv';
  return { fields: parsed.data, upload: { name: file.name, mime, data: file.data, parsed: parsedFile } };
}

const JUDGEMENT_LABEL = { PASS: '합격 / Pass', FAIL: '불합격 / Fail' } as const;
const col = exportColumn<MeasurementResult>;
const COLUMNS = (timeZone: string) => [
  col('measuredAt', '측정일시', 'Measured at', (r) => wallClock(new Date(r.measuredAt), timeZone).slice(0, 16), 18),
  col('judgement', '판정', 'Judgement', (r) => JUDGEMENT_LABEL[r.judgement], 14),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 22),
  col('fileName', '파일', 'File', (r) => r.fileName, 28),
  col('itemCount', '항목 수', 'Items', (r) => r.itemCount, 8),
  col('valueCount', '측정값 수', 'Values', (r) => r.valueCount, 8),
  col('ngCount', 'NG 수', 'NG', (r) => r.ngCount, 8),
  col('createdBy', '등록자', 'Uploaded by', (r) => r.createdBy, 12),
];

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

// SPEC §7 "Measurement result" (modules/measurement-result README).
export const measurementResultRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, measurementResultEndpoints, {
    list: async (req) => listResults(db, req.query, config.timeZone, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'measurement-results',
        sheet: { kr: '측정 결과', en: 'Measurement results' },
        columns: COLUMNS(config.timeZone),
        records: (await listResults(db, req.query, config.timeZone, null)).data,
        timeZone: config.timeZone,
      }),
    template: async (req, reply) => {
      const locale = localeOf(req);
      const { header, rows } = await templateRows(db, req.query.productId, locale);
      const base = locale === 'kr' ? '측정결과-양식' : 'measurement-template';
      if (req.query.format === 'csv') {
        // With a BOM: Excel opens UTF-8 CSV as CP949 without one, and the Korean headers would be garbled.
        const text = `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(`${base}.csv`))
          .send(Buffer.from(text, 'utf8'));
      }
      const workbook = new (await excelJs()).Workbook();
      const sheet = workbook.addWorksheet(locale === 'kr' ? '측정값' : 'Values');
      sheet.addRow(header).font = { bold: true };
      for (const row of rows) sheet.addRow(row.map((c, i) => (i === 1 ? Number(c) : c || null)));
      sheet.columns.forEach((c, i) => {
        c.width = [24, 8, 12, 18][i];
      });
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition(`${base}.xlsx`))
        .send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
    file: async (req, reply) => {
      const file = await resultFile(db, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    get: async (req) => ({ data: await getResult(db, req.params.id) }),
    preview: async (req) => {
      const { fields, upload } = await readUploadForm(req);
      return { data: await previewFile(db, fields, upload, config.timeZone, localeOf(req)) };
    },
    create: async (req) => {
      const { fields, upload } = await readUploadForm(req);
      return { data: await createResult(db, actorOf(req), fields, upload, config.timeZone, localeOf(req)) };
    },
    remove: async (req) => {
      await deleteResults(db, actorOf(req), [req.params.id]);
      return ok;
    },
    removeList: async (req) => {
      await deleteResults(db, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
