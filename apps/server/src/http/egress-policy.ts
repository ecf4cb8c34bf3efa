import { BlockList, isIP } from 'node:net';
import type { EgressAddressKind } from '@shortlist/contract';

/**
 * Where a request the app makes to an address chosen by a user (a webhook's URL) may go: anywhere on
 * the internet, never into the server's own network — loopback, private and shared ranges, link-local
 * (cloud metadata at 169.254.169.254), IPv6 unique-local, and every range that is not a public host —
 * unless the operator allows a host or range (WEBHOOK_ALLOWED_HOSTS) for an on-premises receiver.
 * IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged as the IPv4 address they carry.
 */
const FORBIDDEN: [EgressAddressKind, [string, number, 'ipv4' | 'ipv6'][]][] = [
  [
    'loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      // "This host": Linux connects 0.0.0.0 to the machine itself.
      ['0.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      // Carrier-grade NAT, often a provider's internal network.
      ['100.64.0.0', 10, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  [
    'reserved',
    [
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['192.88.99.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['224.0.0.0', 4, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      // IPv4-compatible, NAT64, discard, IETF (Teredo), documentation, 6to4, multicast: each may carry or
      // reach an IPv4 address of the server's network.
      ['::', 96, 'ipv6'],
      ['64:ff9b::', 96, 'ipv6'],
      ['64:ff9b:1::', 48, 'ipv6'],
      ['100::', 64, 'ipv6'],
      ['2001::', 23, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
      ['2002::', 16, 'ipv6'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
];

const forbiddenLists = FORBIDDEN.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return [kind, list] as const;
});

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The forbidden range an address is in, if any. */
export function forbiddenKindOf(address: string): EgressAddressKind | undefined {
  const family = familyOf(address);
  return forbiddenLists.find(([, list]) => list.check(address, family))?.[0];
}

/** The ports an entry without one opens: the web's own, whatever the scheme. */
export const DEFAULT_ALLOWED_PORTS = [80, 443] as const;

type AllowedTarget = { host: string } | { network: string; prefix: number };

/** An address or a range: `10.0.0.5`, `10.0.0.0/8`, `fd00::5`, `fd00::/64`. */
function parseNetwork(value: string): { network: string; prefix: number } | null {
  const [network = '', prefixText, extra] = value.split('/');
  const version = isIP(network);
  if (extra !== undefined || version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return /^\d{1,3}$/.test(prefixText ?? String(max)) && prefix <= max ? { network, prefix } : null;
}

const isHostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;

/**
 * An entry of WEBHOOK_ALLOWED_HOSTS: a host name, an IP address or a range in CIDR notation, and a port
 * (`hooks.example.org:8443`, `10.0.0.0/8:8080`, `[fd00::5]:8080`; an IPv6 address takes one only in
 * brackets). Without a port the entry opens 80 and 443 only: an allowed receiver's other services (a
 * database, an admin console) stay out of reach (decision 158).
 */
export function parseAllowedHost(entry: string): (AllowedTarget & { ports: readonly number[] }) | null {
  const value = entry.trim().toLowerCase();
  // `[v6]:port`, or `target:port` with a target of no colon; otherwise a bare IPv6 address, portless.
  const [, target = '', portText] = /^\[([^\]]*)\](?::(\d{1,5}))?$/.exec(value) ??
    /^([^:]*)(?::(\d{1,5}))?$/.exec(value) ?? [value, value];
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  const ports = port === undefined ? DEFAULT_ALLOWED_PORTS : [port];
  const bracketed = value.startsWith('[');
  const network = parseNetwork(target);
  if (network) return !bracketed || isIP(network.network) === 6 ? { ...network, ports } : null;
  return !bracketed && isHostName.test(target) ? { host: target.replace(/\.$/, ''), ports } : null;
}

export interface EgressPolicy {
  /** Why the app may not connect to this address for this host and port, or undefined when it may. */
  refusalOf(address: string, host: string, port: number): EgressAddressKind | undefined;
}

const hostKey = (host: string, port: number) => `${host.toLowerCase().replace(/\.$/, '')} ${port}`;

/** The policy of an allow-list (entries already checked by `parseAllowedHost` when the config was read). */
export function egressPolicy(allowed: readonly string[]): EgressPolicy {
  // A name on the list is theirs whatever it resolves to, on its ports; a range on its ports.
  const hosts = new Set<string>();
  const rangesByPort = new Map<number, BlockList>();
  for (const entry of allowed) {
    const parsed = parseAllowedHost(entry);
    if (!parsed) continue;
    for (const port of parsed.ports) {
      if ('host' in parsed) hosts.add(hostKey(parsed.host, port));
      else {
        const ranges = rangesByPort.get(port) ?? new BlockList();
        ranges.addSubnet(parsed.network, parsed.prefix, familyOf(parsed.network));
        rangesByPort.set(port, ranges);
      }
    }
  }
  return {
    refusalOf(address, host, port) {
      if (hosts.has(hostKey(host, port)) || rangesByPort.get(port)?.check(address, familyOf(address)))
        return undefined;
      return forbiddenKindOf(address);
    },
  };
}
