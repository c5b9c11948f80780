import { type BackupStatus, systemEndpoints } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../../api/http.ts', () => ({ call: apiCall, ApiError: class ApiError extends Error {} }));
const { BackupCard } = await import('./components/BackupCard.tsx');
const { useAppStore } = await import('../../app/store.ts');
registerLocales('config', { kr, en });

const FILE = {
  name: 'eqms-backup-20250304-050607.eqmsbak.gz',
  bytes: 2_516_582,
  createdAt: '2025-03-04T05:06:07.000Z',
};
const NEW = { name: 'eqms-backup-20250305-010203.eqmsbak.gz', bytes: 1536, createdAt: '2025-03-05T01:02:03.000Z' };
const status = (over: Partial<BackupStatus> = {}): BackupStatus => ({
  enabled: true,
  dir: '/srv/eqms/data/backups',
  keepDays: 14,
  hour: 2,
  files: [FILE],
  ...over,
});
const signInWith = (permissions: Record<string, Record<string, boolean>>) =>
  useAppStore.setState({ user: { permissions } as never });

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BackupCard />
    </QueryClientProvider>,
  );
}

describe('BackupCard', () => {
  beforeEach(() => {
    apiCall.mockReset();
    signInWith({ config: { view: true, create: true } });
  });
  afterEach(async () => {
    cleanup();
    useAppStore.setState({ user: null, locale: 'kr' });
    await i18n.changeLanguage('kr');
  });

  it('shows where backups go, how long they stay, the daily hour and the files', async () => {
    apiCall.mockResolvedValue(status());
    renderCard();
    expect(await screen.findByTestId('backup-folder')).toHaveTextContent('/srv/eqms/data/backups');
    expect(screen.getByTestId('backup-keep')).toHaveTextContent('14일');
    expect(screen.getByTestId('backup-schedule')).toHaveTextContent('매일 02:00');
    const row = screen.getByTestId(`backup-file-${FILE.name}`);
    expect(within(row).getByText(FILE.name)).toBeInTheDocument();
    expect(within(row).getByText('2.4 MB')).toBeInTheDocument();
    expect(apiCall).toHaveBeenCalledWith(systemEndpoints.backups, expect.objectContaining({ silent: true }));
  });

  it('backs up now with config create: the button waits, then names the file and reads the list again', async () => {
    let finish: (v: unknown) => void = () => undefined;
    apiCall.mockImplementation((ep) => {
      if (ep === systemEndpoints.createBackup) return new Promise((resolve) => (finish = resolve));
      return Promise.resolve(status());
    });
    renderCard();
    const button = await screen.findByTestId('backup-now');
    expect(button).toHaveTextContent('지금 백업');
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    apiCall.mockImplementation(() => Promise.resolve(status({ files: [NEW, FILE] })));
    finish({ ...NEW, tables: 30, rows: 1200 });
    expect(await screen.findByTestId(`backup-file-${NEW.name}`)).toBeInTheDocument();
    expect(useAppStore.getState().snackbar).toMatchObject({
      show: true,
      type: 'success',
      text: `백업했습니다: ${NEW.name} (1.5 KB)`,
    });
    expect(button).not.toHaveClass('ant-btn-loading');
    expect(apiCall).toHaveBeenCalledWith(systemEndpoints.createBackup, { spinner: false });
  });

  it('has no button without config create', async () => {
    signInWith({ config: { view: true, modify: true } });
    apiCall.mockResolvedValue(status());
    renderCard();
    expect(await screen.findByTestId(`backup-file-${FILE.name}`)).toBeInTheDocument();
    expect(screen.queryByTestId('backup-now')).toBeNull();
  });

  it('says when this engine cannot be backed up, and hides the button', async () => {
    apiCall.mockResolvedValue(status({ enabled: false, files: [] }));
    renderCard();
    expect(await screen.findByTestId('backup-unavailable')).toHaveTextContent('PGlite');
    expect(screen.queryByTestId('backup-now')).toBeNull();
    expect(screen.getByText('아직 백업이 없습니다.')).toBeInTheDocument();
  });

  it('says so when the daily backup is off; in English too', async () => {
    useAppStore.setState({ locale: 'en' });
    await i18n.changeLanguage('en');
    apiCall.mockResolvedValue(status({ hour: null, keepDays: 1, files: [] }));
    renderCard();
    expect(await screen.findByTestId('backup-schedule')).toHaveTextContent('automatic backup off');
    expect(screen.getByTestId('backup-keep')).toHaveTextContent(/^1 day$/);
    expect(screen.getByText('No backups yet.')).toBeInTheDocument();
    expect(screen.getByTestId('backup-now')).toHaveTextContent('Back up now');
  });
});
