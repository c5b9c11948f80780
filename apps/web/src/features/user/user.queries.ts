import type { Role, User } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

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
    queryFn: ({ signal }) => api.page<User>('/user/users', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: ['role', 'list'],
    queryFn: ({ signal }) => api.get<Role[]>('/role/roles', { signal }),
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
      const saved = await api.post<User>(
        '/user',
        { ...body(v), userId: v.userId.trim(), password: v.password },
        { silent: true },
      );
      await refresh();
      return saved;
    },
    update: async (id: number, v: UserFormValues) => {
      const saved = await api.put<User>('/user', { ...body(v), id }, { silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      await api.del(ids.length === 1 ? `/user/${ids[0]}` : `/user/users/${ids.join(',')}`, { silent: true });
      await refresh();
    },
    resetPassword: (id: number, password: string) =>
      api.put<User>(`/user/${id}/password`, { password }, { silent: true }),
  };
}
