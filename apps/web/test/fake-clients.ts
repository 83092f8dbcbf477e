import { clientCompanyEndpoints, type ClientCompany, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, paginated, type FakeRequest } from './fake-api';

/** Fixtures of the clients screens' tests. */
export const bakery = makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC', client_users_count: 2 });
export const dental = makeClientCompany({
  pk: 8,
  name: 'Harbor Dental',
  connection_kind: 'GENERIC',
  connection_state: 'DISCONNECTED',
  client_users_count: 0,
  assigned_members: [{ pk: 3, name: 'Jordan Lee', email: 'jordan@example.com' }],
});

/** The list endpoint over `companies`, filtered by `search` like the server; remembers when each call came. */
export const fakeClients = (companies: ClientCompany[], profile = makeProfile()) => {
  const times: { search: unknown; at: number }[] = [];
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientCompanyEndpoints.list, {}, (request: FakeRequest) => {
      const search = typeof request.params.search === 'string' ? request.params.search.toLowerCase() : '';
      times.push({ search: request.params.search, at: performance.now() });
      const hits = companies.filter((c) => c.name.toLowerCase().includes(search));
      return { status: 200, data: paginated(hits) };
    })
    .install();
  return { fake, times };
};
