import type { DeliveryStore } from '../../services/data/delivery-store';
import type { Clock } from '../../services/platform/clock';

/** What Scenarios uses of the core: the received deliveries and the time. */
export interface ScenariosDeps {
  readonly data: { readonly deliveries: DeliveryStore };
  readonly runtime: { readonly clock: Clock };
}
