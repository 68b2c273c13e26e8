/**
 * Logout on 401 (Reactive Data Client's `LogoutManager`): when a request fails with status
 * 401 (the session ended), the whole cache is reset — nothing of the last user stays
 * readable — and the app is told, to show its login page.
 */
import type { Controller, Manager, Middleware } from 'signal-cache';

export interface LogoutManagerOptions {
  /** What to do once the session ended. Default: `controller.resetEntireStore()`. */
  handleLogout?: (controller: Controller) => void;
  /** Which failures end the session. Default: status 401. */
  shouldLogout?: (error: Error & { status?: number }) => boolean;
}

export class LogoutManager implements Manager {
  readonly #handleLogout: (controller: Controller) => void;
  readonly #shouldLogout: (error: Error & { status?: number }) => boolean;

  constructor({ handleLogout, shouldLogout }: LogoutManagerOptions = {}) {
    this.#handleLogout = handleLogout ?? ((controller) => controller.resetEntireStore());
    this.#shouldLogout = shouldLogout ?? ((error) => error.status === 401);
  }

  middleware: Middleware = (controller) => (next) => async (action) => {
    // The failure is recorded first; then the session ends.
    await next(action);
    if (action.type === 'rdc/setresponse' && action.error && this.#shouldLogout(action.response))
      this.#handleLogout(controller);
  };

  cleanup(): void {}
}
