import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Code, Locale } from '@eqms/contract';
import { loadCodes } from '../../app/codes.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';
import {
  BarcodeInput,
  CascaderField,
  type CascaderOption,
  CodeSelect,
  cascaderLabels,
  cascaderRule,
  DateRangeField,
  dateRangeDays,
  dateRangeRule,
  decimalRule,
  digitsWithin,
  formatDateRange,
  integerRule,
  NumberField,
  numberRule,
  parseDateRange,
} from './index.ts';

async function setLocale(locale: Locale) {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

/** The message a form rule gives for a value, or null when it passes. */
async function ruleError(rule: { validator: (r: unknown, v: any) => Promise<void> }, value: unknown) {
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

beforeEach(async () => {
  useAppStore.setState({
    codes: {},
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const plant: CascaderOption[] = [
  {
    value: 'S1',
    label: '본사',
    children: [
      {
        value: 'F1',
        label: '1공장',
        children: [
          { value: 'L1', label: 'A라인' },
          { value: 'L2', label: 'B라인' },
        ],
      },
    ],
  },
  { value: 'S2', label: '지사', children: [{ value: 'F2', label: '2공장' }] },
];

describe('cascader depth rule (SPEC §5)', () => {
  it('needs exactly the required depth, with the default message in Korean and English', async () => {
    const rule = cascaderRule(3);
    expect(await ruleError(rule, ['S1', 'F1', 'L1'])).toBeNull();
    expect(await ruleError(rule, ['S1', 'F1'])).toBe('3단계까지 선택해야 합니다.');
    expect(await ruleError(rule, ['S1'])).toBe('3단계까지 선택해야 합니다.');
    expect(await ruleError(rule, ['S1', 'F1', 'L1', 'X'])).toBe('3단계까지 선택해야 합니다.');
    // Empty is the required rule's business.
    expect(await ruleError(rule, null)).toBeNull();
    expect(await ruleError(rule, [])).toBeNull();
    await setLocale('en');
    expect(await ruleError(rule, ['S1'])).toBe('Select down to level 3.');
  });

  it('shows the given text instead of the default message', async () => {
    const rule = cascaderRule(2, '공장까지 선택하세요.');
    expect(await ruleError(rule, ['S1'])).toBe('공장까지 선택하세요.');
    expect(await ruleError(rule, ['S1', 'F1'])).toBeNull();
  });

  it('names the labels along a path', () => {
    expect(cascaderLabels(plant, ['S1', 'F1', 'L2'])).toEqual(['본사', '1공장', 'B라인']);
    expect(cascaderLabels(plant, ['S2', 'nope'])).toEqual(['지사']);
  });

  it('lets a partial path be chosen in a form and refuses it with the message, then accepts the full depth', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="location" rules={[cascaderRule(2)]}>
          <CascaderField options={plant} requiredDepth={2} testId="place" />
        </Form.Item>
        <Button htmlType="submit" data-testid="submit">
          save
        </Button>
      </Form>,
    );
    const field = screen.getByTestId('place');
    fireEvent.mouseDown(field.querySelector('input') ?? field);
    fireEvent.click(await screen.findByText('본사'));
    // changeOnSelect: the first level alone is a value, shown with the ' / ' separator once complete.
    expect(field).toHaveTextContent('본사');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('2단계까지 선택해야 합니다.')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.mouseDown(field.querySelector('input') ?? field);
    fireEvent.click(await screen.findByText('1공장'));
    await waitFor(() => expect(field).toHaveTextContent('본사 / 1공장'));
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ location: ['S1', 'F1'] }));
    expect(field.closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error');
  });

  it('searches the joined path and caps the columns at 380 px', async () => {
    render(<CascaderField options={plant} testId="place" />);
    const input = screen.getByTestId('place').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'b라인' } });
    const hits = await waitFor(() => {
      const items = document.querySelectorAll('.ant-cascader-menu-item');
      expect(items).toHaveLength(1);
      return items;
    });
    expect(hits[0]).toHaveTextContent('본사 / 1공장 / B라인');
    const menu = document.querySelector('.ant-cascader-menu') as HTMLElement;
    expect(menu.style.maxHeight).toBe('380px');
  });
});

describe('date range (SPEC §5 "~")', () => {
  it('round-trips the text form', () => {
    const text = formatDateRange(dayjs('2024-03-01'), dayjs('2024-03-31'));
    expect(text).toBe('2024-03-01 ~ 2024-03-31');
    expect(parseDateRange(text)).toEqual(['2024-03-01', '2024-03-31']);
    expect(formatDateRange(...(parseDateRange('2024-03-01~2024-03-02') as [string, string]))).toBe(
      '2024-03-01 ~ 2024-03-02',
    );
    expect(parseDateRange('2024-03-01')).toBeNull();
    expect(parseDateRange('2024-02-30 ~ 2024-03-01')).toBeNull();
    expect(parseDateRange('2024-03-01 ~ 2024-03-02 ~ 2024-03-03')).toBeNull();
    expect(dateRangeDays('2024-01-01', '2024-01-07')).toBe(7);
    expect(dateRangeDays('2024-02-28', '2024-03-01')).toBe(3);
  });

  it('checks order, the ~ format, the maximum length and required, in both languages', async () => {
    const rule = dateRangeRule({ maxDays: 7, required: true });
    expect(await ruleError(rule, '2024-01-01 ~ 2024-01-07')).toBeNull();
    expect(await ruleError(rule, '2024-01-01 ~ 2024-01-01')).toBeNull();
    expect(await ruleError(rule, '2024-01-07 ~ 2024-01-01')).toBe('종료일은 시작일 이후여야 합니다.');
    expect(await ruleError(rule, '2024-01-01 2024-01-07')).toBe('기간은 "시작일 ~ 종료일" 형식이어야 합니다.');
    expect(await ruleError(rule, '2024-01-01 ~ 2024-13-01')).toBe('기간은 "시작일 ~ 종료일" 형식이어야 합니다.');
    expect(await ruleError(rule, '2024-01-01 ~ 2024-01-08')).toBe('기간은 최대 7일까지 선택할 수 있습니다.');
    expect(await ruleError(rule, '')).toBe('기간을 선택하세요.');
    expect(await ruleError(rule, null)).toBe('기간을 선택하세요.');
    await setLocale('en');
    expect(await ruleError(rule, '2024-01-07 ~ 2024-01-01')).toBe('The end date must not be before the start date.');
    expect(await ruleError(rule, 'x')).toBe('A period must be two dates separated by ~.');
    expect(await ruleError(rule, '2024-01-01 ~ 2024-01-08')).toBe('The period may span at most 7 days.');
    // Without options an empty period passes and any length is fine.
    expect(await ruleError(dateRangeRule(), '')).toBeNull();
    expect(await ruleError(dateRangeRule(), '2020-01-01 ~ 2024-12-31')).toBeNull();
  });

  it('shows the text as two dates and gives the text back from a preset', async () => {
    const onChange = vi.fn();
    render(<DateRangeField value="2024-01-05 ~ 2024-02-10" onChange={onChange} testId="period" />);
    const [start, end] = screen.getByTestId('period').querySelectorAll('input');
    expect(start).toHaveValue('2024-01-05');
    expect(end).toHaveValue('2024-02-10');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('최근 7일'));
    const today = dayjs().format('YYYY-MM-DD');
    const weekAgo = dayjs().subtract(6, 'day').format('YYYY-MM-DD');
    expect(onChange).toHaveBeenLastCalledWith(`${weekAgo} ~ ${today}`);
    expect(screen.getByText('오늘')).toBeInTheDocument();
    expect(screen.getByText('이번 달')).toBeInTheDocument();
  });

  it('does not offer presets longer than maxDays, and shows nothing for a malformed text', async () => {
    render(<DateRangeField value="not a period" maxDays={2} testId="period" />);
    const [start, end] = screen.getByTestId('period').querySelectorAll('input');
    expect(start).toHaveValue('');
    expect(end).toHaveValue('');
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    expect(await screen.findByText('오늘')).toBeInTheDocument();
    expect(screen.queryByText('최근 7일')).toBeNull();
    expect(screen.queryByText('이번 달')).toBeNull();
  });
});

describe('NumberField (SPEC §5 decimal: 10 integer digits, 5 decimals)', () => {
  it('tells partial input within the digits from input beyond them', () => {
    for (const ok of ['', '-', '0', '12.', '.5', '1234567890.12345', '0000000000001', '-9999999999'])
      expect(digitsWithin(ok, 10, 5), ok).toBe(true);
    for (const bad of ['12345678901', '1.123456', '1e5', '1,000', 'abc', '1.2.3', '--1'])
      expect(digitsWithin(bad, 10, 5), bad).toBe(false);
    expect(digitsWithin('12.5', 10, 0)).toBe(false);
    expect(digitsWithin('-1', 10, 5, false)).toBe(false);
  });

  it('blocks a 6th decimal and an 11th integer digit while typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField onChange={onChange} testId="qty" />);
    const input = screen.getByTestId('qty').querySelector('input') ?? screen.getByRole('spinbutton');
    await user.type(input, '1.1234567');
    expect(input).toHaveValue('1.12345');
    expect(onChange).toHaveBeenLastCalledWith(1.12345);
    await user.clear(input);
    await user.type(input, '123456789012');
    expect(input).toHaveValue('1234567890');
    expect(onChange).toHaveBeenLastCalledWith(1234567890);
    // Paste is held to the same limits.
    await user.clear(input);
    await user.paste('3.1415926');
    expect(input).toHaveValue('');
    await user.paste('3.14159');
    expect(input).toHaveValue('3.14159');
  });

  it('takes whole numbers only in integer mode and honours smaller limits', async () => {
    const user = userEvent.setup();
    render(<NumberField integer intDigits={3} min={0} testId="n" />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '-12.345');
    expect(input).toHaveValue('123');
  });

  it('says under the field why typing was refused, instead of dropping it silently', async () => {
    const user = userEvent.setup();
    const hint = () => screen.queryByTestId('n-hint')?.textContent ?? null;
    render(<NumberField integer intDigits={3} min={0} max={500} testId="n" />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '-');
    expect(hint()).toBe('자연수를 입력하세요.');
    expect(input).toHaveAttribute('aria-describedby', 'n-hint');
    await user.type(input, '5');
    expect(hint()).toBeNull();
    await user.type(input, 'a');
    expect(hint()).toBe('숫자를 입력하세요.');
    await user.type(input, '.');
    expect(hint()).toBe('자연수를 입력하세요.');
    await user.type(input, '0');
    await user.type(input, '1');
    expect(input).toHaveValue('50');
    expect(hint()).toBe('500 이하여야 합니다.');
    await user.type(input, '0');
    expect(hint()).toBeNull();
    await user.type(input, '0');
    expect(hint()).toBe('3자리 이하의 정수를 입력하세요.');
    expect(input).toHaveValue('500');
    // Leaving the field forgets the hint; the value stays.
    fireEvent.blur(input);
    await waitFor(() => expect(hint()).toBeNull());
  });

  it('names the decimal places and, in English, the reasons too', async () => {
    const user = userEvent.setup();
    await setLocale('en');
    render(<NumberField scale={2} testId="q" />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '1.234');
    expect(input).toHaveValue('1.23');
    expect(screen.getByTestId('q-hint')).toHaveTextContent('Up to 10 integer digits and 2 decimal places.');
    await user.clear(input);
    await user.type(input, 'x');
    expect(screen.getByTestId('q-hint')).toHaveTextContent('Enter a number.');
    await user.type(input, '-5');
    expect(input).toHaveValue('-5');
    expect(screen.queryByTestId('q-hint')).toBeNull();
  });

  it('gives the decimal, integer and range messages in both languages', async () => {
    expect(await ruleError(decimalRule(), 1234567890.12345)).toBeNull();
    expect(await ruleError(decimalRule(), 1.123456)).toBe('정수 10자리, 소수점 이하 5자리까지 입력할 수 있습니다.');
    expect(await ruleError(decimalRule(), 12345678901)).toBe('정수 10자리, 소수점 이하 5자리까지 입력할 수 있습니다.');
    expect(await ruleError(decimalRule(3, 2), 1.234)).toBe('정수 3자리, 소수점 이하 2자리까지 입력할 수 있습니다.');
    expect(await ruleError(decimalRule(), 'abc')).toBe('숫자를 입력하세요.');
    expect(await ruleError(decimalRule(), null)).toBeNull();
    expect(await ruleError(integerRule(3), 999)).toBeNull();
    expect(await ruleError(integerRule(3), 1000)).toBe('3자리 이하의 정수를 입력하세요.');
    expect(await ruleError(integerRule(3), 1.5)).toBe('3자리 이하의 정수를 입력하세요.');
    expect(await ruleError(numberRule({ min: 0, max: 10 }), 11)).toBe('0에서 10 사이여야 합니다.');
    expect(await ruleError(numberRule({ min: 0 }), -1)).toBe('0 이상이어야 합니다.');
    expect(await ruleError(numberRule({ integer: true, intDigits: 2 }), 100)).toBe('2자리 이하의 정수를 입력하세요.');
    await setLocale('en');
    expect(await ruleError(decimalRule(), 1.123456)).toBe('Up to 10 integer digits and 5 decimal places.');
    expect(await ruleError(integerRule(3), 1000)).toBe('Enter an integer of at most 3 digits.');
    expect(await ruleError(numberRule({ max: 5 }), 6)).toBe('Must be at most 5.');
  });
});

describe('BarcodeInput', () => {
  it('emits the scan on Enter and starts the next scan clean', async () => {
    const user = userEvent.setup();
    const onScan = vi.fn();
    render(<BarcodeInput onScan={onScan} />);
    const input = screen.getByTestId('barcode-input');
    expect(input).toHaveAttribute('data-mode', 'scanner');
    await user.type(input, 'LOT-2024-0001{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('LOT-2024-0001');
    expect(input).toHaveValue('');
    // An Enter with nothing scanned is ignored (no warning in scanner mode).
    await user.type(input, '{Enter}');
    expect(onScan).toHaveBeenCalledOnce();
    expect(useAppStore.getState().snackbar.show).toBe(false);
  });

  it('clears itself 300 ms after the last key input', () => {
    vi.useFakeTimers();
    const onScan = vi.fn();
    render(<BarcodeInput onScan={onScan} />);
    const input = screen.getByTestId('barcode-input');
    fireEvent.change(input, { target: { value: 'AB' } });
    act(() => vi.advanceTimersByTime(250));
    fireEvent.change(input, { target: { value: 'ABC' } });
    // 550 ms after the first keys but only 299 ms after the last one: still there.
    act(() => vi.advanceTimersByTime(299));
    expect(input).toHaveValue('ABC');
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveValue('');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('in manual entry warns "enter a search term" when empty and searches what was typed', async () => {
    const user = userEvent.setup();
    const onScan = vi.fn();
    render(<BarcodeInput onScan={onScan} />);
    await user.click(screen.getByTestId('barcode-input-manual'));
    const input = screen.getByTestId('barcode-input');
    expect(input).toHaveAttribute('data-mode', 'manual');
    await user.click(screen.getByTestId('barcode-input-search'));
    expect(useAppStore.getState().snackbar).toMatchObject({
      show: true,
      type: 'warning',
      text: '검색어를 입력하세요.',
    });
    expect(onScan).not.toHaveBeenCalled();

    await setLocale('en');
    await user.type(input, '   {Enter}');
    expect(useAppStore.getState().snackbar.text).toBe('Enter a search term.');
    expect(onScan).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'P-100');
    // Manual text is not cleared by the scanner timer.
    await new Promise((r) => setTimeout(r, 350));
    expect(input).toHaveValue('P-100');
    await user.click(screen.getByTestId('barcode-input-search'));
    expect(onScan).toHaveBeenCalledExactlyOnceWith('P-100');
    expect(screen.getByText('Manual entry')).toBeInTheDocument();
  });

  it('focuses itself when asked to (phone screens)', () => {
    render(<BarcodeInput onScan={() => undefined} autoFocus />);
    expect(screen.getByTestId('barcode-input')).toHaveFocus();
  });
});

describe('CodeSelect', () => {
  const code = (over: Partial<Code>): Code => ({
    id: 1,
    categoryId: 7,
    category: 'DEFECT_TYPE',
    code: 'C',
    codeName: '코드',
    codeNameEn: null,
    parentId: null,
    sort: 0,
    enabled: true,
    createdBy: 'admin',
    createdAt: '2025-01-01T00:00:00Z',
    updatedBy: 'admin',
    updatedAt: '2025-01-01T00:00:00Z',
    ...over,
  });
  const defects = [
    code({ id: 1, code: 'SCRATCH', codeName: '스크래치', codeNameEn: 'Scratch' }),
    code({ id: 2, code: 'DENT', codeName: '찍힘', codeNameEn: null }),
    code({ id: 3, code: 'OLD', codeName: '옛 불량', codeNameEn: 'Old defect', enabled: false }),
    code({ id: 4, code: 'CRACK', codeName: '균열', codeNameEn: 'Crack', parentId: 50 }),
  ];
  let requests: string[] = [];

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        requests.push(url.pathname);
        const body =
          url.pathname === '/api/code/DEFECT_TYPE/codes'
            ? { data: defects }
            : url.pathname === '/api/code/DEFECT_TYPE/codes/child-of/SURFACE'
              ? { data: [defects[3]] }
              : null;
        return new Response(JSON.stringify(body ?? { status: 404, code: 'NOT_FOUND', message: 'x' }), {
          status: body ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });

  const wrap = (ui: ReactNode) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  };
  const optionTexts = () =>
    [...document.querySelectorAll('.ant-select-item-option')].map((o) => ({
      text: o.textContent,
      disabled: o.classList.contains('ant-select-item-option-disabled'),
    }));

  it('shows codeNameEn in English, codeName in Korean, and loads the category once into the store', async () => {
    await setLocale('en');
    wrap(
      <>
        <CodeSelect category="DEFECT_TYPE" testId="a" />
        <CodeSelect category="DEFECT_TYPE" testId="b" />
      </>,
    );
    fireEvent.mouseDown(within(screen.getByTestId('a')).getByRole('combobox'));
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        { text: 'Scratch', disabled: false },
        // No English name: the Korean one.
        { text: '찍힘', disabled: false },
        { text: 'Crack', disabled: false },
      ]),
    );
    expect(requests.filter((p) => p === '/api/code/DEFECT_TYPE/codes')).toHaveLength(1);
    expect(useAppStore.getState().codes.DEFECT_TYPE?.map((c) => c.code)).toEqual(['SCRATCH', 'DENT', 'OLD', 'CRACK']);
    await setLocale('kr');
    await waitFor(() => expect(optionTexts().map((o) => o.text)).toEqual(['스크래치', '찍힘', '균열']));
    // Cached: a later load does not ask again.
    await loadCodes('DEFECT_TYPE');
    expect(requests.filter((p) => p === '/api/code/DEFECT_TYPE/codes')).toHaveLength(1);
  });

  it('keeps the name of a chosen disabled code and gives codes back to the form', async () => {
    await setLocale('en');
    const onChange = vi.fn();
    wrap(<CodeSelect category="DEFECT_TYPE" mode="multiple" value={['OLD']} onChange={onChange} testId="a" />);
    expect(await within(screen.getByTestId('a')).findByText('Old defect')).toBeInTheDocument();
    fireEvent.mouseDown(within(screen.getByTestId('a')).getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toContainEqual({ text: 'Old defect', disabled: true }));
    fireEvent.click(screen.getByText('Scratch'));
    expect(onChange).toHaveBeenLastCalledWith(['OLD', 'SCRATCH']);
  });

  it('offers only the children of parentCode, and nothing before the parent is chosen', async () => {
    const { rerender } = wrap(<CodeSelect category="DEFECT_TYPE" parentCode={null} testId="a" />);
    fireEvent.mouseDown(within(screen.getByTestId('a')).getByRole('combobox'));
    await waitFor(() => expect(useAppStore.getState().codes.DEFECT_TYPE).toBeDefined());
    expect(optionTexts()).toEqual([]);
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <CodeSelect category="DEFECT_TYPE" parentCode="SURFACE" testId="a" />
      </QueryClientProvider>,
    );
    fireEvent.mouseDown(within(screen.getByTestId('a')).getByRole('combobox'));
    await waitFor(() => expect(optionTexts().map((o) => o.text)).toEqual(['균열']));
    expect(requests).toContain('/api/code/DEFECT_TYPE/codes/child-of/SURFACE');
  });
});
