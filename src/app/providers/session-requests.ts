import type { SessionUser } from '../../../domain/session-user';

/**
 * The two server calls the session machine makes itself (its `logout` and `loadUser` actors). They use a client
 * without the main client's reactions: the machine decides what a 401 means here (docs/architecture.md), and a
 * failed logout must not show an error — the app logs out locally anyway (spec 4). The client code is loaded on
 * first use, so the entry chunk stays small.
 */
export interface SessionRequests {
  logout: (user: SessionUser | null) => Promise<void>;
  loadUser: (user: SessionUser | null) => Promise<SessionUser>;
}

export const sessionRequests: SessionRequests = {
  async logout(user) {
    // Without a user there is still an HttpOnly cookie to clear, but no {userId} to address: nothing to call.
    if (!user) return;
    const { logoutCall } = await import('./session-calls');
    await logoutCall(user);
  },
  async loadUser(user) {
    if (!user) throw new Error('no user to load');
    const { loadUserCall } = await import('./session-calls');
    return loadUserCall(user);
  },
};
