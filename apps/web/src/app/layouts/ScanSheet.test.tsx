import type { BarcodeInfo, MaterialStock } from '@eqms/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store.ts';
import { i18n } from '../../i18n/index.ts';

// The scan sheet's result by barcode type: what it shows and which actions it offers (only screens that exist and
// the user may open); an unknown code warns with the code in brackets and no "URL not found".

const lookUp = vi.fn();
vi.mock('../../components/scanner/barcode-info.ts', () => ({ lookUpBarcode: (code: string) => lookUp(code) }));
vi.mock('../../components/scanner/CameraView.tsx', () => ({ default: () => <div data-testid="camera-stub" /> }));

const http = vi.hoisted(() => ({ call: vi.fn(), reportError: vi.fn() }));
vi.mock('../../api/http.ts', () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly code: string,
    ) {
      super(code);
    }
  }
  return { ApiError, call: http.call, reportError: http.reportError };
});

const { ScanPanel } = await import('./ScanSheet.tsx');
const { scanActions } = await import('./mobile-screens.ts');
const { ApiError } = await import('../../api/http.ts');
const barcodeInfo = await vi.importActual<typeof import('../../components/scanner/barcode-info.ts')>(
  '../../components/scanner/barcode-info.ts',
);

const ALL = [
  { path: '/m/notice', label: 'notice' },
  { path: '/m/material/stock', label: 'materialStock' },
  { path: '/m/material/in', label: 'materialIn' },
];

const material: BarcodeInfo = {
  type: 'MATERIAL',
  code: 'FLOUR-1',
  data: {
    id: 7,
    code: 'FLOUR-1',
    name: '밀가루',
    specification: null,
    unit: 'KG',
    barcode: '880001',
    safetyStock: 10,
    stockQty: 42.5,
    stockCount: 3,
  },
};
const stockRow = {
  id: 3,
  packageId: 'M250101-AB12CD',
  materialId: 7,
  materialCode: 'FLOUR-1',
  materialName: '밀가루',
  materialType: 'RAW',
  specification: null,
  unit: 'KG',
  qty: 12,
  receivedQty: 20,
  locationId: 5,
  toolId: null,
  toolName: null,
  placePath: '본사 / 1공장 / 원료창고 / A-1',
  supplierId: null,
  supplierName: null,
  supplierLot: null,
  receivedDate: '2025-01-01',
  manufactureDate: null,
  expiryDate: '2025-02-01',
  daysToExpiry: 3,
  expiryState: 'SOON',
  description: null,
} as unknown as MaterialStock;
const pkg: BarcodeInfo = { type: 'MATERIAL_STOCK', code: 'M250101-AB12CD', data: stockRow };
const lot: BarcodeInfo = {
  type: 'LOT',
  code: 'L1',
  data: {
    id: 1,
    lotId: 'L1',
    productId: 2,
    productCode: 'P1',
    productionPlanProductName: '식빵',
    qty: 5,
    unit: 'EA',
    placePath: null,
  },
};
const product: BarcodeInfo = {
  type: 'PRODUCT',
  code: 'P1',
  data: { id: 2, code: 'P1', name: '식빵', specification: null, unit: 'EA', barcode: null },
};

describe('scanActions', () => {
  it('offers by type only the screens given', () => {
    expect(scanActions(material, ALL)).toEqual([
      { label: 'materialStock', to: '/m/material/stock?barcode=FLOUR-1' },
      { label: 'materialIn', to: '/m/material/in?barcode=FLOUR-1' },
    ]);
    // Release to production and restock are not screens yet: only the stock check.
    expect(scanActions(pkg, ALL)).toEqual([{ label: 'materialStock', to: '/m/material/stock?barcode=M250101-AB12CD' }]);
    expect(scanActions(pkg, [...ALL, { path: '/m/material/out', label: 'materialOut' }]).map((a) => a.label)).toEqual([
      'materialStock',
      'materialOut',
    ]);
    expect(scanActions(lot, ALL)).toEqual([]);
    expect(scanActions(product, ALL)).toEqual([]);
    expect(scanActions(product, [{ path: '/m/production/stock', label: 'productStock' }])).toEqual([
      { label: 'productStock', to: '/m/production/stock?barcode=P1' },
    ]);
    // A LOT: product stock, product shipment (mShipment) and shipment info (mShipmentList), each with the LOT ID.
    const lotScreens = [
      { path: '/m/production/stock', label: 'productStock' },
      { path: '/m/production/shipment', label: 'shipment' },
      { path: '/m/production/shipmentList', label: 'shipmentList' },
    ];
    expect(scanActions(lot, lotScreens)).toEqual([
      { label: 'productStock', to: '/m/production/stock?barcode=L1' },
      { label: 'shipment', to: '/m/production/shipment?barcode=L1' },
      { label: 'shipmentList', to: '/m/production/shipmentList?barcode=L1' },
    ]);
    // A user who may look at shipments but not ship is offered only the shipment info.
    expect(scanActions(lot, lotScreens.slice(2)).map((a) => a.label)).toEqual(['shipmentList']);
    // A user who may only look at stock is not offered receiving.
    expect(scanActions(material, ALL.slice(0, 2)).map((a) => a.label)).toEqual(['materialStock']);
  });
});

describe('ScanPanel', () => {
  beforeEach(async () => {
    useAppStore.setState({ locale: 'kr' });
    await act(() => i18n.changeLanguage('kr'));
  });
  afterEach(() => {
    cleanup();
    lookUp.mockReset();
  });

  const scan = async (info: BarcodeInfo | null, code: string, screens = ALL) => {
    lookUp.mockResolvedValue(info);
    const onNavigate = vi.fn();
    render(<ScanPanel screens={screens} incoming={{ code, n: 1 }} onNavigate={onNavigate} />);
    await waitFor(() => expect(lookUp).toHaveBeenCalledWith(code));
    return onNavigate;
  };

  it('shows a material with its stock and takes it to the stock check or to receiving', async () => {
    const onNavigate = await scan(material, 'FLOUR-1');
    expect(await screen.findByTestId('scan-result')).toHaveAttribute('data-type', 'MATERIAL');
    expect(screen.getByTestId('scan-result-name')).toHaveTextContent('밀가루');
    expect(screen.getByTestId('scan-result-qty')).toHaveTextContent('42.5 KG');
    expect(screen.getByTestId('scan-action-materialStock')).toHaveTextContent('자재 재고');
    fireEvent.click(screen.getByTestId('scan-action-materialIn'));
    expect(onNavigate).toHaveBeenCalledWith('/m/material/in?barcode=FLOUR-1');
  });

  it('shows a package with its quantity and place; no release or restock while those screens do not exist', async () => {
    const onNavigate = await scan(pkg, 'M250101-AB12CD');
    expect(await screen.findByTestId('scan-result-place')).toHaveTextContent('본사 / 1공장 / 원료창고 / A-1');
    expect(screen.getByTestId('scan-result-qty')).toHaveTextContent('12 KG');
    expect(screen.getAllByTestId(/^scan-action-/)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('scan-action-materialStock'));
    expect(onNavigate).toHaveBeenCalledWith('/m/material/stock?barcode=M250101-AB12CD');
  });

  it('shows a lot and a product without actions (their screens are not built yet)', async () => {
    await scan(lot, 'L1');
    expect(await screen.findByTestId('scan-result-name')).toHaveTextContent('식빵');
    expect(screen.queryAllByTestId(/^scan-action-/)).toHaveLength(0);
    cleanup();
    await scan(product, 'P1');
    expect(await screen.findByTestId('scan-result')).toHaveAttribute('data-type', 'PRODUCT');
    expect(screen.queryAllByTestId(/^scan-action-/)).toHaveLength(0);
  });

  it('scans again from a result', async () => {
    await scan(material, 'FLOUR-1');
    fireEvent.click(await screen.findByTestId('scan-again'));
    expect(screen.getByTestId('scan-manual')).toBeInTheDocument();
    expect(screen.queryByTestId('scan-result')).toBeNull();
  });

  it('warns to enter a search term when the manual box is empty', async () => {
    const notify = vi.spyOn(useAppStore.getState(), 'notify');
    useAppStore.setState({ notify });
    render(<ScanPanel screens={ALL} onNavigate={vi.fn()} />);
    fireEvent.click(screen.getByTestId('scan-manual-search'));
    expect(notify).toHaveBeenCalledWith('검색어를 입력하세요.', 'warning');
    expect(lookUp).not.toHaveBeenCalled();
  });
});

describe('lookUpBarcode', () => {
  afterEach(() => {
    http.call.mockReset();
    http.reportError.mockReset();
  });

  it('warns "no barcode information [code]" in the UI language on a 404, silently for the API client', async () => {
    const notify = vi.fn();
    useAppStore.setState({ notify });
    http.call.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'x'));
    await act(() => i18n.changeLanguage('kr'));
    expect(await barcodeInfo.lookUpBarcode('NOPE-1')).toBeNull();
    expect(notify).toHaveBeenCalledWith('해당 바코드 정보가 없습니다 [NOPE-1]', 'warning');
    expect(http.call.mock.calls[0][1]).toMatchObject({ params: { code: 'NOPE-1' }, silent: true });
    expect(http.reportError).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('en'));
    await barcodeInfo.lookUpBarcode('NOPE-2');
    expect(notify).toHaveBeenLastCalledWith('No corresponding barcode information found [NOPE-2]', 'warning');
    await act(() => i18n.changeLanguage('kr'));
  });

  it('reports other failures through the API client', async () => {
    http.call.mockRejectedValue(new ApiError(500, 'INTERNAL_SERVER_ERROR', 'x'));
    await expect(barcodeInfo.lookUpBarcode('X')).rejects.toBeInstanceOf(ApiError);
    expect(http.reportError).toHaveBeenCalledTimes(1);
  });
});
