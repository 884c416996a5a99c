import type { Clock } from '../app-context';
import type { Config } from '../config';
import type { PaymentGateway } from './payment-gateway';
import { createTestGateway } from './test-gateway';

/** The gateway the configuration asks for. Only the embedded test gateway exists so far; PayStack will be chosen here. */
export function createPaymentGateway(config: Pick<Config, 'linkSecret'>, clock: Clock): PaymentGateway {
  return createTestGateway({ clock, secret: config.linkSecret });
}
