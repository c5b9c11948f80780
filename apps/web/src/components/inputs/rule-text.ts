import { type RuleMessageKey, ruleMessage, translateMessage } from '@eqms/contract';
import { useAppStore } from '../../app/store.ts';

/** A contract rule message in the current UI language, read when a rule runs so a language switch applies at once. */
export function ruleText(key: RuleMessageKey, params?: Record<string, string | number>): string {
  return translateMessage(ruleMessage(key, params), useAppStore.getState().locale);
}
