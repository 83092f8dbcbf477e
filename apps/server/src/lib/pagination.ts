/**
 * `next` / `previous` links of a paginated list: the request's own URL with
 * another page number. `hasMore` says there is a next page whatever the
 * count says (a capped count).
 */
export const pageLinks = (url: string, page: number, pageSize: number, count: number, hasMore = false) => {
  const link = (target: number) => {
    const u = new URL(url, 'http://internal');
    u.searchParams.set('page', String(target));
    return `${u.pathname}${u.search}`;
  };
  return {
    next: page * pageSize < count || hasMore ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
};
