import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../../machines/session.machine';

/** The session gate for the whole app; views read its state and send it events, nothing more. */
export const SessionContext = createActorContext(sessionMachine);
