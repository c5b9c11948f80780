import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { applyVariant, chooseOption, shot, uniq, visibleDropdown } from './helpers';

// A product built from nothing, only on the screens, like a user: two operations, a route with both, a
// semi-finished and a finished product on that route, a raw material, the finished product's operation plan made
// from its route (tool and cycle time on the first step), then its BOM (semi ×2, under it the material ×1.5 with
// 10 % loss) and the required quantities for 10 units in the tree and the roll-up. Once in Korean, once in English,
// each with its own codes. The API is used only for the login token and to read back what the screens saved.
test.describe.configure({ mode: 'serial' });

const tableRow = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tr.ant-table-row', { hasText: text });

/** Labels and names per language: code names come from the demo code table (codeName / codeNameEn). */
const LOCALES = {
  kr: {
    ops: ['사출', '조립'],
    route: '케이스 라우팅',
    semi: '케이스 하우징',
    finished: '스마트폰 케이스',
    material: 'PC 수지',
    semiType: '반제품',
    finishedType: '완제품',
    ea: '개',
    rawType: '원자재',
    kg: '킬로그램',
  },
  en: {
    ops: ['Injection moulding', 'Assembly'],
    route: 'Case route',
    semi: 'Case housing',
    finished: 'Phone case',
    material: 'PC resin',
    semiType: 'Semi-finished product',
    finishedType: 'Finished product',
    ea: 'Each',
    rawType: 'Raw material',
    kg: 'Kilogram',
  },
} as const;

const choose = (page: Page, testId: string, option: string) => chooseOption(page, testId, option, { exact: true });

/** Types into a searchable select and clicks the option holding the text. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: text }).first().click();
}

async function rowCodes(page: Page, table: string): Promise<string[]> {
  return page
    .getByTestId(table)
    .locator('tr.ant-table-row')
    .evaluateAll((rows, t) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace(`${t}-row-`, '')), table);
}

async function get(request: APIRequestContext, token: string, url: string) {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

for (const locale of ['kr', 'en'] as const) {
  test(`build a product from nothing on the screens and see its BOM (${locale})`, async ({
    page,
    request,
    adminToken: token,
  }) => {
    // A whole product built through the screens: 1.2–1.6 min on a slow day with two workers (2026-11-25), 90 s was too tight.
    test.setTimeout(180_000);
    const L = LOCALES[locale];
    // Short codes (the tail of a unique tag), so the narrow code columns of the BOM show them whole.
    const tag = `J${uniq('').slice(-6).toUpperCase()}`;
    const ops = [`${tag}1`, `${tag}2`];
    const routeCode = `${tag}R`;
    const semi = `${tag}S`;
    const finished = `${tag}F`;
    const material = `${tag}M`;

    await page.goto('/baseinfo/operation');
    await applyVariant(page, request, token, { locale, theme: 'light' });

    // 1. Two operations through the form.
    await expect(page.getByTestId('operation-table')).toBeVisible();
    for (const [i, code] of ops.entries()) {
      await page.getByTestId('operation-create').click();
      await page.getByTestId('operation-form-code').fill(code);
      await page.getByTestId('operation-form-name').fill(L.ops[i]);
      await page.getByTestId('operation-form-submit').click();
      await expect(page.getByTestId('operation-form-code')).toBeHidden();
      await expect(tableRow(page, 'operation-table', code)).toBeVisible();
    }

    // 2. A route with both operations, in the order picked.
    await page.goto('/baseinfo/route');
    await page.getByTestId('route-create').click();
    await page.getByTestId('route-form-code').fill(routeCode);
    await page.getByTestId('route-form-name').fill(L.route);
    await page.getByTestId('route-form-submit').click();
    await expect(page.getByTestId('route-form-code')).toBeHidden();
    await tableRow(page, 'route-table', routeCode).click();
    await expect(page.getByTestId('route-opers-title')).toContainText(routeCode);
    await page.getByTestId('route-opers-add').click();
    for (const code of ops) await pick(page, 'route-add-opers-select', code);
    await page.keyboard.press('Escape');
    await page.getByTestId('route-add-opers-submit').click();
    await expect.poll(() => rowCodes(page, 'route-oper-table')).toEqual(ops);
    const routes: { id: number; code: string }[] = await get(request, token, '/api/route/routes');
    const routeId = routes.find((r) => r.code === routeCode)?.id;
    const routeOpers = await get(request, token, `/api/route/${routeId}/opers`);
    expect(routeOpers.map((o: { operationCode: string; seq: number }) => [o.operationCode, o.seq])).toEqual([
      [ops[0], 1],
      [ops[1], 2],
    ]);

    // 3. The semi-finished and the finished product, both on the new route.
    await page.goto('/baseinfo/productInfo');
    const productForm = page.getByTestId('product-form-form');
    for (const [code, name, type] of [
      [semi, L.semi, L.semiType],
      [finished, L.finished, L.finishedType],
    ]) {
      await page.getByTestId('product-create').click();
      await expect(productForm).toBeVisible();
      await productForm.getByTestId('product-form-code').fill(code);
      await productForm.getByTestId('product-form-name').fill(name);
      await choose(page, 'product-form-type', type);
      await choose(page, 'product-form-unit', L.ea);
      await page.getByTestId('product-form-route').click();
      await page.keyboard.type(routeCode);
      await visibleDropdown(page).locator('.ant-select-item-option', { hasText: routeCode }).click();
      await expect(page.getByTestId('product-form-route')).toContainText(routeCode);
      await page.getByTestId('product-form-submit').click();
      await expect(productForm).toBeHidden();
    }
    const search = page.getByTestId('product-search').locator('input');
    await search.fill(tag);
    await search.press('Enter');
    await expect(tableRow(page, 'product-table', semi)).toContainText(L.semiType);
    await expect(tableRow(page, 'product-table', finished)).toContainText(L.finishedType);
    const [finishedSaved] = await get(request, token, `/api/product/products?q=${finished}`);
    expect(finishedSaved).toMatchObject({ code: finished, type: 'FINISHED', unit: 'EA', routeId });
    const [semiSaved] = await get(request, token, `/api/product/products?q=${semi}`);
    expect(semiSaved).toMatchObject({ code: semi, type: 'SEMI', unit: 'EA', routeId });

    // 4. A raw material in kilograms.
    await page.goto('/material/material');
    const materialForm = page.getByTestId('material-form-form');
    await page.getByTestId('material-create').click();
    await expect(materialForm).toBeVisible();
    await materialForm.getByTestId('material-form-code').fill(material);
    await materialForm.getByTestId('material-form-name').fill(L.material);
    await choose(page, 'material-form-type', L.rawType);
    await choose(page, 'material-form-unit', L.kg);
    await page.getByTestId('material-form-submit').click();
    await expect(materialForm).toBeHidden();
    const materialSearch = page.getByTestId('material-search').locator('input');
    await materialSearch.fill(material);
    await materialSearch.press('Enter');
    await expect(tableRow(page, 'material-table', material)).toContainText(L.rawType);

    // 5. The finished product's operation plan from its route; a line tool and a cycle time on the first step.
    await page.goto('/baseinfo/operPlan');
    await pick(page, 'oper-plan-product', finished);
    await expect(page.getByTestId('oper-plan-card')).toContainText(`${finished} · ${L.finished}`);
    await page.getByTestId('oper-plan-from-route-open').click();
    await expect(page.getByTestId('oper-plan-from-route')).toContainText(routeCode);
    await page.getByTestId('oper-plan-from-route-submit').click();
    await expect.poll(() => rowCodes(page, 'oper-plan-table')).toEqual(ops);
    await page.getByTestId(`oper-plan-edit-${ops[0]}`).click();
    await page.getByTestId('oper-plan-form-tool').click();
    const toolOption = visibleDropdown(page).locator('.ant-select-item-option').first();
    const toolCode = (await toolOption.innerText()).split(' · ')[0].trim();
    await toolOption.click();
    await page.getByTestId('oper-plan-form-cycleTime').fill('12.5');
    await page.getByTestId('oper-plan-form-submit').click();
    await expect(page.getByTestId(`oper-plan-tool-${ops[0]}`)).toContainText(toolCode);
    await expect(page.getByTestId(`oper-plan-cycle-${ops[0]}`)).toHaveText('12.5');
    const plans = await get(request, token, `/api/operationplan/${finishedSaved.id}/plans`);
    expect(plans.map((p: { operationCode: string; seq: number }) => [p.operationCode, p.seq])).toEqual([
      [ops[0], 1],
      [ops[1], 2],
    ]);
    expect(plans[0]).toMatchObject({ toolId: expect.any(Number), cycleTime: 12.5 });

    // 6. The BOM: finished → semi ×2; semi → material ×1.5 with 10 % loss.
    await page.goto('/bom');
    await page.getByTestId('bom-product-search').locator('input').fill(finished);
    await page.getByTestId('bom-product-search').locator('input').press('Enter');
    await page.getByTestId('bom-product-table').getByText(finished, { exact: true }).click();
    await expect(page.getByTestId('bom-title')).toContainText(finished);
    const treeRow = (code: string) =>
      page
        .getByTestId('bom-tree')
        .locator('tr.ant-table-row')
        .filter({ has: page.getByText(code, { exact: true }) });
    const line = page.getByTestId('bom-line-form-form');
    const addLine = async (kind: 'PRODUCT' | 'MATERIAL', code: string, qty: string, loss?: string) => {
      await expect(line).toBeVisible();
      await line
        .getByTestId('bom-line-kind')
        .locator('label', { has: page.locator(`input[value=${kind}]`) })
        .click();
      await line.getByTestId('bom-line-child').click();
      await page.keyboard.type(code);
      await visibleDropdown(page).locator(`[data-code="${code}"]`).click();
      await line.getByTestId('bom-line-qty').fill(qty);
      if (loss) await line.getByTestId('bom-line-loss').fill(loss);
      await page.getByTestId('bom-line-form-submit').click();
      await expect(line).toBeHidden();
    };
    await page.getByTestId('bom-add-root').click();
    await addLine('PRODUCT', semi, '2');
    await treeRow(semi).getByTestId('bom-row-add').click();
    await addLine('MATERIAL', material, '1.5', '10');

    // Required for 10: semi 10 × 2 = 20; material 20 × 1.5 × 1.1 = 33, in the tree and in the roll-up.
    await page.getByTestId('bom-production-qty').fill('10');
    await expect(treeRow(semi).getByTestId('bom-row-required')).toHaveText('20');
    await expect(treeRow(material).getByTestId('bom-row-required')).toHaveText('33');
    const req = page.getByTestId('bom-requirements');
    await expect(req.locator('tr', { hasText: material }).getByTestId('bom-req-required')).toHaveText('33');
    await expect(treeRow(material)).toContainText(L.material);

    // 7. The finished BOM photographed (Korean also in dark).
    await shot(page, `product-journey-bom-${locale}-light`);
    if (locale === 'kr') {
      await applyVariant(page, request, token, { locale, theme: 'dark' });
      await expect(page.getByTestId('bom-title')).toContainText(finished);
      await page.getByTestId('bom-production-qty').fill('10');
      await expect(req.locator('tr', { hasText: material }).getByTestId('bom-req-required')).toHaveText('33');
      await shot(page, `product-journey-bom-${locale}-dark`);
    }
  });
}
