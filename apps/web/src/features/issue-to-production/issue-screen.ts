// What tells the two "issue to production" screens apart in their shared parts: material to the line
// (/material/stockOutRestock, test ids prod-*) and semi-finished lots to the line (/production/productStockOutRestock,
// test ids issue-*). Each screen keeps its own namespace, menu right and test ids; the parts only read them from here.
export type IssueScreen = {
  /** The i18n namespace of the screen's texts (the same keys in both). */
  ns: string;
  /** The menu whose rights guard the screen (create: release and restock). */
  menuName: string;
  /** The first word of every test id of the screen. */
  testPrefix: string;
};

/** The plan's period and line, as the tree shows them. */
export type PlanHeader = { startDt: string | null; endDt: string | null; lineName: string };

/** The released-list query of a period (the list tab). */
export type ReleasedListArgs = { startDt: string; endDt: string; q?: string };
