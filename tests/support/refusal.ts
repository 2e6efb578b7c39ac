import { DomainError } from '../../server/problems/domain-error';
import { statusOf } from '../../server/problems/render';

/** What a call that must be refused was refused with: its code and the HTTP status the mapping answers it with. */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, status: statusOf(error) };
    throw error;
  }
  throw new Error('the call was not refused');
}
