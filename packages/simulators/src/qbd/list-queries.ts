import type { QbdCompany } from './company-store.js';
import type { IteratorRegistry } from './iterators.js';
import { parseQbdInstant } from './qbd-time.js';
import type { RequestOutcome } from './qbxml-status.js';
import { answerQuery, type QueryMatch } from './query-answer.js';
import { listRet } from './ret-builders.js';
import type { ListEntry, ListKind } from './types.js';
import { child, childText, childrenNamed, type XmlElement } from './xml-tree.js';

/** `AccountQueryRq`, `VendorQueryRq`, … : ListID* | FullName* | the filters (INTEGRATIONS.md §3.4). */
export function answerListQuery(company: QbdCompany, iterators: IteratorRegistry, kind: ListKind, request: XmlElement): RequestOutcome {
  const byId = new Map(company.lists(kind).map((entry) => [entry.listId, entry]));
  return answerQuery(
    request,
    iterators,
    () => matchList(company, kind, request),
    (id) => {
      const entry = byId.get(id) ?? company.findList(kind, { listId: id });
      return entry ? listRet(entry) : undefined;
    },
  );
}

function matchList(company: QbdCompany, kind: ListKind, request: XmlElement): QueryMatch {
  const listIds = childrenNamed(request, 'ListID').map((each) => each.text);
  const fullNames = childrenNamed(request, 'FullName').map((each) => each.text);
  if (listIds.length > 0 || fullNames.length > 0) {
    const found: ListEntry[] = [];
    const missingIds: string[] = [];
    for (const [key, value] of [...listIds.map((id) => ['listId', id] as const), ...fullNames.map((name) => ['fullName', name] as const)]) {
      const entry = company.findList(kind, { [key]: value });
      if (entry) found.push(entry);
      else missingIds.push(value);
    }
    return { ids: found.map((entry) => entry.listId), missingIds };
  }
  const active = childText(request, 'ActiveStatus') ?? 'ActiveOnly';
  const from = childText(request, 'FromModifiedDate');
  const to = childText(request, 'ToModifiedDate');
  const accountType = childText(request, 'AccountType');
  const nameFilter = child(request, 'NameFilter');
  const matches = company
    .lists(kind)
    .filter(
      (entry) =>
        (active === 'All' || entry.isActive === (active === 'ActiveOnly')) &&
        (from === undefined || entry.timeModified >= parseQbdInstant(from)) &&
        (to === undefined || entry.timeModified <= parseQbdInstant(to, true)) &&
        (accountType === undefined || entry.accountType === accountType) &&
        (nameFilter === undefined || nameMatches(entry.fullName, nameFilter)),
    );
  return { ids: matches.map((entry) => entry.listId), missingIds: [] };
}

function nameMatches(fullName: string, filter: XmlElement): boolean {
  const name = (childText(filter, 'Name') ?? '').toLowerCase();
  const value = fullName.toLowerCase();
  switch (childText(filter, 'MatchCriterion')) {
    case 'StartsWith':
      return value.startsWith(name);
    case 'EndsWith':
      return value.endsWith(name);
    default:
      return value.includes(name);
  }
}
