import {
  type RecallQuery,
  type TraceBackwardQuery,
  type TraceForwardQuery,
  traceEndpoints as ep,
} from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../api/http.ts';

// The traceability reads (server modules/trace): backward and forward genealogy as graphs, the mock recall, and their
// files (the tables as workbooks, the recall as a PDF). Keys start with 'lot' like the lot report's: writes that move
// lots or stock refresh them by that prefix.

export const traceKeys = {
  backward: (q: TraceBackwardQuery) => ['lot', 'trace', 'backward', q] as const,
  forward: (q: TraceForwardQuery) => ['lot', 'trace', 'forward', q] as const,
  recall: (q: RecallQuery) => ['lot', 'trace', 'recall', q] as const,
};

export function useTraceBackward(q: TraceBackwardQuery | null) {
  return useQuery({
    queryKey: traceKeys.backward(q ?? {}),
    queryFn: ({ signal }) => call(ep.backward, { query: q!, signal }),
    enabled: !!q,
    retry: false,
  });
}

export function useTraceForward(q: TraceForwardQuery | null) {
  return useQuery({
    queryKey: traceKeys.forward(q ?? {}),
    queryFn: ({ signal }) => call(ep.forward, { query: q!, signal }),
    enabled: !!q,
    retry: false,
  });
}

export function useRecall(q: RecallQuery | null) {
  return useQuery({
    queryKey: traceKeys.recall(q ?? {}),
    queryFn: ({ signal }) => call(ep.recall, { query: q!, signal }),
    enabled: !!q,
    retry: false,
  });
}

export const downloadBackward = (q: TraceBackwardQuery, name: string) =>
  download(ep.backwardExport, name, { query: q });
export const downloadForward = (q: TraceForwardQuery, name: string) => download(ep.forwardExport, name, { query: q });
export const downloadRecallPdf = (q: RecallQuery, name: string) => download(ep.recallPdf, name, { query: q });
