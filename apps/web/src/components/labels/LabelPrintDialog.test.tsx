import { lotLabelEndpoints, materialStockEndpoints } from '@eqms/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { LabelPrintDialog } from './LabelPrintDialog.tsx';

// The one label print dialog (material stock packages, product stock lots): the endpoint it is given is the one it
// downloads from, with the rows' ids and the chosen format, layout and copies.

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
  it('downloads the material stock labels of the rows with the chosen format, layout and copies', async () => {
    const onClose = vi.fn();
    render(
      <LabelPrintDialog
        endpoint={materialStockEndpoints.labels}
        items={[
          { id: 3, code: 'M260101ABC' },
          { id: 7, code: 'M260101DEF' },
        ]}
        open
        onClose={onClose}
        title="Print labels (packages: 2)"
        testId="stock-labels"
      />,
    );
    expect(screen.getByText('Print labels (packages: 2)')).toBeTruthy();
    expect(screen.getByTestId('stock-labels-items').textContent).toBe('M260101ABC, M260101DEF');
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

  it('prints lot labels through the lot endpoint: its own title by default, the LOT IDs listed, the rest counted', async () => {
    const onClose = vi.fn();
    const items = Array.from({ length: 7 }, (_, i) => ({ id: 10 + i, code: `L20261124-FG-1001-00${i + 1}` }));
    render(<LabelPrintDialog endpoint={lotLabelEndpoints.lotLabels} items={items} open onClose={onClose} />);
    expect(screen.getByText('Print labels (7)')).toBeTruthy();
    const listed = screen.getByTestId('labels-items').textContent;
    expect(listed).toContain('L20261124-FG-1001-001, ');
    expect(listed).toContain('L20261124-FG-1001-005');
    expect(listed).not.toContain('L20261124-FG-1001-006');
    expect(listed).toContain('+2 more');

    fireEvent.click(screen.getByTestId('labels-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url] = requested;
    expect(url.pathname).toBe('/api/productstock/labels');
    expect(url.searchParams.getAll('ids')).toEqual(['10', '11', '12', '13', '14', '15', '16']);
    expect(url.searchParams.get('format')).toBe('pdf');
    expect(url.searchParams.get('layout')).toBe('100x50');
    expect(url.searchParams.get('copies')).toBe('1');
    expect(saved).toEqual(['labels-20260101.pdf']);
  });

  it('speaks Korean', async () => {
    await act(() => i18n.changeLanguage('kr'));
    render(
      <LabelPrintDialog
        endpoint={lotLabelEndpoints.lotLabels}
        items={[{ id: 1, code: 'L1' }]}
        open
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('라벨 인쇄 (1건)')).toBeTruthy();
    expect(screen.getByTestId('labels-summary').textContent).toBe('라벨 1개');
    expect(screen.getByText('내려받기')).toBeTruthy();
  });
});
