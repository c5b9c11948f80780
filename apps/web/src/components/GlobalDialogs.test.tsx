import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { GlobalDialogs } from './GlobalDialogs.tsx';

// The store-driven global UI: what pages trigger through the store reaches the user, and the answers come back.
afterEach(() => {
  cleanup();
  act(() => {
    useAppStore.setState({
      confirm: { show: false, title: '', text: '' },
      alert: { show: false, title: '', text: '', maxWidth: 500 },
      relationData: null,
    });
  });
});

describe('GlobalDialogs', () => {
  it('shows a snackbar for notify()', async () => {
    render(<GlobalDialogs />);
    act(() => useAppStore.getState().notify('저장되었습니다.', 'success'));
    expect(await screen.findByText('저장되었습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('snackbar')).toHaveAttribute('data-type', 'success');
  });

  it('resolves askConfirm() with the button pressed', async () => {
    const user = userEvent.setup();
    render(<GlobalDialogs />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = useAppStore.getState().askConfirm({ title: '삭제', text: '삭제하시겠습니까?' });
    });
    expect(await screen.findByText('삭제하시겠습니까?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = useAppStore.getState().askConfirm({ title: '삭제', text: '다시?' });
    });
    await user.click(await screen.findByTestId('confirm-cancel'));
    await expect(answer).resolves.toBe(false);
  });

  it('calls the alert onOk when OK is pressed', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(<GlobalDialogs />);
    act(() => useAppStore.getState().showAlert({ title: '세션 만료', text: '다시 로그인하세요.', onOk }));
    expect(await screen.findByTestId('alert-text')).toHaveTextContent('다시 로그인하세요.');
    await user.click(screen.getByTestId('alert-ok'));
    expect(onOk).toHaveBeenCalledOnce();
    await waitFor(() => expect(useAppStore.getState().alert.show).toBe(false));
  });

  it('lists related data with the screen label, ID, name, creator and created time', async () => {
    render(<GlobalDialogs />);
    act(() =>
      useAppStore
        .getState()
        .setRelationData([
          { screen: 'user', id: 12, name: '홍길동', createdBy: 'admin', createdAt: '2024-05-01T09:30:00+09:00' },
        ]),
    );
    const dialog = await screen.findByTestId('related-data-dialog', {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent('사용자 관리');
    expect(dialog).toHaveTextContent('홍길동');
    expect(dialog).toHaveTextContent('admin');
    expect(dialog).toHaveTextContent('12');
  });
});
