import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { parseScreenFileName, screenFileName, screenLanguages, screenStateKey, statesShowingNode } from '../../../machines/graph/flow-screens';
import { fileRunScreens } from '../../../scripts/flows/flow-screens-files';
import { screensView } from '../../../src/features/flows/screens-view';

const wizard = createMachine({
  id: 'wizard',
  initial: 'card',
  states: {
    card: { initial: 'amount', states: { amount: { on: { NEXT: 'confirm' } }, confirm: { on: { DONE: '#wizard.done' } } } },
    both: { type: 'parallel', states: { left: { initial: 'a', states: { a: {} } }, right: { initial: 'b', states: { b: {} } } } },
    done: { type: 'final' },
  },
  on: { SPLIT: '.both' },
});

describe('a captured screen’s name (issue 27 item 5)', () => {
  it('is the paths of the active leaf states, several joined by +', () => {
    const actor = createActor(wizard).start();
    expect(screenStateKey(actor.getSnapshot())).toBe('card.amount');
    actor.send({ type: 'NEXT' });
    expect(screenStateKey(actor.getSnapshot())).toBe('card.confirm');
    actor.send({ type: 'SPLIT' });
    expect(screenStateKey(actor.getSnapshot())).toBe('both.left.a+both.right.b');
    expect(screenStateKey(createActor(createMachine({ id: 'stateless' })).start().getSnapshot())).toBe('stateless');
  });

  it('reads back as the state, width and language it was written from; other names are not screens', () => {
    expect(screenFileName('card.amount', 375, 'pt')).toBe('card.amount@375.pt.webp');
    expect(parseScreenFileName('both.left.a+both.right.b@1280.en.webp')).toEqual({ state: 'both.left.a+both.right.b', width: 1280, language: 'en' });
    expect(parseScreenFileName('index.json')).toBeNull();
    expect(parseScreenFileName('card.amount@375.en.png')).toBeNull();
  });

  it('is kept in three languages for the flows that move money, in English for the others', () => {
    expect(screenLanguages('send-payment')).toEqual(['en', 'es', 'pt']);
    expect(screenLanguages('withdraw')).toEqual(['en', 'es', 'pt']);
    expect(screenLanguages('phone-verification')).toEqual(['en']);
  });

  it('shows a diagram node when the node is one of the state’s leaves or an ancestor of one', () => {
    const states = { 'card.amount': ['375.en'], 'card.confirm': ['375.en'], 'both.left.a+both.right.b': ['375.en'], cardless: ['375.en'] };
    expect(statesShowingNode(states, 'card')).toEqual(['card.amount', 'card.confirm']);
    expect(statesShowingNode(states, 'card.confirm')).toEqual(['card.confirm']);
    expect(statesShowingNode(states, 'both.right')).toEqual(['both.left.a+both.right.b']);
    expect(statesShowingNode(states, 'done')).toEqual([]);
  });
});

describe('the explorer’s Screens section', () => {
  const states = { 'card.amount': ['1280.en', '1280.es', '375.en', '375.es', '375.pt'], 'card.confirm': ['1280.en', '375.en'] };
  const at = (...active: string[]) => new Set(active);

  it('follows the machine: the capture of the state it is in, at the width and language chosen', () => {
    expect(screensView('add-money', states, at('card', 'card.amount'), { picked: null, width: 375, language: 'pt' })).toEqual({
      states: ['card.amount', 'card.confirm'],
      state: 'card.amount',
      missing: null,
      following: true,
      widths: [375, 1280],
      width: 375,
      languages: ['en', 'es', 'pt'],
      language: 'pt',
      src: '/flows/screens/add-money/card.amount@375.pt.webp',
    });
  });

  it('falls back to a language the state has', () => {
    const view = screensView('add-money', states, at('card', 'card.confirm'), { picked: null, width: 1280, language: 'pt' });
    expect([view.state, view.languages, view.language, view.src]).toEqual(['card.confirm', ['en'], 'en', '/flows/screens/add-money/card.confirm@1280.en.webp']);
  });

  it('shows a picked state, or a clicked node’s first captured state, whatever the machine is in', () => {
    const picked = screensView('add-money', states, at('card', 'card.amount'), { picked: 'card.confirm', width: 375, language: 'en' });
    expect([picked.state, picked.following, picked.missing]).toEqual(['card.confirm', false, null]);
    const node = screensView('add-money', states, at('card', 'card.confirm'), { picked: 'card', width: 375, language: 'en' });
    expect([node.state, node.following]).toEqual(['card.amount', false]);
  });

  it('says so when the picked state, or the machine’s, was never captured', () => {
    const picked = screensView('add-money', states, at('card', 'card.amount'), { picked: 'done', width: 375, language: 'en' });
    expect([picked.state, picked.missing, picked.src]).toEqual([null, 'done', null]);
    const now = screensView('add-money', states, at('done'), { picked: null, width: 375, language: 'en' });
    expect([now.state, now.missing, now.src]).toEqual([null, null, null]);
    expect(screensView('toast', undefined, at('idle'), { picked: null, width: 375, language: 'en' }).states).toEqual([]);
  });
});

describe('filing a run’s screens into the atlas', () => {
  function dirWith(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'screens-'));
    for (const [path, bytes] of Object.entries(files)) {
      mkdirSync(join(dir, path.split('/')[0]!), { recursive: true });
      writeFileSync(join(dir, path), bytes);
    }
    return dir;
  }
  const list = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => p.includes('.')).sort();

  it('a partial run adds and replaces its captures and keeps the others; an empty (failed) capture is not filed', () => {
    const atlas = dirWith({ 'withdraw/amount@375.en.webp': 'old', 'toast/shown@375.en.webp': 'kept' });
    const run = dirWith({ 'withdraw/amount@375.en.webp': 'new', 'withdraw/confirm@1280.en.webp': 'x', 'withdraw/failed@375.en.webp': '' });
    expect(fileRunScreens(run, atlas, false)).toBe(2);
    expect(list(atlas)).toEqual(['index.json', 'toast/shown@375.en.webp', 'withdraw/amount@375.en.webp', 'withdraw/confirm@1280.en.webp']);
    expect(readFileSync(join(atlas, 'withdraw/amount@375.en.webp'), 'utf8')).toBe('new');
    expect(JSON.parse(readFileSync(join(atlas, 'index.json'), 'utf8'))).toEqual({ toast: { shown: ['375.en'] }, withdraw: { amount: ['375.en'], confirm: ['1280.en'] } });
  });

  it('a full run replaces them all, so no screen outlives its state', () => {
    const atlas = dirWith({ 'withdraw/gone@375.en.webp': 'old' });
    const run = dirWith({ 'withdraw/amount@375.en.webp': 'a', 'withdraw/amount@375.es.webp': 'b' });
    expect(fileRunScreens(run, atlas, true)).toBe(2);
    expect(list(atlas)).toEqual(['index.json', 'withdraw/amount@375.en.webp', 'withdraw/amount@375.es.webp']);
    expect(JSON.parse(readFileSync(join(atlas, 'index.json'), 'utf8'))).toEqual({ withdraw: { amount: ['375.en', '375.es'] } });
  });
});
