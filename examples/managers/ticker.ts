/**
 * A price ticker: one `Ticker` row per symbol, fetched once over REST and then kept up
 * to date by the prices a websocket pushes (see StreamManager.ts).
 */
import { Entity, RestEndpoint } from 'signal-cache';

export class Ticker extends Entity {
  symbol = '';
  price = 0;
  override pk() {
    return this.symbol;
  }
  static override key = 'Ticker';
}

/** The endpoints of an API at `url`: `GET /tickers` and `GET /tickers/:symbol`. */
export function tickerApi(url: string) {
  return {
    getTickers: new RestEndpoint({ urlPrefix: url, path: '/tickers', schema: [Ticker] }),
    getTicker: new RestEndpoint({ urlPrefix: url, path: '/tickers/:symbol', schema: Ticker }),
  };
}
