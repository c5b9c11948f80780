import type { Role, RoleItemNode } from '@eqms/contract';
import { can, mergeRoleItems } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store.ts';
import { registerLocales } from '../../i18n/index.ts';
import { PermissionEditor } from './components/PermissionEditor.tsx';
import { RoleEditor } from './components/RoleEditor.tsx';
import en from './locales/en.json';
import kr from './locales/kr.json';
import { flagsFromRoleItem, type OwnFlags, roleItemFromFlags } from './permission-tree.ts';

const apiPost = vi.hoisted(() => vi.fn());
vi.mock('../../api/http.ts', async (importOriginal) => {
  const { call } = (await import('../../test/http-mock.ts')).httpMock({ post: apiPost });
  return { ...(await importOriginal<typeof import('../../api/http.ts')>()), call };
});

registerLocales('role', { kr, en });

const box = (name: string, flag: string) =>
  screen.getByTestId(`perm-${name}-${flag}`).closest('label')?.querySelector('input') ??
  screen.getByTestId(`perm-${name}-${flag}`);
const find = (nodes: RoleItemNode[], name: string): RoleItemNode | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const sub = find(n.children ?? [], name);
    if (sub) return sub;
  }
};

function Harness({ initial = {}, onFlags }: { initial?: OwnFlags; onFlags?: (f: OwnFlags) => void }) {
  const [flags, setFlags] = useState<OwnFlags>(initial);
  return (
    <PermissionEditor
      value={flags}
      onChange={(f) => {
        setFlags(f);
        onFlags?.(f);
      }}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('permission editor', () => {
  it("checking a parent's view marks its children as inherited, and the saved JSON grants them", async () => {
    let flags: OwnFlags = {};
    render(<Harness onFlags={(f) => (flags = f)} />);
    expect(box('productionPlan', 'view')).not.toBeChecked();
    fireEvent.click(box('production', 'view'));
    await waitFor(() => expect(box('production', 'view')).toBeChecked());
    for (const child of ['productionPlan', 'shipment', 'worker']) {
      expect(box(child, 'view')).toBeChecked();
      expect(box(child, 'view')).toBeDisabled();
      expect(box(child, 'create')).not.toBeChecked();
    }
    expect(box('material', 'view')).not.toBeChecked();
    expect(flags).toEqual({ production: { view: true } });

    const saved: RoleItemNode[] = JSON.parse(JSON.stringify(roleItemFromFlags(flags)));
    expect(find(saved, 'production')).toMatchObject({ view: true, create: false, all: false });
    expect(find(saved, 'shipment')).toMatchObject({
      name: 'shipment',
      view: true,
      create: false,
      modify: false,
      delete: false,
      all: false,
    });
    expect(find(saved, 'materialInfo')?.view).toBe(false);
    // Every menu node is in the tree with its five flags; public screens are not.
    expect(find(saved, 'system')?.children?.map((c) => c.name)).toContain('role');
    expect(find(saved, 'kiosk')).toBeUndefined();
    const perms = mergeRoleItems([saved]);
    expect(can(perms, 'shipment', 'view')).toBe(true);
    expect(can(perms, 'shipment', 'modify')).toBe(false);
    expect(can(perms, 'notice', 'view')).toBe(false);
    // Loading the saved tree gives back the same own flags (children's grants are inherited, not their own).
    expect(flagsFromRoleItem(saved)).toEqual(flags);
  });

  it("'all' implies the other four on the node and below", async () => {
    render(<Harness />);
    fireEvent.click(box('quality', 'all'));
    await waitFor(() => expect(box('quality', 'all')).toBeChecked());
    for (const flag of ['view', 'create', 'modify', 'delete']) {
      expect(box('quality', flag)).toBeChecked();
      expect(box('quality', flag)).toBeDisabled();
      expect(box('claimManagement', flag)).toBeChecked();
    }
    expect(box('claimManagement', 'all')).toBeDisabled();
  });

  it('unchecking the parent takes the inherited grant away again', async () => {
    render(<Harness initial={{ system: { view: true } }} />);
    expect(box('user', 'view')).toBeChecked();
    fireEvent.click(box('system', 'view'));
    await waitFor(() => expect(box('user', 'view')).not.toBeChecked());
    expect(box('user', 'view')).toBeEnabled();
  });
});

describe('role editor', () => {
  beforeEach(() => {
    useAppStore.setState({ user: { permissions: { system: { all: true } } } as never, locale: 'kr' });
  });

  it('saves the name and the menu tree as JSON text', async () => {
    const post = apiPost.mockImplementation(async (_url, body) => ({ id: 9, ...(body as object) }) as never);
    const qc = new QueryClient();
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={qc}>
        <RoleEditor role={null} onSaved={onSaved} onDeleted={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: '공지 조회' } });
    fireEvent.click(box('notice', 'view'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0] as [string, { name: string; description: string | null; roleItem: string }];
    expect(url).toBe('/role');
    expect(body.name).toBe('공지 조회');
    expect(body.description).toBeNull();
    expect(typeof body.roleItem).toBe('string');
    const perms = mergeRoleItems([JSON.parse(body.roleItem)]);
    expect(can(perms, 'notice', 'view')).toBe(true);
    expect(can(perms, 'notice', 'create')).toBe(false);
    expect(can(perms, 'user', 'view')).toBe(false);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('opens an existing role with its grants', () => {
    const roleItem = JSON.stringify([
      { name: 'notice', all: false, view: true, create: true, modify: false, delete: false },
    ]);
    const role: Role = {
      id: 3,
      name: 'R',
      description: 'd',
      roleItem,
      createdBy: null,
      createdAt: '',
      updatedBy: null,
      updatedAt: '',
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RoleEditor role={role} onSaved={() => undefined} onDeleted={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('role-name')).toHaveValue('R');
    expect(box('notice', 'view')).toBeChecked();
    expect(box('notice', 'create')).toBeChecked();
    expect(box('notice', 'delete')).not.toBeChecked();
  });
});
