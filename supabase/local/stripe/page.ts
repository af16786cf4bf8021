// The stand-in's hosted checkout page (what checkout.stripe.com shows): the amount, the e-mail,
// a card form that behaves with Stripe's test cards, an authentication step, a way back.
//   4242 4242 4242 4242  pays
//   4000 0000 0000 0002  declined (card_declined / generic_decline)
//   4000 0025 0000 3155  asks for authentication first, pays once approved
// Other numbers are refused as Stripe's test mode refuses real cards.
import type { SessionEntry } from './state';

export type CardOutcome = 'pay' | 'decline' | 'authenticate' | 'invalid';

export function cardOutcome(number: string): CardOutcome {
  const digits = number.replace(/\D/g, '');
  if (digits === '4242424242424242') return 'pay';
  if (digits === '4000000000000002') return 'decline';
  if (digits === '4000002500003155') return 'authenticate';
  return 'invalid';
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function money(cents: number, currency: string, locale: string | null) {
  return new Intl.NumberFormat(locale && locale !== 'auto' ? locale : 'en', { style: 'currency', currency }).format(
    cents / 100,
  );
}

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 8px #0002}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #ccd;border-radius:6px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:1rem;cursor:pointer}
.secondary{background:#e3e8ee;color:#1a1f36}.error{color:#c0123c}.test{background:#ffde92;padding:.25rem .5rem;border-radius:4px;font-size:.8rem}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(entry: SessionEntry, message?: string): string {
  const { session } = entry;
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}" id="back">← Back</a></p>` : '';
  const header = `${back}<p><span class="test">TEST MODE</span> Local Stripe stand-in</p>
<h1>${escape(entry.productName)}</h1>
<p class="amount" id="amount">${escape(money(session.amount_total ?? 0, session.currency ?? 'eur', session.locale))}</p>`;
  if (session.status === 'expired') {
    return layout('Checkout expired', `${header}<p class="error" role="alert">This checkout session has expired.</p>`);
  }
  if (session.status === 'complete') {
    return layout('Paid', `${header}<p role="status">This payment is complete.</p>`);
  }
  if (entry.awaitingAuthentication) {
    return layout(
      'Authenticate',
      `${header}<h2>Complete authentication</h2>
<p>This is a test 3D Secure page. Your bank asks you to confirm this payment.</p>
<form method="post" action="/checkout/pay/${escape(session.id)}/authenticate">
<button name="action" value="approve" id="approve">Complete authentication</button>
<button name="action" value="fail" class="secondary" id="fail">Fail authentication</button>
</form>`,
    );
  }
  return layout(
    'Pay',
    `${header}
${message ? `<p class="error" role="alert" id="card-error">${escape(message)}</p>` : ''}
<form method="post" action="/checkout/pay/${escape(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escape(session.customer_email ?? '')}" ${session.customer_email ? 'readonly' : ''} required>
<label for="cardNumber">Card information</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="cardExpiry">Expiry</label><input id="cardExpiry" name="cardExpiry" placeholder="MM / YY" required>
<label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" placeholder="CVC" required>
<label for="billingName">Cardholder name</label><input id="billingName" name="billingName" autocomplete="cc-name" required>
<button type="submit" id="submit">Pay</button>
</form>`,
  );
}
