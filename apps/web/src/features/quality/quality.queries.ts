import {
  type BodyArgsOf,
  type Disposition,
  type Judgement,
  type QualityStage,
  materialQualityEndpoints as matStd,
  materialQualityResultEndpoints as matRes,
  productQualityEndpoints as prodStd,
  productQualityResultEndpoints as prodRes,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage, download } from '../../api/http.ts';
import type { Side } from './quality-side.ts';

// Quality calls (SPEC §7 "Quality", server modules/quality README): standards of one material or product, results of a
// period, the inspection form of a scanned subject, holds and dispositions. The two sides share every hook; the side
// picks the endpoints. A result or a disposition moves stock (a hold, a scrap), so writes refresh the stock lists too.

export type MaterialItemBody = BodyArgsOf<typeof matStd.create>;
export type ProductItemBody = BodyArgsOf<typeof prodStd.create>;
export type ResultListArgs = {
  startDt?: string;
  endDt?: string;
  itemId?: number;
  judgement?: Judgement;
  stage?: Exclude<QualityStage, 'INCOMING'>;
  q?: string;
};
/** The subject of an inspection: a package (material) or a lot / production result (product). */
export type Subject = { packageId: string } | { lotId: string } | { dailyPlanId: number };

export const qualityKeys = { all: ['quality'] as const };
const FED_BY_QUALITY = [['material-stock'], ['product-stock'], ['lot']];

export function useStandards(side: Side, itemId: number | undefined) {
  return useQuery({
    queryKey: [...qualityKeys.all, side, 'standards', itemId],
    queryFn: ({ signal }) =>
      side === 'MATERIAL'
        ? call(matStd.list, { params: { materialId: itemId! }, signal })
        : call(prodStd.list, { params: { productId: itemId! }, query: {}, signal }),
    enabled: itemId != null,
  });
}

/** The standards' Excel endpoints of a side (import dialog: template, check, save). */
export const standardExcelEndpoints = (side: Side) => (side === 'MATERIAL' ? matStd : prodStd);

/**
 * The server's workbook of a material's or product's items (of one stage when filtered): the import's own columns, so
 * the file imports back as it is.
 */
export function downloadStandards(side: Side, itemId: number, stage: string | undefined, fileName: string) {
  return side === 'MATERIAL'
    ? download(matStd.excelExport, fileName, { query: { materialId: itemId } })
    : download(prodStd.excelExport, fileName, {
        query: { productId: itemId, stage: stage as 'IN_PROCESS' | 'FINAL' | undefined },
      });
}

/** After an import: every standards list of the side. */
export function useRefreshStandards(side: Side) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [...qualityKeys.all, side, 'standards'] });
}

export function useStandardApi(side: Side) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [...qualityKeys.all, side, 'standards'] });
  return {
    /** Silent: field errors go on the dialog's fields. */
    create: async (body: MaterialItemBody | ProductItemBody) => {
      try {
        return side === 'MATERIAL'
          ? await call(matStd.create, { body: body as MaterialItemBody, silent: true })
          : await call(prodStd.create, { body: body as ProductItemBody, silent: true });
      } finally {
        await refresh();
      }
    },
    update: async (body: (MaterialItemBody | ProductItemBody) & { id: number }) => {
      try {
        return side === 'MATERIAL'
          ? await call(matStd.update, { body: body as BodyArgsOf<typeof matStd.update>, silent: true })
          : await call(prodStd.update, { body: body as BodyArgsOf<typeof prodStd.update>, silent: true });
      } finally {
        await refresh();
      }
    },
    /** Not silent: an item a result used is refused with the related-data dialog of the API client. */
    remove: async (ids: number[]) => {
      const ep = side === 'MATERIAL' ? matStd : prodStd;
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
        else await call(ep.removeMany, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}

export function useResults(side: Side, args: ResultListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...qualityKeys.all, side, 'results', args, page, size],
    queryFn: ({ signal }) => {
      const { itemId, q, stage, ...rest } = args!;
      const common = { ...rest, q: q || undefined, page, size };
      return side === 'MATERIAL'
        ? callPage(matRes.list, { query: { ...common, materialId: itemId }, signal })
        : callPage(prodRes.list, { query: { ...common, productId: itemId, stage }, signal });
    },
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useResult(side: Side, id: number | null) {
  return useQuery({
    queryKey: [...qualityKeys.all, side, 'result', id],
    queryFn: ({ signal }) => call(side === 'MATERIAL' ? matRes.get : prodRes.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export function useHolds(side: Side, args: { active: boolean; q?: string }, page: number, size: number) {
  return useQuery({
    queryKey: [...qualityKeys.all, side, 'holds', args, page, size],
    queryFn: ({ signal }) =>
      callPage(side === 'MATERIAL' ? matRes.holds : prodRes.holds, {
        query: { active: args.active ? 'true' : 'false', q: args.q || undefined, page, size },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useQualityApi(side: Side) {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([[...qualityKeys.all, side], ...FED_BY_QUALITY].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    /** The inspection form of a subject; silent so the dialog says "not found" beside the scan. */
    form: (subject: Subject) =>
      side === 'MATERIAL'
        ? call(matRes.form, { query: subject as { packageId: string }, silent: true })
        : call(prodRes.form, { query: subject as { lotId: string } | { dailyPlanId: number }, silent: true }),
    inspect: async (body: BodyArgsOf<typeof matRes.create> | BodyArgsOf<typeof prodRes.create>) => {
      const saved =
        side === 'MATERIAL'
          ? await call(matRes.create, { body: body as BodyArgsOf<typeof matRes.create>, silent: true })
          : await call(prodRes.create, { body: body as BodyArgsOf<typeof prodRes.create>, silent: true });
      await refresh();
      return saved;
    },
    /** Silent: a refusal goes under the drawer's field. */
    setTime: async (id: number, inspectionMinutes: number | null) => {
      const saved =
        side === 'MATERIAL'
          ? await call(matRes.updateTime, { params: { id }, body: { inspectionMinutes }, silent: true })
          : await call(prodRes.updateTime, { params: { id }, body: { inspectionMinutes }, silent: true });
      await qc.invalidateQueries({ queryKey: [...qualityKeys.all, side] });
      return saved;
    },
    dispose: async (holdId: number, body: { disposition: Disposition; reason: string }) => {
      const saved =
        side === 'MATERIAL'
          ? await call(matRes.dispose, {
              params: { id: holdId },
              body: body as BodyArgsOf<typeof matRes.dispose>,
              silent: true,
            })
          : await call(prodRes.dispose, {
              params: { id: holdId },
              body: body as BodyArgsOf<typeof prodRes.dispose>,
              silent: true,
            });
      await refresh();
      return saved;
    },
  };
}
