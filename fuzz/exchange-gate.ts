/**
 * A property is judged run by run: each run has its own verdict, so fast-check can tell a failing case
 * from a passing one and shrink. The test's own verdict (the conformance fixture, listening to the
 * client for the whole test) must then not hear those runs, or every non-minimal case would end up in
 * the report. The gate hands the fixtures a view of the one client whose listeners can be muted
 * while a property runs; the runner listens to the client itself.
 */
import type { ApiClient } from '../src/client/api-client.ts';
import type { Exchange } from '../src/client/exchange.ts';

const gateOfView = new WeakMap<object, ExchangeGate>();

export class ExchangeGate {
  private muted = false;

  /** The gate a view came from (the fixtures pass the view around as the worker's `api`). */
  static of(view: ApiClient): ExchangeGate {
    const gate = gateOfView.get(view);
    if (!gate) throw new Error('This client is not a gated view: use the `api` of fuzz/fixtures.ts.');
    return gate;
  }

  constructor(
    /** The worker's one client (pacing, journal and request log stay its own). */
    readonly client: ApiClient,
  ) {}

  /** The client as fixtures and tests see it: the same client, but what listens through it is muted inside `muteWhile`. */
  view(): ApiClient {
    const view = new Proxy(this.client, {
      get: (target, property) => {
        if (property === 'listen') {
          return (listener: (exchange: Exchange) => void) => target.listen((exchange) => {
            if (!this.muted) listener(exchange);
          });
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    gateOfView.set(view, this);
    return view;
  }

  /** Runs `work` with the view's listeners muted. */
  async muteWhile<T>(work: () => Promise<T>): Promise<T> {
    this.muted = true;
    try {
      return await work();
    } finally {
      this.muted = false;
    }
  }
}
