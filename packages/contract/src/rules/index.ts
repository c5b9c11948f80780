export * from './predicates.ts';
export * from './rules.ts';
