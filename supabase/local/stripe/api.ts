// The Stripe API endpoints the project's functions call, with Stripe's paths, form-encoded bodies,
// JSON shapes and error objects:
//   POST /v1/checkout/sessions              mode=payment, one line item with price_data, expires_at
//                                           between 30 minutes and 24 hours from now
//   GET  /v1/checkout/sessions/:id
//   POST /v1/checkout/sessions/:id/expire
//   POST /v1/refunds                        payment_intent, amount (default: what is left), reason
//   GET  /v1/refunds?charge=…|payment_intent=…  a list (newest first), as Stripe's, at most `limit` (10, ≤ 100)
//   GET  /v1/refunds/:id · /v1/payment_intents/:id · /v1/charges/:id · /v1/events/:id
// Every request needs `Authorization: Bearer <secret key>`. A POST with an Idempotency-Key answers
// a repeat with the first answer (`Idempotent-Replayed: true`), and a repeat with other parameters
// with an idempotency_error, as Stripe does for 24 hours.
import { metadata, parseForm, text, type FormObject } from './form';
import { nowSeconds, stripeId, type ErrorBody, type Session } from './objects';
import type { StripeState } from './state';

export interface ApiRequest {
  method: string;
  path: string;
  /** the query string (without `?`), form-encoded as Stripe's GET parameters */
  query?: string;
  body: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface ApiReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const error = (
  status: number,
  type: ErrorBody['error']['type'],
  message: string,
  extra: Partial<ErrorBody['error']> = {},
): ApiReply => ({
  status,
  body: { error: { type, message, ...extra } } satisfies ErrorBody,
});

const missing = (kind: string, id: string) =>
  error(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

const LOCALES = new Set(['auto', 'en', 'it', 'fr', 'de', 'es', 'nl', 'pt']);

export function createApi(state: StripeState, options: { secretKey: string; checkoutUrl: (id: string) => string }) {
  const idempotent = new Map<string, { body: string; reply: ApiReply; at: number }>();

  function createSession(form: FormObject): ApiReply {
    if (text(form, 'mode') !== 'payment') {
      return error(400, 'invalid_request_error', 'The stand-in serves `mode=payment` only.', { param: 'mode' });
    }
    const successUrl = text(form, 'success_url');
    if (!successUrl || !/^https?:\/\//.test(successUrl)) {
      return error(400, 'invalid_request_error', 'Not a valid URL', { param: 'success_url', code: 'url_invalid' });
    }
    const item = (i: number, ...path: string[]) => text(form, 'line_items', i, ...path);
    if (item(1, 'quantity') !== undefined) {
      return error(400, 'invalid_request_error', 'The stand-in serves one line item.', { param: 'line_items[1]' });
    }
    const amount = Number(item(0, 'price_data', 'unit_amount'));
    const quantity = Number(item(0, 'quantity') ?? '1');
    const currency = item(0, 'price_data', 'currency')?.toLowerCase();
    if (!Number.isInteger(amount) || amount < 50 || !Number.isInteger(quantity) || quantity < 1) {
      return error(
        400,
        'invalid_request_error',
        "The Checkout Session's total amount due must add up to at least €0.50 eur",
        {
          param: 'line_items[0][price_data][unit_amount]',
          code: 'amount_too_small',
        },
      );
    }
    if (!currency || !/^[a-z]{3}$/.test(currency)) {
      return error(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][currency].', {
        param: 'line_items[0][price_data][currency]',
        code: 'parameter_missing',
      });
    }
    const now = nowSeconds();
    const expiresAt = Number(text(form, 'expires_at') ?? now + 24 * 3600);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
      return error(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be less than 24 hours and at least 30 minutes from Checkout Session creation.',
        { param: 'expires_at' },
      );
    }
    const locale = text(form, 'locale') ?? null;
    if (locale !== null && !LOCALES.has(locale)) {
      return error(400, 'invalid_request_error', `Invalid locale: ${locale}`, { param: 'locale' });
    }
    const id = stripeId('cs_test');
    const session: Session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      cancel_url: text(form, 'cancel_url') ?? null,
      client_reference_id: text(form, 'client_reference_id') ?? null,
      created: now,
      currency,
      customer_email: text(form, 'customer_email') ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: locale as Session['locale'],
      metadata: metadata(form),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: options.checkoutUrl(id),
    };
    state.sessions.set(id, {
      session,
      productName: item(0, 'price_data', 'product_data', 'name') ?? 'Payment',
      intentMetadata: metadata((form.payment_intent_data as FormObject) ?? {}),
    });
    return { status: 200, body: session };
  }

  function createRefund(form: FormObject): ApiReply {
    const intentId = text(form, 'payment_intent') ?? '';
    const intent = state.intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    const charge = state.charges.get(intent.latest_charge)!;
    const left = charge.amount - charge.amount_refunded;
    const amount = text(form, 'amount') === undefined ? left : Number(text(form, 'amount'));
    if (left <= 0) {
      return error(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return error(
        400,
        'invalid_request_error',
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        { param: 'amount', code: 'amount_too_large' },
      );
    }
    const reason = text(form, 'reason') ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      return error(
        400,
        'invalid_request_error',
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
        {
          param: 'reason',
        },
      );
    }
    return { status: 200, body: state.refund(charge, amount, reason as 'duplicate' | null, metadata(form)) };
  }

  function listRefunds(query: FormObject): ApiReply {
    const charge = text(query, 'charge');
    const intent = text(query, 'payment_intent');
    const limit = Number(text(query, 'limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return error(400, 'invalid_request_error', 'This value must be between 1 and 100.', { param: 'limit' });
    }
    const all = [...state.refunds.values()]
      .filter((refund) => (!charge || refund.charge === charge) && (!intent || refund.payment_intent === intent))
      .reverse();
    return {
      status: 200,
      body: { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/refunds' },
    };
  }

  function route(request: ApiRequest, form: FormObject): ApiReply {
    const { method, path } = request;
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return state.sessions.get(match[1])
        ? { status: 200, body: state.sessions.get(match[1])!.session }
        : missing('checkout.session', match[1]);
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const entry = state.sessions.get(match[1]);
      if (!entry) return missing('checkout.session', match[1]);
      if (entry.session.status !== 'open') {
        return error(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${entry.session.status}".`,
        );
      }
      state.expire(entry.session);
      return { status: 200, body: entry.session };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(parseForm(request.query ?? ''));
    if (method === 'GET' && (match = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      return state.refunds.get(match[1])
        ? { status: 200, body: state.refunds.get(match[1]) }
        : missing('refund', match[1]);
    }
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      return state.intents.get(match[1])
        ? { status: 200, body: state.intents.get(match[1]) }
        : missing('payment_intent', match[1]);
    }
    if (method === 'GET' && (match = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
      return state.charges.get(match[1])
        ? { status: 200, body: state.charges.get(match[1]) }
        : missing('charge', match[1]);
    }
    if (method === 'GET' && (match = /^\/v1\/events\/([^/]+)$/.exec(path))) {
      return state.events.get(match[1])
        ? { status: 200, body: state.events.get(match[1]) }
        : missing('event', match[1]);
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  return function handle(request: ApiRequest): ApiReply {
    const key = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1];
    if (!key) {
      return error(
        401,
        'invalid_request_error',
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    }
    if (key !== options.secretKey) {
      return error(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`);
    }
    const form = parseForm(request.body);
    const idemKey = request.method === 'POST' ? request.idempotencyKey : undefined;
    if (idemKey) {
      const earlier = idempotent.get(`${request.path} ${idemKey}`);
      if (earlier && Date.now() - earlier.at < 24 * 3600_000) {
        if (earlier.body !== request.body) {
          return error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          );
        }
        return { ...earlier.reply, headers: { 'idempotent-replayed': 'true', 'idempotency-key': idemKey } };
      }
    }
    const reply = route(request, form);
    if (idemKey && reply.status < 500) {
      idempotent.set(`${request.path} ${idemKey}`, { body: request.body, reply, at: Date.now() });
    }
    return { ...reply, headers: { 'request-id': stripeId('req'), ...(idemKey ? { 'idempotency-key': idemKey } : {}) } };
  };
}
