import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { EgressAddressKind } from '@shortlist/contract';
import type { EgressPolicy } from './egress-policy.ts';

/** A host name resolves to these addresses; tests may give their own resolver. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The request was not sent: its host is, or resolves to, an address of a forbidden range. */
export class EgressRefused extends Error {
  constructor(
    readonly address: string,
    readonly kind: EgressAddressKind,
  ) {
    super(`${address} is a ${kind} address`);
    this.name = 'EgressRefused';
  }
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
/** The port connected to: the URL parser leaves it empty when it is the scheme's own. */
const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/**
 * The addresses the app would connect to for this URL, each checked with the URL's port: an IP literal as
 * it stands (the URL parser has already turned 2130706433, 0x7f.1 or 0177.0.0.1 into 127.0.0.1), a name
 * through DNS. One forbidden address refuses the whole name, so that a name that answers a public and a
 * private address in turn cannot be used to reach the private one.
 */
export async function checkedAddresses(url: URL, policy: EgressPolicy, resolve: Resolve = systemResolve) {
  const host = bareHost(url);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  for (const { address } of addresses) {
    const kind = policy.refusalOf(address, host, portOf(url));
    if (kind) throw new EgressRefused(address, kind);
  }
  return addresses;
}

/**
 * The socket's lookup: the name resolved once and checked, and the connection made to exactly the
 * addresses checked, so that a DNS answer changed between the check and the connection (rebinding)
 * reaches nothing the check did not see.
 */
function checkingLookup(url: URL, policy: EgressPolicy, resolve: Resolve): LookupFunction {
  return (_hostname, options, callback) => {
    checkedAddresses(url, policy, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

export interface EgressPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: EgressPolicy;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** Redirects followed (the same POST sent again to each new address, checked like the first); 0: none. */
  maxRedirects: number;
  resolve?: Resolve;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function postOnce(url: URL, post: EgressPost, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      lookup: checkingLookup(url, post.policy, post.resolve ?? systemResolve),
      // A connection of its own: a kept-alive socket would skip the lookup, and so the check.
      agent: false,
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(post.body);
  });
}

/**
 * POSTs to a URL chosen by a user, only ever connecting to addresses the policy allows: an IP literal
 * is checked before anything is sent, a name at the socket's own lookup, and so is every redirect's
 * target. Answers the final HTTP status; throws EgressRefused when an address was refused.
 */
export async function egressPost(post: EgressPost): Promise<number> {
  const signal = AbortSignal.timeout(post.timeoutMs);
  let url = new URL(post.url);
  for (let redirects = 0; ; redirects += 1) {
    const host = bareHost(url);
    if (isIP(host)) await checkedAddresses(url, post.policy);
    let reply: IncomingMessage;
    try {
      reply = await postOnce(url, post, signal);
    } catch (error) {
      // The socket may wrap what the lookup threw (one error per address tried): the refusal is what
      // the caller must see.
      const { cause, errors = [] } = error as { cause?: unknown; errors?: unknown[] };
      throw [error, cause, ...errors].find((e) => e instanceof EgressRefused) ?? error;
    }
    reply.destroy();
    const status = reply.statusCode ?? 0;
    const location = reply.headers.location;
    if (!REDIRECTS.has(status) || !location || redirects >= post.maxRedirects) return status;
    url = new URL(location, url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return status;
  }
}
