import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createReports, defineReport, reportParams, reportType } from './reports.ts';

const file = async () => ({ data: Buffer.from('x'), fileName: 'x.pdf' });
const params = z.strictObject({ id: z.number().int().min(1) });
const sample = defineReport({
  name: 'sample-report',
  menu: 'inspectionReport',
  types: { single: reportType(params, { pdf: file }), list: reportType(z.object({}), { excel: file }) },
});

describe('the report registry', () => {
  it('finds a name/type in a format it builds, null otherwise; lists every type', () => {
    const reports = createReports([sample]);
    expect(reports.find('sample-report', 'single', 'pdf')).toMatchObject({ menu: 'inspectionReport' });
    expect(reports.find('sample-report', 'single', 'excel')).toBeNull();
    expect(reports.find('sample-report', 'list', 'pdf')).toBeNull();
    expect(reports.find('sample-report', 'toString', 'pdf')).toBeNull();
    expect(reports.find('other', 'single', 'pdf')).toBeNull();
    expect(reports.list()).toEqual([
      { name: 'sample-report', type: 'single', menu: 'inspectionReport', formats: ['pdf'] },
      { name: 'sample-report', type: 'list', menu: 'inspectionReport', formats: ['excel'] },
    ]);
  });

  it('refuses at start-up a name twice, a bad name or type, an unknown menu, a type building nothing', () => {
    expect(() => createReports([sample, sample])).toThrow(/registered twice/);
    expect(() => createReports([{ ...sample, name: 'Bad Name' }])).toThrow(/lower-case/);
    expect(() => createReports([{ ...sample, types: { 'Single!': sample.types.single } }])).toThrow(/lower-case/);
    expect(() => createReports([{ ...sample, menu: 'nowhere' }])).toThrow(/unknown menu/);
    expect(() => createReports([{ ...sample, types: { empty: { params } } }])).toThrow(/builds no file/);
  });
});

describe('reportParams', () => {
  const fieldsOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return ((e as AppError).extraData?.fields as { field: string }[] | undefined)?.map((f) => f.field);
    }
    throw new Error('no error');
  };
  it('parses the JSON through the schema; 400 naming params or params.<field>', () => {
    expect(reportParams(params, '{"id":3}')).toEqual({ id: 3 });
    expect(fieldsOf(() => reportParams(params, '{"id":0}'))).toEqual(['params.id']);
    expect(fieldsOf(() => reportParams(params, undefined))).toEqual(['params.id']);
    expect(fieldsOf(() => reportParams(params, '{"id":1,"more":2}'))).toEqual(['params.more']);
    expect(fieldsOf(() => reportParams(params, '[1]'))).toEqual(['params']);
    expect(fieldsOf(() => reportParams(params, '{id:1}'))).toEqual(['params']);
  });
});
