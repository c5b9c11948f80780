import { type BodyArgsOf, roleEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Role calls (SPEC §7 /role). roleItem travels as the JSON text of the menu tree (SPEC §3).
export type RoleBody = BodyArgsOf<typeof ep.create>;

export const roleKeys = { all: ['role'] as const, list: ['role', 'list'] as const };

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: ({ signal }) => call(ep.list, { signal }) });
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
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, body: RoleBody) => {
      const saved = await call(ep.update, { body: { ...body, id }, silent: true });
      await refresh();
      return saved;
    },
    /** A role still held by users answers 409 with the users (reportRoleError opens the related-data dialog). */
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] }, silent: true });
      else await call(ep.removeBulk, { params: { ids }, silent: true });
      await refresh();
    },
  };
}
