import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog.tsx';

// Issue 3 §7 keyboard: Enter in a field saves the form, Esc closes the dialog.
afterEach(cleanup);

/**
 * Enter in a text field as a browser handles it (HTML implicit submission): unless a key handler prevents it, the
 * form's default button — its first submit button, wherever it sits in the page — is clicked. jsdom does not do
 * this, and user-event only looks for buttons inside the form element, while the dialog's save button sits in
 * the modal footer and belongs to the form through its form attribute.
 */
function pressEnter(input: HTMLInputElement) {
  const notPrevented = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  if (!notPrevented || !input.form) return;
  const submit = [...input.form.elements].find(
    (el): el is HTMLButtonElement => el instanceof HTMLButtonElement && el.type === 'submit',
  );
  submit?.click();
}

function Dialog({ onSubmit, onClose }: { onSubmit: (v: { name: string }) => Promise<void>; onClose: () => void }) {
  return (
    <FormDialog<{ name: string }> open title="Edit" testId="dlg" onSubmit={onSubmit} onClose={onClose}>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
        <Input data-testid="dlg-name" />
      </Form.Item>
      <Form.Item name="note" label="Note">
        <Input data-testid="dlg-note" />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog keyboard', () => {
  it('saves on Enter in a field and closes once saved', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    await user.type(await screen.findByTestId('dlg-name'), 'Line A');
    const note = screen.getByTestId('dlg-note') as HTMLInputElement;
    // The save button in the footer is the form's default button.
    expect(note.form && [...note.form.elements]).toContain(screen.getByTestId('dlg-submit'));
    pressEnter(note);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ name: 'Line A' }), expect.anything()]);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('does not save an invalid form on Enter, and stays open when saving fails', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new Error('server said no');
    });
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    await user.type(await screen.findByTestId('dlg-note'), 'x');
    pressEnter(screen.getByTestId('dlg-note') as HTMLInputElement);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('dlg-name'), 'A');
    pressEnter(screen.getByTestId('dlg-name') as HTMLInputElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Esc without saving', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    await user.type(await screen.findByTestId('dlg-name'), 'draft');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
