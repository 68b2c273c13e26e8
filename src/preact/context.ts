/**
 * The Preact context that carries a `Controller` to the hooks.
 *
 * The module holds no cache logic: `CacheProvider` only makes a `Controller` available
 * (creating one when none is passed), and `useController` reads it.
 */
import { createContext, createElement, type ComponentChildren, type VNode } from 'preact';
import { useContext, useEffect, useMemo } from 'preact/hooks';
import { Controller, type DehydratedState } from '../index.js';

const ControllerContext = createContext<Controller | undefined>(undefined);

/** Props of {@link CacheProvider}. */
export interface CacheProviderProps {
  /**
   * The controller to share. Default: a new `Controller()`, created once per provider
   * (and again only if this prop changes from a controller to none).
   */
  controller?: Controller | undefined;
  /**
   * A dehydrated state (`dehydrate(ctrl)` on the server) that the provider's own
   * Controller starts from: `new Controller({ initialState })`. Read when that Controller
   * is created; ignored when a `controller` is given (pass it to that Controller instead).
   */
  initialState?: DehydratedState | undefined;
  children?: ComponentChildren;
}

/**
 * Supplies a `Controller` to every hook and `useController()` below it.
 *
 * @param props `controller` or `initialState` (optional) and `children`.
 * @returns the children, inside the context.
 * @example
 * const ctrl = new Controller();
 * render(
 *   <CacheProvider controller={ctrl}>
 *     <App />
 *   </CacheProvider>,
 *   document.body,
 * );
 */
export function CacheProvider({ controller, initialState, children }: CacheProviderProps): VNode<any> {
  const ctrl = useMemo(() => controller ?? new Controller({ initialState }), [controller]);
  // A Controller the provider made ends with it (its managers' listeners and timers).
  useEffect(() => (ctrl === controller ? undefined : () => ctrl.cleanup()), [ctrl]);
  return createElement(ControllerContext.Provider, { value: ctrl }, children);
}

/**
 * The `Controller` of the nearest {@link CacheProvider}, for imperative work (mutations,
 * `invalidate`, `setResponse`) inside components and event handlers.
 *
 * @returns the controller.
 * @throws Error when no `CacheProvider` is above the calling component.
 * @example
 * const ctrl = useController();
 * const rename = (name: string) => ctrl.fetch(updateUser, { id }, { name });
 */
export function useController(): Controller {
  const ctrl = useContext(ControllerContext);
  if (ctrl === undefined) {
    throw new Error(
      (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
        ? 'signal-cache/preact: useController() found no <CacheProvider> above this component. Wrap the app in <CacheProvider>.'
        : 'signal-cache/preact: no <CacheProvider>',
    );
  }
  return ctrl;
}
