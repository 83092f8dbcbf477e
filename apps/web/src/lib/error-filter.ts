/**
 * The parts of an error-reporting event the filter looks at; a structural
 * subset of Sentry's event so the filter stays pure and testable without it.
 */
export interface ReportableEvent {
  message?: string | undefined;
  exception?: { values?: { type?: string | undefined; value?: string | undefined }[] | undefined } | undefined;
  request?: { url?: string | undefined } | undefined;
}

interface StatusLike {
  status?: unknown;
  name?: unknown;
  message?: unknown;
}

const CSP = /content[- ]security[- ]policy|securitypolicyviolation|violates the following .*directive/i;
const NETWORK = /^network ?error$|failed to fetch|networkerror when attempting|^load failed$|err_network|err_internet_disconnected|network request failed/i;
const RESIZE_OBSERVER = /resizeobserver loop/i;
const HTTP_403 = /status code 403\b|\b403 forbidden\b/i;
const ABORTED = /request aborted|aborterror|the user aborted a request|the operation was aborted|signal is aborted|^canceled$|err_canceled/i;
const SOCIAL_HOST =
  /connect\.facebook\.net|facebook\.com\/(?:v[\d.]+\/)?(?:plugins|sdk)|platform\.twitter\.com|twitter\.com\/widgets|platform\.x\.com|platform\.linkedin\.com/i;
const LOAD_FAILURE = /fail|error|load|script/i;

const textsOf = (event: ReportableEvent, original: unknown): string[] => {
  const texts: string[] = [];
  if (event.message) texts.push(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.type) texts.push(value.type);
    if (value.value) texts.push(value.value);
    if (value.type && value.value) texts.push(`${value.type}: ${value.value}`);
  }
  if (original instanceof Error) {
    texts.push(original.name, original.message);
  } else if (typeof original === 'string') {
    texts.push(original);
  } else if (original && typeof original === 'object' && 'type' in original && typeof original.type === 'string') {
    // A DOM event (SecurityPolicyViolationEvent, a script's `error` event) handed over as the exception.
    texts.push(original.type);
  }
  return texts.filter((t) => t.length > 0);
};

const statusOf = (original: unknown): number | null => {
  if (!original || typeof original !== 'object') return null;
  const status = (original as StatusLike).status;
  if (typeof status === 'number') return status;
  const response = (original as { response?: { status?: unknown } }).response;
  return typeof response?.status === 'number' ? response.status : null;
};

const isSocialWidgetFailure = (texts: string[], event: ReportableEvent, original: unknown): boolean => {
  const target = original && typeof original === 'object' && 'target' in original ? (original as { target?: { src?: unknown } }).target : null;
  const src = typeof target?.src === 'string' ? target.src : '';
  const all = [...texts, event.request?.url ?? '', src];
  return all.some((t) => SOCIAL_HOST.test(t)) && all.some((t) => LOAD_FAILURE.test(t));
};

/**
 * Whether an error is worth reporting. Dropped: content-security-
 * policy violations (browser extensions cause most), network errors and
 * aborted requests (the user's connection, not our bug), ResizeObserver loop
 * notices (harmless browser noise), HTTP 403 (an expected answer the screen
 * already shows) and social widget scripts that failed to load (blockers).
 */
export const shouldReportError = (event: ReportableEvent, original?: unknown): boolean => {
  const texts = textsOf(event, original);
  if (statusOf(original) === 403) return false;
  if (texts.some((t) => CSP.test(t))) return false;
  if (texts.some((t) => RESIZE_OBSERVER.test(t))) return false;
  if (texts.some((t) => ABORTED.test(t))) return false;
  if (texts.some((t) => NETWORK.test(t))) return false;
  if (texts.some((t) => HTTP_403.test(t))) return false;
  if (isSocialWidgetFailure(texts, event, original)) return false;
  return true;
};
