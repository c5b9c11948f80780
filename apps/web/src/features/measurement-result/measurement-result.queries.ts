import { type Judgement, measurementResultEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage, download } from '../../api/http.ts';

// Measurement result calls (SPEC §7 "Measurement result"): the list of a period, one result with its values, the
// preview and the save of a file, the downloads and the deletes.

export type MeasurementListArgs = {
  startDt: string;
  endDt: string;
  productId?: number;
  lotId?: string;
  judgement?: Judgement;
};
export type UploadForm = { productId: number; lotId?: string | null; file: File };

export const measurementKeys = { all: ['measurementResult'] as const };

export function useMeasurementResults(args: MeasurementListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...measurementKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) =>
      callPage(ep.list, { query: { ...args!, lotId: args!.lotId || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useMeasurementResult(id: number | null) {
  return useQuery({
    queryKey: [...measurementKeys.all, 'one', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

const formOf = ({ productId, lotId, file }: UploadForm) => {
  const form = new FormData();
  form.append('productId', String(productId));
  if (lotId) form.append('lotId', lotId);
  form.append('file', file, file.name);
  return form;
};

/** The preview: silent (the dialog shows what went wrong), no spinner (the dialog has its own). */
export const previewFile = (f: UploadForm, signal?: AbortSignal) =>
  call(ep.preview, { body: formOf(f), silent: true, spinner: false, signal });

export const downloadFile = (id: number, name: string) => download(ep.file, name, { params: { id } });
export const downloadTemplate = (format: 'csv' | 'xlsx', productId: number | null, name: string) =>
  download(ep.template, name, { query: { format, productId: productId ?? undefined } });

export function useMeasurementApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: measurementKeys.all });
  return {
    save: async (f: UploadForm) => {
      const saved = await call(ep.create, { body: formOf(f), silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      try {
        await call(ep.remove, { params: { id } });
      } finally {
        await refresh();
      }
    },
    removeList: async (ids: number[]) => {
      try {
        await call(ep.removeList, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}
