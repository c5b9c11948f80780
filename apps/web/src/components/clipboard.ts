/**
 * Puts text on the clipboard: the Clipboard API where the page may use it (https, or localhost), else the old
 * `execCommand('copy')` on a hidden text box, which a plain-http LAN address (a factory's usual server) still allows.
 * `within`: where the text box goes; inside an open dialog, so the dialog's focus trap does not pull focus away from it.
 * Answers whether the text got there.
 */
export async function copyText(text: string, within: HTMLElement = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the document not focused): the fallback below may still work.
  }
  const box = document.createElement('textarea');
  box.value = text;
  box.setAttribute('readonly', '');
  box.style.position = 'fixed';
  box.style.insetInlineStart = '-9999px';
  within.appendChild(box);
  const active = document.activeElement as HTMLElement | null;
  try {
    box.focus();
    box.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    box.remove();
    active?.focus();
  }
}
