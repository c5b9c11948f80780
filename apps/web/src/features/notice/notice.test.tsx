import { formatFileSize } from '../../components/file-size.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@eqms/contract';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';
import { NoticeBell, toNotificationEntries } from './components/NoticeBell.tsx';
import { fileTypeIcon } from './components/AttachmentLine.tsx';
import { sanitizeNoticeHtml } from './components/NoticeContent.tsx';
import { NoticeViewDialog } from './components/NoticeViewDialog.tsx';
import en from './locales/en.json';
import kr from './locales/kr.json';
import { locationLabel, noticeFormData, relativeTimeLabel } from './notice.queries.ts';

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 1,
  title: '안전 교육 안내',
  contents: '<p>본문 <strong>굵게</strong></p>',
  author: '관리자',
  authorId: 10,
  authorHasImage: false,
  locationId: 3,
  location: { id: 3, name: 'A라인', type: 'LINE', path: ['본사', '1공장', 'A라인'] },
  startDt: '2025-03-01',
  endDt: '2025-03-31',
  attachFileName: 'guide.pdf',
  attachFileMimeType: 'application/pdf',
  attachFileSize: 1536,
  isRead: false,
  createdBy: 'admin',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  updatedBy: 'admin',
  updatedAt: new Date().toISOString(),
  ...over,
});

type Route = (url: URL, init: RequestInit) => { status: number; body: unknown } | undefined;
let calls: { method: string; path: string }[] = [];

function mockApi(route: Route) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ method: init.method ?? 'GET', path: url.pathname });
      const res = route(url, init) ?? { status: 404, body: { status: 404, code: 'ROUTE_NOT_FOUND', message: 'nope' } };
      return new Response(JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'wh01', permissions: {} } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notice helpers', () => {
  it('joins the target location path with / and says all for everyone', () => {
    expect(locationLabel(notice().location, '전체')).toBe('본사/1공장/A라인');
    expect(locationLabel(null, 'all')).toBe('all');
  });

  it('formats file sizes for people', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(150 * 1024)).toBe('150 KB');
    expect(formatFileSize(null)).toBe('');
  });

  it('drops script and event handlers from notice HTML but keeps formatting', () => {
    const html = sanitizeNoticeHtml(
      '<h2>제목</h2><p><strong>b</strong><em>i</em><s>s</s></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="https://e.com" onclick="x()">l</a><a href="javascript:alert(3)">j</a>',
    );
    expect(html).toContain('<h2>제목</h2>');
    expect(html).toContain('<strong>b</strong>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror|onclick|javascript:/i);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('labels times relative to now in either language', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(relativeTimeLabel('2025-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTimeLabel('2025-03-10T11:55:00Z', 'kr', now)).toBe('5분 전');
    expect(relativeTimeLabel('2025-03-08T12:00:00Z', 'en', now)).toBe('2 days ago');
  });

  it('builds the multipart body the server reads', () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const create = noticeFormData({
      title: 't',
      contents: '<p>x</p>',
      locationId: null,
      startDt: '2025-01-01',
      endDt: '2025-01-02',
      file,
      removeFile: false,
    });
    expect(create.get('locationId')).toBe('');
    expect(create.has('id')).toBe(false);
    expect((create.get('file') as File).name).toBe('a.txt');
    const modify = noticeFormData({
      id: 7,
      title: 't',
      contents: '',
      locationId: 3,
      startDt: '2025-01-01',
      endDt: '2025-01-02',
      file: null,
      removeFile: true,
    });
    expect(modify.get('id')).toBe('7');
    expect(modify.get('removeFile')).toBe('true');
    expect(modify.get('locationId')).toBe('3');
    expect(modify.has('file')).toBe(false);
  });

  it('picks an icon by file type', () => {
    expect(fileTypeIcon('application/pdf', 'a.pdf')).toBeTruthy();
    expect(fileTypeIcon(null, 'a.xlsx')).toBeTruthy();
  });

  it('has every string in both languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(kr).sort()).toEqual(keys(en).sort());
  });
});

describe('NoticeViewDialog', () => {
  it('shows the notice with its location path, attachment size and sanitized body, and marks it read', async () => {
    mockApi((url, init) => {
      if (url.pathname === '/api/notice/1' && init.method === 'GET')
        return {
          status: 200,
          body: {
            data: notice({
              contents:
                '<p>안전 <b>제일</b></p><script>window.__pwned=1</script><img src="x" onerror="window.__pwned=2">',
            }),
          },
        };
      if (url.pathname === '/api/notice/1/read') return { status: 200, body: { data: { ok: true } } };
    });
    wrap(<NoticeViewDialog noticeId={1} open onClose={() => undefined} />);
    expect(await screen.findByTestId('notice-view-location')).toHaveTextContent('본사/1공장/A라인');
    expect(screen.getByTestId('notice-view-title')).toHaveTextContent('안전 교육 안내');
    expect(screen.getByTestId('notice-view-author')).toHaveTextContent('관리자');
    expect(screen.getByTestId('notice-view-period')).toHaveTextContent('2025-03-01 ~ 2025-03-31');
    expect(screen.getByTestId('notice-view-attachment-name')).toHaveTextContent('guide.pdf');
    expect(screen.getByTestId('notice-view-attachment-size')).toHaveTextContent('1.5 KB');
    const body = screen.getByTestId('notice-view-body');
    expect(body).toHaveStyle({ height: '430px' });
    expect(within(body).getByText('제일').tagName).toBe('B');
    expect(body.innerHTML).not.toMatch(/<script|onerror/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/notice/1/read' }));
  });

  it('says All (전체 in Korean) for a notice to everyone, without an attachment line', async () => {
    const everyone = notice({
      locationId: null,
      location: null,
      attachFileName: null,
      attachFileMimeType: null,
      attachFileSize: null,
      isRead: true,
    });
    mockApi((url) => (url.pathname === '/api/notice/1' ? { status: 200, body: { data: everyone } } : undefined));
    const view = wrap(<NoticeViewDialog noticeId={1} open onClose={() => undefined} />);
    expect(await screen.findByTestId('notice-view-location')).toHaveTextContent('전체');
    expect(screen.queryByTestId('notice-view-attachment')).toBeNull();
    // Already read: nothing to mark.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    view.unmount();
    await setLocale('en');
    wrap(<NoticeViewDialog noticeId={1} open onClose={() => undefined} />);
    expect(await screen.findByTestId('notice-view-location')).toHaveTextContent(/^All$/);
  });

  it('says the notice was deleted and closes when it is gone', async () => {
    mockApi((url) =>
      url.pathname === '/api/notice/5'
        ? { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Notice not found' } }
        : undefined,
    );
    const onClose = vi.fn();
    wrap(<NoticeViewDialog noticeId={5} open onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const snack = useAppStore.getState().snackbar;
    expect(snack.type).toBe('error');
    expect(snack.text).toBe(i18n.t('common:errors.noticeDeleted'));
  });
});

describe('NoticeBell', () => {
  const posts = [
    notice({ id: 3, title: '읽은 공지', isRead: true }),
    notice({ id: 1, title: '새 공지 1' }),
    notice({ id: 2, title: '새 공지 2', location: null, locationId: null }),
  ];

  it('counts unread posts and lists them unread first', async () => {
    mockApi((url) =>
      url.pathname === '/api/notice/notices/posts' ? { status: 200, body: { data: posts } } : undefined,
    );
    wrap(<NoticeBell />);
    await waitFor(() => expect(screen.getByTestId('notice-bell-count')).toHaveTextContent('2'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    const items = await screen.findAllByTestId('notice-bell-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(items[0]).toHaveTextContent('새 공지 1');
    expect(items[0]).toHaveTextContent('5분 전');
    expect(items[2]).toHaveTextContent('읽은 공지');
  });

  it('marks all read and shows zero', async () => {
    let read = false;
    mockApi((url) => {
      if (url.pathname === '/api/notice/notices/posts')
        return { status: 200, body: { data: posts.map((p) => ({ ...p, isRead: read || p.isRead })) } };
      if (url.pathname === '/api/notice/read/all') {
        read = true;
        return { status: 200, body: { data: { count: 2 } } };
      }
    });
    wrap(<NoticeBell />);
    await waitFor(() => expect(screen.getByTestId('notice-bell-count')).toHaveTextContent('2'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-mark-all-read'));
    await waitFor(() => expect(screen.getByTestId('notice-bell-count')).toHaveTextContent('0'));
    expect(calls).toContainEqual({ method: 'GET', path: '/api/notice/read/all' });
  });

  it('opens the notice from an entry', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/notice/notices/posts') return { status: 200, body: { data: posts } };
      if (url.pathname === '/api/notice/2') return { status: 200, body: { data: posts[2] } };
      if (url.pathname === '/api/notice/2/read') return { status: 200, body: { data: { ok: true } } };
    });
    wrap(<NoticeBell />);
    fireEvent.click(screen.getByTestId('notice-bell'));
    const items = await screen.findAllByTestId('notice-bell-item');
    fireEvent.click(items[1]);
    expect(await screen.findByTestId('notice-view-location')).toHaveTextContent('전체');
  });

  it('builds notification entries with colour, icon and time label', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    const entries = toNotificationEntries(
      [
        notice({ id: 1, isRead: true, createdAt: '2025-03-10T11:00:00Z' }),
        notice({ id: 2, createdAt: '2025-03-10T11:59:50Z' }),
      ],
      'en',
      { unread: 'blue', read: 'grey' },
      now,
    );
    expect(entries).toEqual([
      { id: 2, isRead: false, title: '안전 교육 안내', color: 'blue', icon: 'unread', timeLabel: 'now' },
      { id: 1, isRead: true, title: '안전 교육 안내', color: 'grey', icon: 'read', timeLabel: '1 hour ago' },
    ]);
  });
});
