import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { completeSend } from '../../../machines/activity/samples';
import { activeUser, newUser } from '../../../machines/catalogue-samples';
import { homeActivityMachine, type HomeData } from '../../../machines/home-activity.machine';
import { homeSectionsView } from '../../../machines/home-activity.view';
import { sessionMachine } from '../../../machines/session.machine';
import { signedInUser } from '../../../machines/session.view';
import { gate, settle } from '../../support/gate';

const home: HomeData = { recent: [completeSend], balance: '12.00', hasCard: true, profileComplete: false };

describe('home’s sections as the home-activity machine shows them (issue 24 item 6)', () => {
  it('one spinner until the first answer, the failure with Retry, then the recent payments', async () => {
    const reads: ReturnType<typeof gate<HomeData>>[] = [];
    const actor = createActor(
      homeActivityMachine.provide({
        actors: {
          loadHome: fromPromise(() => {
            const read = gate<HomeData>();
            reads.push(read);
            return read.promise;
          }),
        },
      }),
      { input: { userId: 'u-ana' } },
    ).start();
    const view = () => homeSectionsView(actor.getSnapshot());
    expect(view()).toEqual({ loading: true, retry: false, recent: null });
    reads[0]!.fail(new Error('offline'));
    await settle();
    expect(view()).toEqual({ loading: false, retry: true, recent: null });
    actor.send({ type: 'RETRY' });
    expect(view()).toEqual({ loading: true, retry: false, recent: null });
    reads[1]!.open(home);
    await settle();
    expect(view()).toEqual({ loading: false, retry: false, recent: [completeSend] });
  });
});

describe('the signed-in user a route prefetches for (issue 24 item 6)', () => {
  it('a signed-in user; nobody for a visitor, a user who needs set-up, or while logging out', () => {
    expect(signedInUser(createActor(sessionMachine, { input: { user: activeUser } }).start().getSnapshot())?.userId).toBe('u-1');
    expect(signedInUser(createActor(sessionMachine, { input: { user: null } }).start().getSnapshot())).toBeNull();
    expect(signedInUser(createActor(sessionMachine, { input: { user: newUser } }).start().getSnapshot())).toBeNull();
    const leaving = createActor(sessionMachine.provide({ actors: { logout: fromPromise(() => gate<void>().promise) } }), { input: { user: activeUser } }).start();
    leaving.send({ type: 'LOGOUT' });
    expect(signedInUser(leaving.getSnapshot())).toBeNull();
  });
});
