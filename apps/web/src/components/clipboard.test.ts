import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';

describe('copyText', () => {
  afterEach(() => {
    Object.defineProperty(document, 'execCommand', { value: undefined, configurable: true });
  });

  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    expect(await copyText('eqms_x')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('eqms_x');
  });

  it('falls back to a selected text box where the API is missing or refuses, and leaves no box behind', async () => {
    const copied: string[] = [];
    const execCommand = vi.fn(() => {
      copied.push((document.activeElement as HTMLTextAreaElement).value ?? '');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    vi.stubGlobal('isSecureContext', true);
    const host = document.createElement('div');
    document.body.appendChild(host);
    expect(await copyText('eqms_y', host)).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toEqual(['eqms_y']);
    expect(host.querySelector('textarea')).toBeNull();

    vi.stubGlobal('navigator', {});
    execCommand.mockReturnValueOnce(false);
    expect(await copyText('eqms_z')).toBe(false);
  });
});
