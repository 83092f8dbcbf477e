import type { CheckoutSession, Invoice, Price } from './types.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

export const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;margin:0;padding:24px 16px;color:#1a1f36}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;background:#ffde92;color:#5c3b00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
label{display:block;margin:16px 0 4px;font-size:14px}
input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #c0c8d2;border-radius:6px}
button{margin-top:20px;width:100%;font-size:16px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
.error{color:#b3093c;margin-top:12px}.muted{color:#697386;font-size:13px}a{color:#635bff}
</style></head><body><main>${body}</main></body></html>`;

export interface CheckoutPageInput {
  session: CheckoutSession;
  price: Price | null;
  quantity: number;
  baseUrl: string;
  error?: string;
}

/** The hosted Checkout page: a card field that takes Stripe's test cards, clearly marked as a sandbox. */
export const checkoutPage = ({ session, price, quantity, baseUrl, error }: CheckoutPageInput): string => {
  const what =
    session.mode === 'subscription' && price
      ? `<p>${escapeHtml(price.nickname ?? 'Subscription')}: ${String(quantity)} × ${money(price.unit_amount, price.currency)} per month</p>
         <p><strong>Total due today: ${money(price.unit_amount * quantity, price.currency)}</strong></p>`
      : '<p>Save a card for future payments. Nothing is charged now.</p>';
  const form =
    session.status === 'open'
      ? `<form method="post" action="${baseUrl}/pay/${session.id}">
      <label for="card_number">Card number</label>
      <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
      ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
      <button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Save card'}</button>
    </form>
    ${session.cancel_url ? `<p class="muted"><a href="${baseUrl}/pay/${session.id}/cancel">Cancel and go back</a></p>` : ''}`
      : '<p>This checkout session is no longer open.</p>';
  return layout(
    'Sandbox Checkout',
    `<span class="badge">Sandbox</span><h1>Sandbox Checkout</h1>${what}${form}
    <p class="muted">No real card is charged. Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is declined when charged
    (a card saved with it fails at renewal); 4000 0000 0000 0002 is always declined.</p>`,
  );
};

/** An invoice's name: its number, which a draft does not have yet. */
export const invoiceName = (invoice: Invoice): string => invoice.number ?? invoice.id;

export const invoicePage = (invoice: Invoice): string =>
  layout(
    `Invoice ${invoiceName(invoice)}`,
    `<span class="badge">Sandbox</span><h1>Invoice ${escapeHtml(invoiceName(invoice))}</h1>
    <p>Status: ${escapeHtml(invoice.status ?? 'draft')}</p><p>Amount: ${money(invoice.amount_due, invoice.currency)}</p>
    <p>Period: ${new Date(invoice.period_start * 1000).toISOString().slice(0, 10)} to ${new Date(invoice.period_end * 1000).toISOString().slice(0, 10)}</p>`,
  );

/** A one-page PDF naming the invoice, so "Download PDF" links open something real. */
export const invoicePdf = (invoice: Invoice): Buffer => {
  const text = `Sandbox invoice ${invoiceName(invoice)} - ${money(invoice.amount_due, invoice.currency)} - ${invoice.status ?? 'draft'}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 50 750 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${String(i + 1)} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};
