// The official Stripe SDK for the payment functions. In production it talks to api.stripe.com; the
// local platform points it at its Stripe stand-in with STRIPE_API_HOST / _PORT / _PROTOCOL, so the
// same code runs in both places. Deno has no Node http: the SDK's fetch client and SubtleCrypto.
import Stripe from 'npm:stripe@23.1.0';
import { env } from './clients.ts';

export { Stripe };

export function stripeClient(): Stripe {
  return new Stripe(env('STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    host: Deno.env.get('STRIPE_API_HOST') || undefined,
    port: Deno.env.get('STRIPE_API_PORT') || undefined,
    protocol: Deno.env.get('STRIPE_API_PROTOCOL') === 'http' ? 'http' : 'https',
    timeout: 10_000,
    // retried POSTs carry the same idempotency key, so Stripe applies them once
    maxNetworkRetries: 2,
    telemetry: false,
  });
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
