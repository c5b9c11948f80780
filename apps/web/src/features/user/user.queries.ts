import { roleEndpoints, userEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// User management calls (SPEC §7 /user) and the role pick-list. Writes are `silent` where the screen shows the
// error itself (field errors, the last-administrator refusal).
export type UserListParams = { q?: string; roleId?: number; locationId?: number; page: number; size: number };

export type UserFormValues = {
  userId: string;
  username: string;
  password?: string;
  passwordConfirm?: string;
  email?: string | null;
  phone?: string | null;
  roleIds: number[];
  locationId?: number | null;
  enabled: boolean;
  /** Custom field values (payload: only the table's current fields, see extPayload). */
  ext?: Record<string, string>;
};

export const userKeys = {
  all: ['user'] as const,
  list: (p: UserListParams) => ['user', 'list', p] as const,
};

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => callPage(ep.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: ['role', 'list'],
    queryFn: ({ signal }) => call(roleEndpoints.list, { signal }),
    staleTime: 30_000,
  });
}

const body = (v: UserFormValues) => ({
  username: v.username,
  email: v.email || null,
  phone: v.phone || null,
  roleIds: v.roleIds ?? [],
  locationId: v.locationId ?? null,
  enabled: v.enabled,
  ext: v.ext,
});

export function useUserApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: userKeys.all });
  return {
    create: async (v: UserFormValues) => {
      const saved = await call(ep.create, {
        body: { ...body(v), userId: v.userId.trim(), password: v.password ?? '' },
        silent: true,
      });
      await refresh();
      return saved;
    },
    update: async (id: number, v: UserFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] }, silent: true });
      else await call(ep.removeBulk, { params: { ids }, silent: true });
      await refresh();
    },
    resetPassword: (id: number, password: string) =>
      call(ep.resetPassword, { params: { id }, body: { password }, silent: true }),
  };
}
