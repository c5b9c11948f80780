import { type Action, can, canSeeMenu } from '@eqms/contract';
import { useAppStore } from './store.ts';

/** The web hides what can() denies (ARCHITECTURE §5); the server enforces it anyway. */
export function useCan(menuName: string, action: Action): boolean {
  const perms = useAppStore((s) => s.user?.permissions);
  return !!perms && can(perms, menuName, action);
}

export function useCanSeeMenu(menuName: string): boolean {
  const perms = useAppStore((s) => s.user?.permissions);
  return !!perms && canSeeMenu(perms, menuName);
}
