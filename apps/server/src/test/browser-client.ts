import type { InjectOptions } from 'fastify';

/** The `accept-encoding` Chromium sends. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface BrowserReply {
  url: URL;
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * What a browser does between the app and an identity provider, for API tests: keeps each host's
 * cookies, sends them back, and follows redirects. Requests to the app's origin go through `inject`
 * (the real HTTP stack without a socket), the others over the network (a provider on loopback).
 * Cookies are kept per host name, without paths: enough for the two servers of these tests.
 */
export function createBrowserClient(app: {
  origin: string;
  /** The browser's address as the app sees it (per-IP limits). */
  remoteAddress?: string;
  inject: (options: InjectOptions) => PromiseLike<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    body: string;
  }>;
}) {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (url: URL) => {
    const jar = jars.get(url.hostname) ?? new Map<string, string>();
    jars.set(url.hostname, jar);
    return jar;
  };

  function keep(url: URL, setCookies: string[]) {
    const jar = jarOf(url);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const isExpired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (isExpired) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
  }

  const cookieHeader = (url: URL) =>
    [...jarOf(url)].map(([name, value]) => `${name}=${value}`).join('; ') || undefined;

  async function send(url: URL, form?: Record<string, string>): Promise<BrowserReply> {
    const cookie = cookieHeader(url);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = {
      ...(cookie ? { cookie } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    const method = form ? 'POST' : 'GET';
    if (url.origin === app.origin) {
      const reply = await app.inject({
        method,
        url: url.pathname + url.search,
        headers,
        payload: body,
        remoteAddress: app.remoteAddress,
      });
      const setCookie = reply.headers['set-cookie'];
      keep(url, setCookie === undefined ? [] : [setCookie].flat().map(String));
      const location = reply.headers.location;
      return {
        url,
        status: reply.statusCode,
        location: location === undefined ? undefined : String(location),
        body: reply.body,
      };
    }
    const reply = await fetch(url, { method, headers, body, redirect: 'manual' });
    keep(url, reply.headers.getSetCookie());
    return {
      url,
      status: reply.status,
      location: reply.headers.get('location') ?? undefined,
      body: await reply.text(),
    };
  }

  return {
    cookies: (origin: string) => jarOf(new URL(origin)),

    /**
     * Requests and follows redirects as a browser would, up to the app's pages (outside `/api/`),
     * where the web app would take over, or up to where `stopBefore` says: the last reply is
     * returned, its `location` unfollowed.
     */
    async navigate(
      address: string | URL,
      form?: Record<string, string>,
      stopBefore: (next: URL) => boolean = () => false,
    ): Promise<BrowserReply> {
      let reply = await send(new URL(address, app.origin), form);
      for (let hops = 0; hops < 20 && reply.location && reply.status >= 300 && reply.status < 400; hops++) {
        const next = new URL(reply.location, reply.url);
        if (next.origin === app.origin && !next.pathname.startsWith('/api/')) return reply;
        if (stopBefore(next)) return reply;
        reply = await send(next);
      }
      return reply;
    },
  };
}
