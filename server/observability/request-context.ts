import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for code that has no `request` at hand (enqueueing a job deep in a service): its id
 * goes with the job, so the job's log lines can be joined to the request that caused them.
 */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
