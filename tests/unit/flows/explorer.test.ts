import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { catalogue } from '../../../machines/catalogue';
import { ExplorerSession } from '../../../src/features/flows/explorer-session';
import { ANY_STATE, flowGraph } from '../../../src/ui/machine-diagram/flow-graph';
import { toElk } from '../../../src/ui/machine-diagram/elk-graph';
import { placeLayout } from '../../../src/ui/machine-diagram/placed-layout';
import { transitionUniverse } from '../../../machines/graph/model-graph';
import { atlasModel } from '../../support/catalogue-model';

const titles = (s: ExplorerSession) => s.enabled().map((e) => e.title);

describe('explorer session (the /flows stepping)', () => {
  it('offers only what the machine acts on now, and takes a step with the catalogue’s samples', async () => {
    const session = new ExplorerSession(catalogue['sign-in'], catalogue['sign-in'].inputs!.blank);
    expect(titles(session)).toEqual(['CHANGE[0]', 'CHANGE[1]', 'TOGGLE_VISIBILITY', 'SUBMIT']);
    expect(session.getState().active).toEqual(new Set(['editing']));
    await session.step(session.enabled().find((e) => e.title === 'SUBMIT')!);
    // Empty form: the else branch (show the rule errors), state unchanged.
    expect(session.getState().lastTaken).toEqual(['editing SUBMIT#1']);
    for (const title of ['CHANGE[0]', 'CHANGE[1]', 'SUBMIT']) await session.step(session.enabled().find((e) => e.title === title)!);
    expect(session.getState().active).toEqual(new Set(['submitting']));
    expect(session.getState().lastTaken).toEqual(['editing SUBMIT#0']);
    // The call is parked until the reviewer settles it, with each of the catalogue's outcomes on offer.
    expect(titles(session)).toEqual(['signIn:done[0]', 'signIn:done[1]', 'signIn:error[0]', 'signIn:error[1]', 'signIn:error[2]', 'signIn:error[3]']);
    await session.step(session.enabled().find((e) => e.title === 'signIn:error[0]')!);
    expect(session.getState().active).toEqual(new Set(['editing']));
    expect(session.getState().lastTaken).toEqual(['submitting signIn:error#0']);
    expect(session.getState().history).toEqual(['SUBMIT', 'CHANGE[0]', 'CHANGE[1]', 'SUBMIT', 'signIn:error[0]']);
    session.reset();
    expect(session.getState().history).toEqual([]);
    session.stop();
  });

  it('replays every generated path, together taking what the model test takes', async () => {
    const entry = catalogue['sign-in'];
    const session = new ExplorerSession(entry, entry.inputs!.blank);
    const paths = session.paths();
    expect(paths.map((p) => p.title)).toEqual(atlasModel(entry).paths.map((p) => p.title.replace(/^\[blank\] /, '')));
    const taken = new Set<string>();
    for (const path of paths) {
      session.reset();
      for (const step of path.steps) {
        expect(titles(session)).toContain(step.title);
        await session.step(step);
        session.getState().lastTaken.forEach((id) => taken.add(id));
      }
    }
    expect([...taken].sort()).toEqual(transitionUniverse(entry.machine).map((t) => t.id).sort());
    session.stop();
  });

  it('moves time only when the reviewer takes a timer', async () => {
    const entry = catalogue['version-check'];
    const session = new ExplorerSession(entry, Object.values(entry.inputs ?? { x: undefined })[0]);
    const timer = session.enabled().find((e) => e.title.startsWith('after:'));
    expect(timer).toBeDefined();
    const before = session.getState().active;
    await session.step(timer!);
    expect(session.getState().lastTaken.some((id) => id.includes('after:'))).toBe(true);
    expect(session.getState().active).not.toEqual(before);
    session.stop();
  });
});

describe('diagram graph', () => {
  it('has one edge per pair of states, carrying every transition id of the machine once', () => {
    for (const [name, entry] of Object.entries(catalogue)) {
      const graph = flowGraph(entry.machine);
      const ids = graph.edges.flatMap((e) => e.transitionIds);
      expect(ids.sort(), name).toEqual(transitionUniverse(entry.machine).map((t) => t.id).sort());
      expect(new Set(graph.edges.map((e) => `${e.source}>${e.target}`)).size, name).toBe(graph.edges.length);
    }
  });

  it('draws transitions of the machine itself from an "any state" node', () => {
    const graph = flowGraph(catalogue.session.machine);
    expect(graph.nodes[0]).toMatchObject({ id: ANY_STATE, kind: 'any' });
    expect(graph.edges.find((e) => e.source === ANY_STATE && e.target === 'loggingOut')?.labels).toEqual(['LOGOUT [hasUser]']);
  });

  it('is laid out by elkjs with every state and edge placed inside the drawing', async () => {
    const graph = flowGraph(catalogue.session.machine);
    const placed = placeLayout(graph, await new ELK().layout(toElk(graph)));
    expect(placed.nodes.map((n) => n.id).sort()).toEqual(['(any state)', 'loggedOut', 'loggedOut.expired', 'loggedOut.visitor', 'loggingOut', 'needsSetUp', 'needsSetUp.idle', 'needsSetUp.refreshing', 'routing', 'signedIn', 'signedIn.idle', 'signedIn.refreshing']);
    const child = placed.nodes.find((n) => n.id === 'loggedOut.expired')!;
    const parent = placed.nodes.find((n) => n.id === 'loggedOut')!;
    expect(child.x).toBeGreaterThanOrEqual(parent.x);
    expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width);
    expect(placed.edges).toHaveLength(graph.edges.length);
    for (const edge of placed.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      for (const p of edge.points) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(placed.width);
      }
    }
  });
});
