import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { LabelPrintDialog } from './LabelPrintDialog.tsx';

registerLocales('materialStock', { kr, en });

let requested: URL[] = [];
let saved: string[] = [];

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  requested = [];
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requested.push(url);
      const name = `labels-20260101.${url.searchParams.get('format')}`;
      return new Response('%PDF-1.3', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:labels');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LabelPrintDialog', () => {
  it('downloads the labels of the selected rows with the chosen format, layout and copies', async () => {
    const onClose = vi.fn();
    render(<LabelPrintDialog ids={[3, 7]} open onClose={onClose} />);
    expect(screen.getByText('Print labels (packages: 2)')).toBeTruthy();
    expect(screen.getByTestId('stock-labels-summary').textContent).toBe('Labels: 2');

    fireEvent.click(screen.getByLabelText(/A4 3 × 8/));
    const copies = screen.getByTestId('stock-labels-copies');
    fireEvent.change(copies, { target: { value: '13' } });
    fireEvent.blur(copies);
    await waitFor(() =>
      expect(screen.getByTestId('stock-labels-summary').textContent).toBe('Labels: 26, A4 sheets: 2'),
    );
    fireEvent.click(screen.getByText('ZPL (Zebra printer)'));
    await waitFor(() => expect(screen.getByText(/Noto Sans KR/)).toBeTruthy());

    fireEvent.click(screen.getByTestId('stock-labels-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requested).toHaveLength(1);
    const [url] = requested;
    expect(url.pathname).toBe('/api/material-stock/labels');
    expect(url.searchParams.getAll('ids')).toEqual(['3', '7']);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'ids'))).toEqual({
      format: 'zpl',
      layout: 'a4-3x8',
      copies: '13',
    });
    expect(saved).toEqual(['labels-20260101.zpl']);
  });
});
