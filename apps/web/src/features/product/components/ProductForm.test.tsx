import { productCreateBody } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Form, type FormInstance, Row } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { MasterFormContext } from '../../../components/master/master-fields.tsx';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { ProductForm } from './ProductForm.tsx';

// The product form's shelf life: its label, unit and help in both languages, and the contract's rule on the value
// (the server's messages: whole days 1 … 36,500, empty = no expiry).

registerLocales('product', { kr, en });

let form: FormInstance;
function Harness() {
  const [f] = Form.useForm();
  form = f;
  return (
    <Form form={f} layout="vertical">
      <MasterFormContext.Provider value={{ name: 'product', shape: productCreateBody.shape, creating: true }}>
        <Row gutter={16}>
          <ProductForm row={null} creating />
        </Row>
      </MasterFormContext.Provider>
    </Form>
  );
}

function renderForm() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Harness />
    </QueryClientProvider>,
  );
}

/** The shelf life's error after validating the form with this value (null: it passes). */
async function shelfLifeError(value: unknown): Promise<string | null> {
  await act(async () => form.setFieldsValue({ shelfLifeDays: value }));
  try {
    await act(() => form.validateFields(['shelfLifeDays']));
    return null;
  } catch {
    return form.getFieldError('shelfLifeDays')[0] ?? null;
  }
}

const setLocale = async (locale: 'kr' | 'en') => {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
};

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } })),
  );
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductForm: shelf life', () => {
  it('is an optional whole number of days with its unit and the help "empty: no expiry" (Korean)', async () => {
    renderForm();
    const input = await screen.findByTestId('product-form-shelfLifeDays');
    const item = input.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('유통기한(일)')).toBeInTheDocument();
    expect(within(item).getByText('일')).toBeInTheDocument();
    expect(within(item).getByText('비워 두면 유통기한 없음')).toBeInTheDocument();
    expect(item.querySelector('.ant-form-item-required')).toBeNull();
  });

  it('says the same in English', async () => {
    await setLocale('en');
    renderForm();
    const item = (await screen.findByTestId('product-form-shelfLifeDays')).closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('Shelf life (days)')).toBeInTheDocument();
    expect(within(item).getByText('days')).toBeInTheDocument();
    expect(within(item).getByText('Empty: no expiry')).toBeInTheDocument();
  });

  it('accepts empty, 1 and 36,500; refuses 0, a fraction and 36,501 with the server’s messages', async () => {
    renderForm();
    await screen.findByTestId('product-form-shelfLifeDays');
    expect(await shelfLifeError(null)).toBeNull();
    expect(await shelfLifeError(1)).toBeNull();
    expect(await shelfLifeError(36_500)).toBeNull();
    expect(await shelfLifeError(0)).toBe('1에서 36500 사이여야 합니다.');
    expect(await shelfLifeError(1.5)).toBe('5자리 이하의 정수를 입력하세요.');
    expect(await shelfLifeError(36_501)).toBe('1에서 36500 사이여야 합니다.');
  });
});
