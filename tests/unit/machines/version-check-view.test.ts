import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { versionCheckMachine } from '../../../machines/version-check.machine';
import { versionCheckView } from '../../../machines/version-check.view';
import { settle } from '../../support/gate';

function start(serverVersion: string) {
  let reloads = 0;
  const actor = createActor(
    versionCheckMachine.provide({
      actors: { fetchServerVersion: fromPromise(async () => serverVersion) },
      actions: { notifyFailure: () => {}, reload: () => void reloads++ },
    }),
    { input: { clientVersion: '1.0.2' } },
  ).start();
  return { actor, reloads: () => reloads };
}

describe('the reload dialog as the version check shows it (issue 24 item 6)', () => {
  it('nothing before a newer version is known; the same version keeps it away', async () => {
    const { actor } = start('1.0.2');
    expect(versionCheckView(actor.getSnapshot())).toEqual({ mounted: false, open: false });
    // A tab coming back checks at once.
    actor.send({ type: 'HIDDEN' });
    actor.send({ type: 'VISIBLE' });
    await settle();
    expect(versionCheckView(actor.getSnapshot())).toEqual({ mounted: false, open: false });
  });

  it('a newer version opens it; Later closes it but keeps it mounted; Reload keeps it open while the page reloads', async () => {
    const { actor, reloads } = start('1.0.10');
    actor.send({ type: 'HIDDEN' });
    actor.send({ type: 'VISIBLE' });
    await settle();
    expect(versionCheckView(actor.getSnapshot())).toEqual({ mounted: true, open: true });
    actor.send({ type: 'DISMISS' });
    expect(versionCheckView(actor.getSnapshot())).toEqual({ mounted: true, open: false });
    const again = start('1.0.10');
    again.actor.send({ type: 'HIDDEN' });
    again.actor.send({ type: 'VISIBLE' });
    await settle();
    again.actor.send({ type: 'RELOAD' });
    again.actor.send({ type: 'DISMISS' });
    expect(versionCheckView(again.actor.getSnapshot())).toEqual({ mounted: true, open: true });
    expect(again.reloads()).toBe(1);
    expect(reloads()).toBe(0);
    actor.stop();
    again.actor.stop();
  });
});
