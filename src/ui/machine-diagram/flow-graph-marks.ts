/** What a page highlights on a machine diagram (src/ui/machine-diagram/machine-diagram.tsx). */
export interface DiagramMarks {
  /** Node ids to highlight as current. */
  active?: ReadonlySet<string>;
  /** Transition ids just taken. */
  last?: ReadonlySet<string>;
  /** Transition ids the tests cover; when given, every edge is coloured covered / not covered. */
  covered?: ReadonlySet<string> | null;
  /** Transition id → the step numbers that took it (the audit timeline). */
  steps?: ReadonlyMap<string, number[]>;
  /** Node ids reached along a trail. */
  visited?: ReadonlySet<string>;
}
