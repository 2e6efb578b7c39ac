import type { SessionUser } from '../../../domain/session-user';

/**
 * What the session's `logout` actor calls. The contract has no logout operation yet (it arrives with the
 * accounts issue, `POST /api/app/user/{userId}/logout/`); until then logging out is purely local. The
 * machine clears local data whether this resolves or rejects (spec 4), so filling it in changes nothing else.
 */
export type LogoutRequest = (user: SessionUser | null) => Promise<void>;

export const logoutRequest: LogoutRequest = async () => {};
