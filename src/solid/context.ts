/**
 * The Solid context that carries a `Controller` to the `create*` primitives.
 *
 * The module holds no cache logic: `CacheProvider` only makes a `Controller` available
 * (creating one when none is passed), and `useController` reads it.
 */
import { createComponent, createContext, onCleanup, useContext, type JSX } from 'solid-js';
import { Controller, type DehydratedState } from '../index.js';

const ControllerContext = createContext<Controller>();

/** Props of {@link CacheProvider}. */
export interface CacheProviderProps {
  /**
   * The controller to share. Default: a new `Controller()` created once when the provider
   * mounts, and cleaned up (`ctrl.cleanup()`) when it unmounts. The prop is read once; to switch controllers, remount the provider.
   */
  controller?: Controller | undefined;
  /**
   * A dehydrated state (`dehydrate(ctrl)` on the server) that the provider's own
   * Controller starts from: `new Controller({ initialState })`. Read once; ignored when a
   * `controller` is given (pass it to that Controller instead).
   */
  initialState?: DehydratedState | undefined;
  children?: JSX.Element;
}

/**
 * Supplies a `Controller` to every `create*` primitive and `useController()` below it.
 *
 * @param props `controller` or `initialState` (optional) and `children`.
 * @returns the children, inside the context.
 * @example
 * const ctrl = new Controller();
 * render(() => (
 *   <CacheProvider controller={ctrl}>
 *     <App />
 *   </CacheProvider>
 * ), document.body);
 */
export function CacheProvider(props: CacheProviderProps): JSX.Element {
  let ctrl = props.controller;
  // A Controller the provider made ends with it (its managers' listeners and timers).
  if (ctrl === undefined) {
    const made = (ctrl = new Controller({ initialState: props.initialState }));
    onCleanup(() => made.cleanup());
  }
  return createComponent(ControllerContext.Provider, {
    value: ctrl,
    get children() {
      return props.children;
    },
  });
}

/**
 * The `Controller` of the nearest {@link CacheProvider}, for imperative work (mutations,
 * `invalidate`, `setResponse`) inside components and event handlers.
 *
 * @returns the controller.
 * @throws Error when no `CacheProvider` is above the calling component.
 * @example
 * const ctrl = useController();
 * const rename = (name: string) => ctrl.fetch(updateUser, { id: props.id }, { name });
 */
export function useController(): Controller {
  const ctrl = useContext(ControllerContext);
  if (ctrl === undefined) {
    throw new Error(
      (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
        ? 'signal-cache/solid: useController() found no <CacheProvider> above this component. Wrap the app in <CacheProvider>.'
        : 'signal-cache/solid: no <CacheProvider>',
    );
  }
  return ctrl;
}
