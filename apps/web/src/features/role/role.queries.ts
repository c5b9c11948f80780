import type { Role } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

// Role calls (SPEC §7 /role). roleItem travels as the JSON text of the menu tree (SPEC §3).
export type RoleBody = { name: string; description: string | null; roleItem: string };

export const roleKeys = { all: ['role'] as const, list: ['role', 'list'] as const };

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: ({ signal }) => api.get<Role[]>('/role/roles', { signal }) });
}

export function useRoleApi() {
  const qc = useQueryClient();
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: roleKeys.all });
    // User lists show role names.
    await qc.invalidateQueries({ queryKey: ['user'] });
  };
  return {
    create: async (body: RoleBody) => {
      const saved = await api.post<Role>('/role', body, { silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, body: RoleBody) => {
      const saved = await api.put<Role>('/role', { ...body, id }, { silent: true });
      await refresh();
      return saved;
    },
    /** A role still held by users answers 409 with the users (reportRoleError opens the related-data dialog). */
    remove: async (ids: number[]) => {
      await api.del(ids.length === 1 ? `/role/${ids[0]}` : `/role/roles/${ids.join(',')}`, { silent: true });
      await refresh();
    },
  };
}
