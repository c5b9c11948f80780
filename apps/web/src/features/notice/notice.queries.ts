import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Locale, NOTICE_POLL_MS, type Notice, type NoticeCreateForm, noticeEndpoints as ep } from '@eqms/contract';
import { ApiError, call, callPage, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

// TanStack Query hooks over the notice API (SPEC §7 Notice paths). Every key starts with 'notice' so one
// invalidation refreshes the list, the bell and an open notice together.
export const noticeKeys = {
  all: ['notice'] as const,
  list: (locationId: number | null, page: number, size: number) => ['notice', 'list', locationId, page, size] as const,
  posts: ['notice', 'posts'] as const,
  one: (id: number) => ['notice', 'one', id] as const,
};

/** The form's fields as the contract checks them, plus what travels beside them in the multipart body. */
export type NoticeFormValues = NoticeCreateForm & { id?: number; file: File | null; removeFile: boolean };

export function useNoticeList(locationId: number | null, page: number, size: number) {
  return useQuery({
    queryKey: noticeKeys.list(locationId, page, size),
    queryFn: ({ signal }) => callPage(ep.list, { query: { locationId, page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's active notices, unread first (the server orders them), polled every 60 s (SPEC §4). */
export function useNoticePosts(enabled = true) {
  return useQuery({
    queryKey: noticeKeys.posts,
    queryFn: ({ signal }) => call(ep.posts, { signal, silent: true }),
    refetchInterval: NOTICE_POLL_MS,
    enabled,
  });
}

/** One notice; silent, because a missing notice has its own message (SPEC §8) shown by the caller. */
export function useNotice(id: number | null) {
  return useQuery({
    queryKey: noticeKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal, silent: true }),
    enabled: id != null,
    retry: false,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.markRead, { params: { id }, spinner: false, silent: true }),
    onSuccess: (_, id) => {
      void qc.invalidateQueries({ queryKey: noticeKeys.posts });
      void qc.invalidateQueries({ queryKey: noticeKeys.one(id) });
    },
  });
}

/**
 * What a notice viewer (desktop dialog or phone page) needs: the notice, marked read once it is shown, and
 * SPEC §8's "this notice was deleted" snackbar plus close when it is gone.
 */
export function useNoticeView(noticeId: number | null, open: boolean, onClose: () => void) {
  const qc = useQueryClient();
  const query = useNotice(open ? noticeId : null);
  const markRead = useMarkRead();
  const { data, error, errorUpdatedAt } = query;
  const unreadId = open && data && !data.isRead ? data.id : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: mark once per notice shown, not per mutation state
  useEffect(() => {
    if (unreadId != null) markRead.mutate(unreadId);
  }, [unreadId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: react to each new failure, keyed by its time
  useEffect(() => {
    if (!open || !error) return;
    if (error instanceof ApiError && error.status === 404) {
      useAppStore.getState().notify(i18n.t('common:errors.noticeDeleted'), 'error');
      void qc.invalidateQueries({ queryKey: noticeKeys.posts });
    } else if (error instanceof ApiError) {
      reportError(error);
    }
    onClose();
  }, [errorUpdatedAt]);

  return query;
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    // A GET that writes, as the spec has it.
    mutationFn: () => call(ep.readAll, { spinner: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

/** The multipart body of POST/PUT /notice: text fields plus the optional file in the field `file`. */
export function noticeFormData(v: NoticeFormValues): FormData {
  const fd = new FormData();
  if (v.id != null) fd.append('id', String(v.id));
  fd.append('title', v.title);
  fd.append('contents', v.contents);
  fd.append('locationId', v.locationId == null ? '' : String(v.locationId));
  fd.append('startDt', v.startDt);
  fd.append('endDt', v.endDt);
  if (v.id != null) fd.append('removeFile', String(v.removeFile));
  if (v.file) fd.append('file', v.file, v.file.name);
  return fd;
}

export function useSaveNotice() {
  const qc = useQueryClient();
  return useMutation({
    // Silent: the form puts field errors on its fields (showSaveError) and reports the rest itself.
    mutationFn: (v: NoticeFormValues) =>
      call(v.id != null ? ep.update : ep.create, { body: noticeFormData(v), silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function useDeleteNotices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1 ? call(ep.remove, { params: { id: ids[0] } }) : call(ep.removeBulk, { params: { ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

/** SPEC §2: the target location's path joined with '/', or 'all' when the notice is for everyone. */
export function locationLabel(location: Notice['location'], allLabel: string): string {
  if (!location) return allLabel;
  return (location.path.length ? location.path : [location.name]).join('/');
}

/** "3 minutes ago" / "3분 전" for the bell's entries. */
export function relativeTimeLabel(iso: string, locale: Locale, now: number = Date.now()): string {
  const diffS = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale === 'en' ? 'en' : 'ko', { numeric: 'auto' });
  const abs = Math.abs(diffS);
  if (abs < 60) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(diffS / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(diffS / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(diffS / 86_400), 'day');
  if (abs < 365 * 86_400) return rtf.format(Math.round(diffS / (30 * 86_400)), 'month');
  return rtf.format(Math.round(diffS / (365 * 86_400)), 'year');
}
