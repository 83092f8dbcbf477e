import type { FastifyInstance, FastifyRequest } from 'fastify';
import { completeCheckout, getCheckoutSession } from './checkout.js';
import { parseStripeForm } from './form.js';
import { checkoutPage, invoiceName, invoicePage, invoicePdf } from './pages.js';
import type { StripeState } from './state.js';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Whether the browser of this request may see a page of the owner with these metadata. */
export type OwnerCheck = (request: FastifyRequest, metadata: Readonly<Record<string, string>>) => Promise<boolean>;

/** What a browser sees: the hosted Checkout page and invoices (Stripe's checkout.stripe.com and invoice hosts). */
export const hostedRoutes =
  (state: StripeState, mayView: OwnerCheck = async () => true) =>
  async (app: FastifyInstance) => {
    // Someone else's page is answered as one that does not exist.
    const sessionFor = async (request: FastifyRequest) => {
      const session = state.checkoutSessions.get(idOf(request));
      return session && (await mayView(request, session.metadata)) ? session : null;
    };
    const invoiceFor = async (request: FastifyRequest) => {
      const invoice = state.invoices.get(idOf(request));
      return invoice && (await mayView(request, state.customers.get(invoice.customer)?.metadata ?? {})) ? invoice : null;
    };
    const render = (sessionId: string, error?: string) => {
      const session = getCheckoutSession(state, sessionId);
      const details = state.checkoutDetails.get(session.id);
      const price = details?.priceId ? (state.prices.get(details.priceId) ?? null) : null;
      return checkoutPage({ session, price, quantity: details?.quantity ?? 1, baseUrl: state.publicUrl, error });
    };
    app.get('/pay/:id', async (request, reply) => {
      if (!(await sessionFor(request))) return reply.status(404).type('text/plain').send('This checkout session does not exist.');
      return reply.type('text/html; charset=utf-8').send(render(idOf(request)));
    });
    app.post('/pay/:id', async (request, reply) => {
      if (!(await sessionFor(request))) return reply.status(404).type('text/plain').send('This checkout session does not exist.');
      const cardNumber = typeof request.body === 'string' ? (parseStripeForm(request.body).card_number ?? '') : '';
      const outcome = completeCheckout(state, idOf(request), typeof cardNumber === 'string' ? cardNumber : '');
      if (outcome.ok) return reply.redirect(outcome.redirectTo, 303);
      return reply
        .status(402)
        .type('text/html; charset=utf-8')
        .send(render(idOf(request), outcome.message));
    });
    app.get('/pay/:id/cancel', async (request, reply) => {
      const session = await sessionFor(request);
      if (!session?.cancel_url) return reply.status(404).type('text/plain').send('Nothing to go back to.');
      return reply.redirect(session.cancel_url, 303);
    });
    app.get('/invoices/:id', async (request, reply) => {
      const invoice = await invoiceFor(request);
      if (!invoice) return reply.status(404).type('text/plain').send('Not found');
      return reply.type('text/html; charset=utf-8').send(invoicePage(invoice));
    });
    app.get('/invoices/:id/pdf', async (request, reply) => {
      const invoice = await invoiceFor(request);
      if (!invoice) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoiceName(invoice)}.pdf"`)
        .send(invoicePdf(invoice));
    });
  };
