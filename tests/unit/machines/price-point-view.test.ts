import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { pricePointMachine } from '../../../machines/price-point.machine';
import { pricePointView } from '../../../machines/price-point.view';
import { gate, settle } from '../../support/gate';

function start(addPricePoint: () => Promise<void>) {
  return createActor(pricePointMachine.provide({ actors: { addPricePoint: fromPromise(addPricePoint) } }), { input: { userId: 'u-1' } }).start();
}

function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'CHANGE', field: 'description', value: 'A custom pet sketch' });
  actor.send({ type: 'CHANGE', field: 'media_type', value: 'photo' });
  actor.send({ type: 'CHANGE', field: 'price', value: '25' });
}

const idle = { editable: true, submit: { enabled: true, labelKey: 'pricePoint.submit' }, message: null };
const adding = { editable: false, submit: { enabled: false, labelKey: 'pricePoint.submitting' }, message: null };

describe('/profile/price-point as its machine shows it (issue 24 item 6)', () => {
  it('the form; "Adding…" while it saves, and still once added, on the way back to /profile', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    expect(pricePointView(actor.getSnapshot())).toEqual(idle);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(pricePointView(actor.getSnapshot())).toEqual(adding);
    call.open();
    await settle();
    expect(pricePointView(actor.getSnapshot())).toEqual(adding);
  });

  it("the server's refusal (too many active price points) above the button, the form back", async () => {
    const actor = start(() => Promise.reject(apiFailure(409, { code: 'price_points_limit', detail: 'You already have 5 active price points.' })));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(pricePointView(actor.getSnapshot())).toEqual({ ...idle, message: { text: 'You already have 5 active price points.' } });
  });
});
