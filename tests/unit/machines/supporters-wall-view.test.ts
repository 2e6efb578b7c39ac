import { describe, expect, it } from 'vitest';
import { anaSupporter, benSupporter, MAYA_ID, twoMessages } from '../../../machines/supporters-wall.catalogue';
import type { SupportersWallContext } from '../../../machines/supporters-wall.machine';
import { relativeWhen, supportersWallView, type SupportersWallState } from '../../../machines/supporters-wall.view';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const context = (over: Partial<SupportersWallContext> = {}): SupportersWallContext => ({
  username: 'maya',
  creatorId: MAYA_ID,
  viewerId: null,
  count: twoMessages.supporter_count,
  supporters: twoMessages.data,
  hiding: null,
  ...over,
});
const view = (value: SupportersWallState, over: Partial<SupportersWallContext> = {}, language = 'en') =>
  supportersWallView({ value, context: context(over) }, language, NOW);

describe('the supporters wall view (issue 23 item 2)', () => {
  it('shows the count and one row per public message: avatar, name, handle, message and when — no amount', () => {
    const wall = view('shown');
    expect(wall.count).toBe(3);
    expect(wall.rows.map(({ id, name, handle, photo, message }) => ({ id, name, handle, photo, message }))).toEqual([
      { id: benSupporter.id, name: 'Ben Okafor', handle: '@ben', photo: null, message: 'Love the coast series' },
      { id: anaSupporter.id, name: 'Ana Silva', handle: '@ana', photo: anaSupporter.profile_photo, message: null },
    ]);
    expect(wall.rows[0]).toMatchObject({ at: benSupporter.created_at, when: '6 days ago' });
    expect(wall.rows[0]!.exactly).toMatch(/November 20, 2026/u);
    expect(wall.emptyKey).toBeNull();
    expect(JSON.stringify(wall)).not.toMatch(/amount|\$/u);
  });

  it('a blank message shows the name alone', () => {
    expect(view('shown', { supporters: [{ ...benSupporter, message: '   ' }] }).rows[0]!.message).toBeNull();
  });

  it('offers Hide to the signed-in page owner only: not to a visitor, not to another signed-in user', () => {
    expect(view('shown', { viewerId: MAYA_ID }).canHide).toBe(true);
    expect(view('shown').canHide).toBe(false);
    expect(view('shown', { viewerId: '00000000-0000-4000-8000-00000000000b' }).canHide).toBe(false);
    // Nothing left to hide.
    expect(view('empty', { viewerId: MAYA_ID, supporters: [] }).canHide).toBe(false);
  });

  it('asks about the message being hidden, then waits for the answer', () => {
    expect(view('confirming', { viewerId: MAYA_ID, hiding: benSupporter }).confirming).toEqual({ name: 'Ben Okafor' });
    expect(view('shown', { viewerId: MAYA_ID }).confirming).toBeNull();
    const hiding = view('hiding', { viewerId: MAYA_ID, hiding: benSupporter });
    expect(hiding).toMatchObject({ busy: true, confirming: null });
    // Still on the wall until the server says it is hidden.
    expect(hiding.rows.map((r) => r.id)).toContain(benSupporter.id);
  });

  it('says why the wall is empty: nobody has paid yet, or nobody chose to be shown', () => {
    expect(view('empty', { count: 0, supporters: [] })).toMatchObject({ count: 0, rows: [], emptyKey: 'supporters.emptyNobody' });
    expect(view('empty', { count: 4, supporters: [] })).toMatchObject({ count: 4, rows: [], emptyKey: 'supporters.emptyNoMessages' });
  });

  it('claims nothing while loading or after a failure (the count is unknown, the space is kept)', () => {
    expect(view('loading', { count: null, supporters: [] })).toMatchObject({ loading: true, failed: false, count: null, rows: [], emptyKey: null });
    expect(view('failed', { count: null, supporters: [] })).toMatchObject({ loading: false, failed: true, count: null, rows: [], emptyKey: null });
  });
});

describe('when a message was left, in the page language', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  it('is relative within a week, the date after that', () => {
    expect(relativeWhen(ago(20_000), NOW, 'en')).toBe('now');
    expect(relativeWhen(ago(5 * 60_000), NOW, 'en')).toBe('5 minutes ago');
    expect(relativeWhen(ago(3 * 3_600_000), NOW, 'es')).toBe('hace 3 horas');
    expect(relativeWhen(ago(26 * 3_600_000), NOW, 'pt')).toBe('ontem');
    expect(relativeWhen(ago(2 * 86_400_000), NOW, 'en')).toBe('2 days ago');
    expect(relativeWhen('2026-10-03T10:00:00.000Z', NOW, 'en')).toBe('Oct 3, 2026');
    expect(relativeWhen('2026-10-03T10:00:00.000Z', NOW, 'pt')).toBe('3 de out. de 2026');
  });

  it('a clock running behind the server says "now", never "in 2 minutes"', () => {
    expect(relativeWhen(new Date(NOW.getTime() + 120_000).toISOString(), NOW, 'en')).toBe('now');
  });
});
