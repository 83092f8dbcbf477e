/** A signed-in session as the web app holds it: the cookies to send and the CSRF token for writes. */
export interface BenchSession {
  cookie: string;
  csrf: string;
}

const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * Signs in through the API the way the web app does: a first GET hands out a CSRF cookie, the
 * login sends it back, and the login's answer hands out the session's own CSRF cookie (the token is
 * tied to the session), which every write after it must carry.
 */
export const signInAs = async (base: string, email: string, password: string): Promise<BenchSession> => {
  const first = await fetch(`${base}/api/healthcheck/`);
  const before = cookieValue(first, 'csrftoken');
  if (!before) throw new Error('bench sign-in: the API handed out no CSRF cookie');
  const login = await fetch(`${base}/api/v1/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${before}`, 'x-csrftoken': before },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const session = cookieValue(login, 'sessionid');
  if (!session) throw new Error('bench sign-in: the login set no session cookie');
  const csrf = cookieValue(login, 'csrftoken') ?? before;
  return { cookie: `csrftoken=${csrf}; sessionid=${session}`, csrf };
};
