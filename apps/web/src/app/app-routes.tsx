import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { routes } from '../lib/routes';
import { LoadingScreen } from '../ui/loading-screen';
import { RouteErrorBoundary } from '../ui/route-error-boundary';
import {
  ACCOUNTANT_TYPES,
  CLIENT_TYPES,
  DashboardRedirect,
  FreeTrialAlias,
  RequireAccountType,
  RequireFeature,
  RequireSignedIn,
  RequireSignedOut,
  RootRedirect,
  SettingsRedirect,
} from './guards';
import { ScrollToTop } from './scroll-to-top';
import { themedPage } from './themed-page';

// Each screen is its own chunk; the first paint loads only the shell, which holds no antd.
// The signed-in shell (menu, header, user menu, antd's theme) loads after sign-in, not with the sign-in page;
// screens outside it that are drawn with antd bring antd's theme along (themedPage).
const AppLayout = lazyPage(() => import('./layout/app-layout').then((m) => m.AppLayout));
// The sign-in and Xero sign-in pages are drawn without antd (the budget: docs/architecture.md, "Web app: what the first load carries").
const AuthPage = lazyPage(() => import('../features/auth/pages/auth-page').then((m) => m.AuthPage));
const FreeTrialPage = themedPage(() => import('../features/auth/pages/free-trial-page').then((m) => m.FreeTrialPage));
const XeroSignInPage = lazyPage(() => import('../features/auth/pages/xero-page').then((m) => m.XeroSignInPage));
const AccountantDashboardPage = lazyPage(() => import('../features/dashboard/pages/accountant-dashboard-page').then((m) => m.AccountantDashboardPage));
const ClientDashboardPage = lazyPage(() => import('../features/dashboard/pages/client-dashboard-page').then((m) => m.ClientDashboardPage));
const AnalyticsPage = lazyPage(() => import('../features/analytics/pages/analytics-page').then((m) => m.AnalyticsPage));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage));
const BillingSettingsPage = lazyPage(() => import('../features/settings/pages/settings-page').then((m) => m.BillingSettingsPage));
// The firm admin's Billing tab of settings.
const BillingTab = lazyPage(() => import('../features/billing/components/billing-tab').then((m) => m.BillingTab));
const ClientSettingsPage = lazyPage(() => import('../features/clients/pages/client-settings-page').then((m) => m.ClientSettingsPage));
const ClientsPage = lazyPage(() => import('../features/clients/pages/clients-page').then((m) => m.ClientsPage));
// Where one Xero consent that granted several organisations comes back to.
const XeroSelectClientPage = lazyPage(() => import('../features/xero/pages/select-client-page').then((m) => m.XeroSelectClientPage));
const AsClientPage = lazyPage(() => import('../features/dashboard/pages/as-client-page').then((m) => m.AsClientPage));
const ClientCompanyPage = lazyPage(() => import('../features/dashboard/pages/client-company-page').then((m) => m.ClientCompanyPage));
const AccountantTransactionsPage = lazyPage(() => import('../features/transactions/pages/accountant-transactions-page').then((m) => m.AccountantTransactionsPage));
const AccountantReceiptsPage = lazyPage(() => import('../features/receipts/accountant/accountant-receipts-page').then((m) => m.AccountantReceiptsPage));
// The accountant's per-client tabs, shown on the receipts tab too.
const AccountantTabs = lazyPage(() => import('../features/transactions/components/accountant-tabs').then((m) => m.AccountantTabs));
const ReceiptsArchivePage = lazyPage(() => import('../features/receipts/accountant/receipts-archive-page').then((m) => m.ReceiptsArchivePage));
const ReceiptsInboxPage = lazyPage(() => import('../features/receipts/accountant/receipts-inbox-page').then((m) => m.ReceiptsInboxPage));
// The accountant's requests of one client: the tab, the completed and hidden lists, the schedules.
const AccountantDocumentsPage = lazyPage(() => import('../features/documents/pages/accountant-documents-page').then((m) => m.AccountantDocumentsPage));
const ClientDocumentsPage = lazyPage(() => import('../features/documents/pages/client-documents-page').then((m) => m.ClientDocumentsPage));
const AccountantRequestsPage = lazyPage(() => import('../features/requests/accountant/accountant-requests-page').then((m) => m.AccountantRequestsPage));
const RequestsArchivePage = lazyPage(() => import('../features/requests/accountant/requests-archive-page').then((m) => m.RequestsArchivePage));
const ScheduledRequestsPage = lazyPage(() => import('../features/requests/accountant/scheduled-requests-page').then((m) => m.ScheduledRequestsPage));
const ReviewPage = lazyPage(() => import('../features/transactions/pages/accountant-review-page').then((m) => m.ReviewPage));
const AccountantRulesPage = lazyPage(() => import('../features/transactions/pages/accountant-rules-page').then((m) => m.AccountantRulesPage));
const ClientCompletedPage = lazyPage(() => import('../features/transactions/pages/client-completed-page').then((m) => m.ClientCompletedPage));
// The client's transactions, shown inside the company dashboard (and the accountant's view of it).
const TransactionInbox = lazyPage(() => import('../features/transactions/components/transaction-inbox').then((m) => m.TransactionInbox));
// The client's receipts: on the company page, their completed and hidden lists, and their address in settings.
const ClientReceiptsSection = lazyPage(() => import('../features/receipts/client/client-receipts-section').then((m) => m.ClientReceiptsSection));
const ClientReceiptsListPage = lazyPage(() => import('../features/receipts/client/client-receipts-list-page').then((m) => m.ClientReceiptsListPage));
const RequestTemplatesTab = lazyPage(() => import('../features/requests/templates/request-templates-tab').then((m) => m.RequestTemplatesTab));
const KarbonTab = lazyPage(() => import('../features/karbon/karbon-tab').then((m) => m.KarbonTab));
// The firm's account in the sandbox Karbon, opened from the Integrations tab.
const KarbonSandboxPage = lazyPage(() => import('../features/karbon/pages/karbon-sandbox-page').then((m) => m.KarbonSandboxPage));
const ReceiptAddressCard = lazyPage(() => import('../features/receipts/client/receipt-address-card').then((m) => m.ReceiptAddressCard));
// The client's requests: on the company page, and their completed and scheduled lists.
const ClientRequestsSection = lazyPage(() => import('../features/requests/client/client-requests-section').then((m) => m.ClientRequestsSection));
const ClientRequestsCompletedPage = lazyPage(() => import('../features/requests/client/client-requests-list-page').then((m) => m.ClientRequestsCompletedPage));
const ClientScheduledRequestsPage = lazyPage(() => import('../features/requests/client/client-scheduled-requests-page').then((m) => m.ClientScheduledRequestsPage));
const VersionPage = themedPage(() => import('../features/system/pages/version-page').then((m) => m.VersionPage));
const ForbiddenPage = themedPage(() => import('../features/system/pages/forbidden-page').then((m) => m.ForbiddenPage));
const UnsubscribePage = themedPage(() => import('../features/settings/pages/unsubscribe-page').then((m) => m.UnsubscribePage));
const DownPage = themedPage(() => import('../features/system/pages/down-page').then((m) => m.DownPage));
const NotFoundPage = themedPage(() => import('../features/system/pages/not-found-page').then((m) => m.NotFoundPage));

const { accountant: a, client: c, settings: s } = routes;

/** Every screen, with the guards of who may see what. */
export const AppRoutes = () => {
  const location = useLocation();
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route path={routes.version} element={<VersionPage />} />
            <Route path={routes.unsubscribe} element={<UnsubscribePage />} />
            <Route path={routes.forbidden} element={<ForbiddenPage />} />
            <Route path={routes.down} element={<DownPage />} />
            <Route path={routes.root} element={<RootRedirect />} />
            <Route path={routes.freeTrialAlias} element={<FreeTrialAlias />} />

            <Route element={<RequireSignedOut />}>
              <Route path={routes.auth} element={<AuthPage />} />
              <Route path={routes.freeTrial} element={<FreeTrialPage />} />
              <Route path={routes.xero} element={<XeroSignInPage />} />
            </Route>

            <Route element={<RequireSignedIn />}>
              <Route element={<AppLayout />}>
                <Route path={routes.dashboard} element={<DashboardRedirect />} />
                <Route element={<RequireAccountType types={ACCOUNTANT_TYPES} />}>
                  <Route path={a.dashboard} element={<AccountantDashboardPage />} />
                  <Route path={a.clients} element={<ClientsPage />} />
                  <Route path={a.xeroSelectClient} element={<XeroSelectClientPage />} />
                  <Route path={a.karbonSandbox} element={<KarbonSandboxPage />} />
                  <Route path={a.asClient} element={<AsClientPage inbox={TransactionInbox} receipts={ClientReceiptsSection} requests={ClientRequestsSection} />} />
                  <Route path={a.active} element={<AccountantTransactionsPage kind="active" />} />
                  <Route path={a.categorized} element={<AccountantTransactionsPage kind="categorized" />} />
                  <Route path={a.hidden} element={<AccountantTransactionsPage kind="hidden" />} />
                  <Route path={a.rules} element={<AccountantRulesPage />} />
                  <Route path={a.review} element={<ReviewPage />} />
                  <Route path={a.documents} element={<AccountantDocumentsPage tabs={AccountantTabs} />} />
                  <Route path={a.requests} element={<AccountantRequestsPage tabs={AccountantTabs} />} />
                  <Route path={a.requestsCompleted} element={<RequestsArchivePage kind="completed" />} />
                  <Route path={a.requestsScheduled} element={<ScheduledRequestsPage />} />
                  <Route path={a.requestsHidden} element={<RequestsArchivePage kind="hidden" />} />
                  <Route path={a.receipts} element={<AccountantReceiptsPage tabs={AccountantTabs} />} />
                  <Route path={a.receiptsCompleted} element={<ReceiptsArchivePage kind="completed" />} />
                  <Route path={a.receiptsHidden} element={<ReceiptsArchivePage kind="hidden" />} />
                  <Route path={a.receiptsInbox} element={<ReceiptsInboxPage />} />
                  <Route path={s.accountantClient} element={<ClientSettingsPage />} />
                  {/* Firm admins only (the page answers not-found to anyone else); Stripe Checkout returns here. */}
                  <Route path={s.accountantBilling} element={<BillingSettingsPage billingTab={BillingTab} />} />
                </Route>
                <Route element={<RequireAccountType types={CLIENT_TYPES} />}>
                  <Route path={c.dashboard} element={<ClientDashboardPage />} />
                  <Route path={c.company} element={<ClientCompanyPage inbox={TransactionInbox} receipts={ClientReceiptsSection} requests={ClientRequestsSection} />} />
                  <Route path={c.commsCompleted} element={<ClientRequestsCompletedPage />} />
                  <Route path={c.commsScheduled} element={<ClientScheduledRequestsPage />} />
                  <Route path={c.receiptsCompleted} element={<ClientReceiptsListPage list="completed" />} />
                  <Route path={c.receiptsHidden} element={<ClientReceiptsListPage list="hidden" />} />
                  <Route path={c.transactionsCompleted} element={<ClientCompletedPage />} />
                  <Route path={c.documents} element={<ClientDocumentsPage />} />
                </Route>

                {/* Without the flag the page does not exist for anyone; with it, it is the firm's (a client goes to /403). */}
                <Route element={<RequireFeature flag="FEATURE_TRANSACTION_ANALYTICS" />}>
                  <Route element={<RequireAccountType types={ACCOUNTANT_TYPES} />}>
                    <Route path={routes.analytics} element={<AnalyticsPage />} />
                  </Route>
                </Route>

                <Route path={s.root} element={<SettingsRedirect />} />
                <Route element={<RequireAccountType types={['ACCOUNTANT']} />}>
                  <Route
                    path={s.accountant}
                    element={<SettingsPage section="accountant" billingTab={BillingTab} requestTemplatesTab={RequestTemplatesTab} integrationsTab={KarbonTab} />}
                  />
                </Route>
                <Route element={<RequireAccountType types={['ACCOUNTANT_COWORKER']} />}>
                  <Route
                    path={s.accountantCoworker}
                    element={<SettingsPage section="accountant-coworker" billingTab={BillingTab} requestTemplatesTab={RequestTemplatesTab} integrationsTab={KarbonTab} />}
                  />
                </Route>
                <Route element={<RequireAccountType types={['CLIENT']} />}>
                  <Route path={s.client} element={<SettingsPage section="client" receiptsTab={ReceiptAddressCard} />} />
                </Route>
                <Route element={<RequireAccountType types={['CLIENT_COWORKER']} />}>
                  <Route path={s.clientCoworker} element={<SettingsPage section="client-coworker" receiptsTab={ReceiptAddressCard} />} />
                </Route>
              </Route>
            </Route>

            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
};
