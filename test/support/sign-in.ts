import { demoAccount, type DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';

/** A minimal cookie jar: enough to carry the session cookie through the OAuth redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface SignInSteps {
  /** The authorize URL the login route redirected to (holds state and the PKCE challenge). */
  authorizeUrl: URL;
  /** The callback URL the stand-in redirected back to (holds code and state). */
  callbackUrl: URL;
}

async function get(url: string | URL, jar: CookieJar): Promise<Response> {
  const response = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** Starts sign-in and lets the stand-in approve `username`, stopping before the callback is visited. */
export async function approveAtStandIn(baseUrl: string, username: DemoUsername, jar: CookieJar): Promise<SignInSteps> {
  const login = await get(`${baseUrl}/api/auth/discord`, jar);
  const authorizeUrl = new URL(login.headers.get('location')!);
  const decision = new URL(`${authorizeUrl.origin}${authorizeUrl.pathname}/decision`);
  authorizeUrl.searchParams.forEach((value, name) => decision.searchParams.set(name, value));
  decision.searchParams.set('account', demoAccount(username).id);
  const approved = await get(decision, jar);
  return { authorizeUrl, callbackUrl: new URL(approved.headers.get('location')!) };
}

/** Visits the callback; returns the response (a redirect on success or refusal, a 4xx error otherwise). */
export function visitCallback(callbackUrl: URL, jar: CookieJar): Promise<Response> {
  return get(callbackUrl, jar);
}

/** Runs the whole Discord sign-in through the stand-in and returns the jar holding the session cookie. */
export async function signIn(baseUrl: string, username: DemoUsername): Promise<CookieJar> {
  const jar = new CookieJar();
  const { callbackUrl } = await approveAtStandIn(baseUrl, username, jar);
  const done = await visitCallback(callbackUrl, jar);
  if (done.status !== 302 || done.headers.get('location') !== '/') {
    throw new Error(`Sign-in as ${username} failed: ${done.status} ${done.headers.get('location') ?? (await done.text())}`);
  }
  return jar;
}
