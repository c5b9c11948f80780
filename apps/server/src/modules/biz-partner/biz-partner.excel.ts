import { type BizPartner, type BizPartnerListQuery, bizPartnerCreateBody, bizPartnerListQuery } from '@eqms/contract';
import type { ExcelColumn, ExcelEntity, ParsedRow } from '../../platform/excel/excel.ts';
import { uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { BIZ_PARTNER_UNIQUE, insertBizPartner, listBizPartners, typeCodes } from './biz-partner.service.ts';
import { bizPartners } from './biz-partner.table.ts';

// Business partners as an Excel import/export (platform/excel). Types are the BIZ_PARTNER_TYPE codes or their
// Korean/English names, separated by commas. Contacts are not in the sheet: they are edited on the screen.

const shape = bizPartnerCreateBody.shape;
const text = (key: string, kr: string, en: string, rule: ExcelColumn['rule'], width = 18, required = false) =>
  ({ key, header: { kr, en }, rule, width, required }) satisfies ExcelColumn<BizPartner>;

const baseColumns: ExcelColumn<BizPartner>[] = [
  text('code', '거래처 코드', 'Partner code', shape.code, 16, true),
  text('clientCode', '고객 코드', 'Client code', shape.clientCode, 16),
  text('name', '거래처명', 'Name', shape.name, 24, true),
  {
    key: 'types',
    header: { kr: '거래처 유형', en: 'Types' },
    required: true,
    lookup: {
      multiple: true,
      options: async (db) =>
        [...(await typeCodes(db)).values()].map((c) => ({
          value: c.code,
          labels: [c.code, c.codeName, ...(c.codeNameEn ? [c.codeNameEn] : [])],
        })),
    },
    exportValue: (p) => p.types.join(', '),
    width: 22,
  },
  text('bizRegNo', '사업자등록번호', 'Business reg. no.', shape.bizRegNo, 16),
  text('corpRegNo', '법인등록번호', 'Corporate reg. no.', shape.corpRegNo, 18),
  text('ceoName', '대표자', 'CEO', shape.ceoName, 12),
  text('phone', '전화번호', 'Phone', shape.phone, 16),
  text('fax', '팩스', 'Fax', shape.fax, 16),
  text('email', '이메일', 'Email', shape.email, 24),
  text('address', '주소', 'Address', shape.address, 36),
  text('description', '설명', 'Description', shape.description, 30),
];

export const bizPartnerExcel: ExcelEntity<BizPartner, BizPartnerListQuery> = {
  name: 'biz-partners',
  sheet: { kr: '거래처', en: 'Business partners' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<BizPartner>(db, 'biz_partners'))],
  checkRows: (db, rows) => checkExtRows(db, 'biz_partners', rows),
  unique: [
    uniqueColumn('code', bizPartners, bizPartners.code),
    uniqueColumn('clientCode', bizPartners, bizPartners.clientCode),
  ],
  saveRow: async (tx, actor, row: ParsedRow) => {
    const d = row.data;
    const body = bizPartnerCreateBody.parse({
      code: d.code,
      clientCode: d.clientCode ?? null,
      name: d.name,
      types: d.types,
      bizRegNo: d.bizRegNo ?? null,
      corpRegNo: d.corpRegNo ?? null,
      ceoName: d.ceoName ?? null,
      phone: d.phone ?? null,
      fax: d.fax ?? null,
      email: d.email ?? null,
      address: d.address ?? null,
      description: d.description ?? null,
      ext: extOf(row),
      contacts: [],
    });
    return (await insertBizPartner(tx, actor, body)).id;
  },
  uniqueConstraints: BIZ_PARTNER_UNIQUE,
  exportQuery: bizPartnerListQuery,
  exportRecords: (db, q) => listBizPartners(db, q),
};
