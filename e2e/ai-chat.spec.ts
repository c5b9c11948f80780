import { expect, test } from './fixtures';
import { CHAT_URL } from '../playwright.config';
import { apiToken, login, saveLocale, setLocale, setTheme, shot } from './helpers';

// Issue 17 AI assistant: the /ai-chat page and the shell's chat widget against the third server, whose chatflow is a
// local stand-in for Flowise (apps/server/src/modules/chat/flowise-double.ts: it streams "답: <question>" word by
// word, answers "json …" in one piece and fails "fail …"). Signed out: the worker's session is the main server's.
test.use({ baseURL: CHAT_URL, loggedIn: false });

test('asks on the page and in the widget, sees the answer stream in, keeps the conversation; kr light, en dark', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');
  await login(page, 'admin', 'admin1234', '/ai-chat');
  await expect(page.getByTestId('page-title')).toHaveText('AI 채팅');
  const chat = page.getByTestId('ai-chat');
  await expect(chat).toContainText('생산 현황, 재고, 로트 이력, 품질에 대해 물어보세요.');

  // Enter sends; the answer is written as its tokens arrive.
  await page.getByTestId('ai-chat-input').fill('오늘 생산 현황은?');
  await page.getByTestId('ai-chat-input').press('Enter');
  await expect(chat.getByTestId('ai-chat-user')).toHaveText(/오늘 생산 현황은\?/);
  await expect(chat.getByTestId('ai-chat-assistant')).toContainText('답: 오늘 생산 현황은?');
  await expect(page.getByTestId('ai-chat-input')).toHaveValue('');
  // Shift+Enter breaks the line instead of sending.
  await page.getByTestId('ai-chat-input').press('Shift+Enter');
  await expect(chat.getByTestId('ai-chat-user')).toHaveCount(1);
  await page.getByTestId('ai-chat-input').fill('fail 재고');
  await page.getByTestId('ai-chat-send').click();
  await expect(chat.getByTestId('ai-chat-error')).toContainText('AI 채팅 서버가 응답하지 않습니다');
  // No floating button on the chat's own page.
  await expect(page.getByTestId('ai-chat-open')).toHaveCount(0);
  await shot(page, 'ai-chat-kr-light');

  // The conversation stays for the session.
  await page.reload();
  await expect(page.getByTestId('ai-chat-user')).toHaveCount(2);
  await page.getByTestId('ai-chat-new').click();
  await expect(page.getByTestId('ai-chat-user')).toHaveCount(0);

  // The widget on another screen: 500 × 700, the same kind of conversation; Escape closes it.
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await page.goto('/admin/code');
  await page.getByTestId('ai-chat-open').click();
  const widget = page.getByTestId('ai-chat-widget');
  await expect(widget).toBeVisible();
  const box = await widget.boundingBox();
  expect(Math.round(box!.width)).toBe(500);
  expect(Math.round(box!.height)).toBe(700);
  await page.getByTestId('ai-chat-widget-panel-input').fill('json stock of 스마트 모듈');
  await page.getByTestId('ai-chat-widget-panel-input').press('Enter');
  await expect(widget.getByTestId('ai-chat-widget-panel-assistant')).toHaveText(/답: json stock of 스마트 모듈/);
  await shot(page, 'ai-chat-widget-en-dark');
  await page.getByTestId('ai-chat-widget-panel-input').press('Escape');
  await expect(widget).toHaveCount(0);
  await expect(page.getByTestId('ai-chat-open')).toBeVisible();

  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');
});

test('the login variant /auth/loginForm/ai-chat goes on to the chat', async ({ page }) => {
  await page.goto('/auth/loginForm/ai-chat');
  await page.getByTestId('login-user-id').fill('admin');
  await page.getByTestId('login-password').fill('admin1234');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/ai-chat$/);
  await expect(page.getByTestId('ai-chat')).toBeVisible();
});
