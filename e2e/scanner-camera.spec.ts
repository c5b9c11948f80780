import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import config, { BASE_URL } from '../playwright.config';
import { apiSession, expect, test } from './fixtures';
import { uniq } from './helpers';

// The camera scanner end to end (issue 12): Chromium's fake camera plays a picture of a package's QR code, and the
// mobile scan sheet — getUserMedia, our own ZXing .wasm under the page's CSP, the look-up — names that package. The
// shared browser has no camera, so this test launches its own with the fake-capture switches.

const W = 640;
const H = 480;

/** A YUV4MPEG2 clip (a few identical frames) of the QR code of `text`, black on white, centred with a quiet zone. */
function qrClip(text: string, file: string) {
  const [qr] = bwipjs.raw({ bcid: 'qrcode', text }) as unknown as { pixs: number[]; pixx: number; pixy: number }[];
  const scale = Math.floor((Math.min(W, H) * 0.6) / qr.pixx);
  const left = Math.floor((W - qr.pixx * scale) / 2);
  const top = Math.floor((H - qr.pixy * scale) / 2);
  const luma = Buffer.alloc(W * H, 235);
  for (let y = 0; y < qr.pixy * scale; y++) {
    for (let x = 0; x < qr.pixx * scale; x++) {
      if (qr.pixs[Math.floor(y / scale) * qr.pixx + Math.floor(x / scale)]) luma[(top + y) * W + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame, frame]),
  );
}

test('the phone camera reads a package QR code and the sheet names the package', async ({
  request,
  adminToken,
  workerAdmin,
}) => {
  const tag = uniq('CAM').toUpperCase();
  const headers = { authorization: `Bearer ${adminToken}` };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  const site = await post('/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await post('/api/location', { name: `${tag} 공장`, type: 'FACTORY', parentId: site.id });
  const warehouse = await post('/api/location', { name: `${tag} 창고`, type: 'WAREHOUSE', parentId: factory.id });
  const shelf = await post('/api/location', { name: `${tag} 선반`, type: 'SHELF', parentId: warehouse.id });
  const material = await post('/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 전분`,
    type: 'RAW',
    unit: 'KG',
  });
  const stock = await post('/api/material-stock/ship-in', { materialId: material.id, qty: 7, locationId: shelf.id });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'eqms-camera-'));
  const clip = path.join(dir, 'qr.y4m');
  qrClip(stock.packageId, clip);
  const base = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
  try {
    const session = await apiSession(workerAdmin.userId, workerAdmin.password);
    const context = await browser.newContext({
      baseURL: BASE_URL,
      storageState: session.state,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|wasm/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto('/m/notice');
    await page.getByTestId('mobile-scan-button').click();
    // The fake camera's picture is decoded and looked up: the sheet names the package and its material.
    await expect(page.getByTestId('scan-result')).toContainText(stock.packageId, { timeout: 30_000 });
    await expect(page.getByTestId('scan-result')).toContainText(material.name);
    expect(blocked).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
