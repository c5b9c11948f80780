import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/index.ts';
import { resultBody, type ResultEntry } from '../kiosk-rules.ts';
import { work } from '../kiosk-test-data.ts';
import { ResultDialog, type ResultDialogProps } from './ResultDialog.tsx';

const defectTypes = [
  { code: 'APPEARANCE', label: '외관 불량' },
  { code: 'FUNCTION', label: '기능 불량' },
];
const workers = [
  { id: 11, userId: 'op1', username: '김작업' },
  { id: 12, userId: 'op2', username: '이작업' },
];
const shelves = [
  { id: 30, name: 'A-1', path: '자재 창고 / A-1' },
  { id: 31, name: 'A-2', path: '자재 창고 / A-2' },
];

let submitted: ResultEntry[] = [];
function open(props: Partial<ResultDialogProps> = {}) {
  submitted = [];
  const onSubmit = vi.fn(async (e: ResultEntry) => {
    submitted.push(e);
  });
  render(
    <ResultDialog
      work={work()}
      workers={workers}
      shelves={shelves}
      defectTypes={defectTypes}
      onSubmit={onSubmit}
      onClose={() => undefined}
      {...props}
    />,
  );
  return onSubmit;
}

const key = (k: string) => fireEvent.click(screen.getByTestId(`kiosk-key-${k}`));
const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const submit = () => screen.getByTestId('kiosk-result-submit');

beforeEach(async () => {
  useAppStore.setState({ locale: 'kr' });
  await act(() => i18n.changeLanguage('kr'));
});
afterEach(cleanup);

describe('ResultDialog', () => {
  it('types good quantity on the keypad, bad quantity per defect type, and shows the totals after saving', async () => {
    const onSubmit = open();
    // Good is the field at first; nothing typed yet: save is off.
    expect(submit()).toBeDisabled();
    key('5');
    expect(value('kiosk-result-good')).toBe('+5');
    expect(screen.getByTestId('kiosk-result-after-good')).toHaveTextContent('15');
    expect(screen.getByTestId('kiosk-result-after-rate')).toHaveTextContent('75%');

    // A defect type chip takes the keypad: 1 appearance, then 2 function (typed 3, corrected with ⌫).
    fireEvent.click(screen.getByTestId('kiosk-defect-APPEARANCE'));
    key('1');
    fireEvent.click(screen.getByTestId('kiosk-defect-FUNCTION'));
    key('3');
    key('back');
    key('2');
    expect(value('kiosk-defect-APPEARANCE')).toBe('+1');
    expect(value('kiosk-defect-FUNCTION')).toBe('+2');
    expect(value('kiosk-result-good')).toBe('+5');
    expect(screen.getByTestId('kiosk-result-bad-total')).toHaveTextContent('불량 추가 합계 3');
    expect(screen.getByTestId('kiosk-result-after-bad')).toHaveTextContent('5');

    fireEvent.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(resultBody(work(), submitted[0])).toEqual({
      id: 7,
      goodQty: 15,
      badQty: 5,
      defects: [
        { defectCode: 'APPEARANCE', qty: 3 },
        { defectCode: 'FUNCTION', qty: 2 },
      ],
    });
  });

  it('takes the keyboard: digits and Backspace type, Enter saves', async () => {
    const onSubmit = open();
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: '2' });
    fireEvent.keyDown(window, { key: '9' });
    fireEvent.keyDown(window, { key: 'Backspace' });
    expect(value('kiosk-result-good')).toBe('+12');
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted[0].good).toBe('12');
  });

  it('changes the worker with a tap; the last operation asks for the shelf, the first in the list by default', async () => {
    open({ work: work({ seq: 2, lastSeq: 2, workerId: null }) });
    expect(screen.getByTestId('kiosk-result-worker-11')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('kiosk-result-worker-12'));
    expect(screen.getByTestId('kiosk-result-worker-12')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('kiosk-result-shelf')).toHaveTextContent('자재 창고 / A-1');
    key('4');
    fireEvent.click(submit());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(resultBody(work({ seq: 2, lastSeq: 2, workerId: null }), submitted[0])).toEqual({
      id: 7,
      goodQty: 14,
      badQty: 2,
      workerId: 12,
      locationId: 30,
    });
  });

  it('has a plain bad field when no defect type is set up, and no shelf before the last operation', () => {
    open({ defectTypes: [] });
    expect(screen.queryByTestId('kiosk-defect-APPEARANCE')).toBeNull();
    expect(screen.queryByTestId('kiosk-result-shelf')).toBeNull();
    fireEvent.click(screen.getByTestId('kiosk-result-bad'));
    key('dot');
    key('5');
    expect(value('kiosk-result-bad')).toBe('+0.5');
    expect(screen.getByTestId('kiosk-result-after-bad')).toHaveTextContent('2.5');
  });

  it('shows the materials the line lacks as a table and stays open', async () => {
    const shortage = new ApiError(409, 'INSUFFICIENT_BOM_STOCK', 'Insufficient BOM stock', {
      shortages: [{ materialId: 1, code: 'RM-1', name: '수지', requiredQty: 12, stockQty: 10, shortageQty: 2 }],
    });
    const onSubmit = vi.fn(async () => {
      throw shortage;
    });
    open({ onSubmit });
    key('6');
    fireEvent.click(submit());
    const table = await screen.findByTestId('kiosk-shortage-table');
    const row = within(table).getByText('RM-1').closest('tr')!;
    expect(row).toHaveTextContent('수지');
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('10');
    expect(within(row).getByTestId('kiosk-shortage-qty')).toHaveTextContent('2');
    expect(screen.getByTestId('kiosk-shortage')).toHaveTextContent('라인에 자재가 부족합니다');
    // Still open with what was typed; a new key clears the refusal.
    expect(value('kiosk-result-good')).toBe('+6');
    key('0');
    expect(screen.queryByTestId('kiosk-shortage')).toBeNull();
  });

  it('shows another refusal as its message in the UI language', async () => {
    open({
      onSubmit: async () => {
        throw new ApiError(409, 'OUT_OF_STOCK', 'Out of stock');
      },
    });
    key('1');
    fireEvent.click(submit());
    expect(await screen.findByTestId('kiosk-save-error')).toHaveTextContent('재고가 부족합니다.');
  });
});
