import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import { createDeferredActorContext } from '../../lib/deferred-actor-context';

/** The session gate for the whole app; views read its state and send it events, nothing more. Its actor starts
 * with the runtime (src/app/runtime/runtime.ts). */
export const SessionContext = createDeferredActorContext<ActorRefFrom<typeof sessionMachine>>('SessionContext');
