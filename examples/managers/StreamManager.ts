/**
 * Push over a websocket (the `StreamManager` of Reactive Data Client's docs): the server
 * sends each new price of a symbol as `{ "symbol": "AAPL", "price": 187.2 }`, and the
 * manager writes it into the cache with `controller.set(Ticker, …)` — one row, so only the
 * readers of that row re-run.
 *
 * It streams what is shown: a ticker endpoint's key getting its first reader (a
 * `SUBSCRIBE` action) sends `{ "subscribe": symbol }`, its last reader leaving
 * (`UNSUBSCRIBE`) sends `{ "unsubscribe": symbol }`. `cleanup()` closes the socket.
 */
import type { EndpointInterface, Manager, Middleware } from 'signal-cache';
import { Ticker } from './ticker.js';

/** The part of a `WebSocket` the manager uses (the browser's, or `ws` in Node). */
export interface Socket {
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  readonly readyState: number;
  send(data: string): void;
  close(): void;
}

export class StreamManager implements Manager {
  readonly #connect: () => Socket;
  readonly #endpoint: EndpointInterface;
  #socket: Socket | undefined;
  /** Messages waiting for the socket to open. */
  readonly #queue: string[] = [];

  /**
   * @param connect opens the socket: `() => new WebSocket(url)`
   * @param endpoint the endpoint of one ticker (`{ symbol }`), whose readers are streamed
   */
  constructor(connect: () => Socket, endpoint: EndpointInterface) {
    this.#connect = connect;
    this.#endpoint = endpoint;
  }

  middleware: Middleware = (controller) => {
    const socket = (this.#socket = this.#connect());
    socket.addEventListener('open', () => {
      for (const message of this.#queue.splice(0)) socket.send(message);
    });
    socket.addEventListener('message', (event) => {
      const { symbol, price } = JSON.parse(String(event.data)) as { symbol: string; price: number };
      controller.set(Ticker, { symbol }, { symbol, price });
    });
    return (next) => (action) => {
      if (
        (action.type === 'rdc/subscribe' || action.type === 'rdc/unsubscribe') &&
        action.endpoint === this.#endpoint
      ) {
        const { symbol } = action.args[0] as { symbol: string };
        this.#send(JSON.stringify(action.type === 'rdc/subscribe' ? { subscribe: symbol } : { unsubscribe: symbol }));
      }
      return next(action);
    };
  };

  #send(message: string): void {
    // 1: open.
    if (this.#socket?.readyState === 1) this.#socket.send(message);
    else this.#queue.push(message);
  }

  cleanup(): void {
    this.#socket?.close();
  }
}
