import type { CatalogueEntry } from './catalogue-entry';
import { FLOW_NAMES, loadFlow, type FlowEntry, type FlowName } from './flow-catalogue';

/**
 * Every entry of the flow atlas at once, for what needs them all: the atlas generator (`npm run flows` writes
 * docs/flows), the model tests (`catalogue.<name>`) and the catalogue checks. The list itself is
 * machines/flow-catalogue.ts; the browser's explorer loads one entry at a time from there and never imports this.
 */
export type Catalogue = { [N in FlowName]: FlowEntry<N> };

export const catalogue = Object.fromEntries(await Promise.all(FLOW_NAMES.map(async (name) => [name, await loadFlow(name)]))) as Catalogue;

/** The entries as one list, in name order, with their types erased (for the atlas generator and checks). */
export const catalogueEntries = (): Array<[string, CatalogueEntry]> =>
  Object.entries(catalogue as Record<string, CatalogueEntry<any>>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // not localeCompare: the same order on every machine
