import { type BodyArgsOf, type RecordType, recordEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage, download } from '../../api/http.ts';

// Record calls (SPEC §7 "Record"): the tree, the sheet list, one record, the writes and a sheet's files.

export type RecordCreateValues = BodyArgsOf<typeof ep.create>;
export type RecordUpdateValues = BodyArgsOf<typeof ep.update>;
export type RecordListArgs = { type?: RecordType; parentId?: number; q?: string };

export const recordKeys = { all: ['record'] as const };

/** A tree key: G<type> a type, R<id> a folder or sheet. */
export function scopeOfKey(key: string | undefined): { type?: RecordType; id?: number } {
  if (!key) return {};
  const g = /^G(.+)$/.exec(key);
  if (g) return { type: g[1] as RecordType };
  const r = /^R(\d+)$/.exec(key);
  return r ? { id: Number(r[1]) } : {};
}

export function useRecordTree() {
  return useQuery({ queryKey: [...recordKeys.all, 'tree'], queryFn: ({ signal }) => call(ep.tree, { signal }) });
}

export function useRecords(args: RecordListArgs, page: number, size: number) {
  return useQuery({
    queryKey: [...recordKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args, q: args.q || undefined, page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecord(id: number | null | undefined) {
  return useQuery({
    queryKey: [...recordKeys.all, 'one', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export const downloadRecordFile = (id: number, name: string) => download(ep.file, name, { params: { id } });

export function useRecordApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: recordKeys.all });
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    create: async (body: RecordCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: RecordUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: (id: number) => after(() => call(ep.remove, { params: { id } })),
    addFile: (id: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return after(() => call(ep.addFile, { params: { id }, body: form }));
    },
    removeFile: (id: number) => after(() => call(ep.removeFile, { params: { id } })),
  };
}
