import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../features/webhooks/test-receiver.ts';
import { type EgressPolicy, egressPolicy, forbiddenKindOf } from './egress-policy.ts';
import { EgressRefused, egressPost, type Resolve } from './egress-request.ts';

describe('the ranges of the server’s own network', () => {
  it('are told from public addresses, IPv4 and IPv6, mapped addresses as the IPv4 they carry', () => {
    const kinds: [string, string | undefined][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['0.0.0.0', 'loopback'],
      ['0.1.2.3', 'loopback'],
      ['::1', 'loopback'],
      ['::', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.1', 'private'],
      ['100.64.0.1', 'private'],
      ['100.127.255.255', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['::ffff:10.0.0.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fd00:ec2::254', 'private'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['::127.0.0.1', 'reserved'],
      ['64:ff9b::7f00:1', 'reserved'],
      ['2002:7f00:1::', 'reserved'],
      ['2001::1', 'reserved'],
      ['ff02::1', 'reserved'],
      ['8.8.8.8', undefined],
      ['172.32.0.1', undefined],
      ['100.128.0.1', undefined],
      ['2a00:1450:4007::1', undefined],
      ['::ffff:8.8.8.8', undefined],
    ];
    expect(kinds.map(([address]) => [address, forbiddenKindOf(address)])).toEqual(kinds);
  });

  it('are opened by the allow-list only where it says: a name, an address, a range', () => {
    const policy = egressPolicy(['hooks.intranet.example', '10.20.0.0/16', '::1', '[fd00::5]']);
    expect(policy.refusalOf('10.1.2.3', 'hooks.intranet.example.', 443)).toBeUndefined();
    expect(policy.refusalOf('10.20.9.9', 'other.example', 80)).toBeUndefined();
    expect(policy.refusalOf('10.21.0.1', 'other.example', 80)).toBe('private');
    expect(policy.refusalOf('::1', 'localhost', 443)).toBeUndefined();
    expect(policy.refusalOf('127.0.0.1', 'localhost', 443)).toBe('loopback');
    expect(policy.refusalOf('fd00::5', 'x.example', 80)).toBeUndefined();
    expect(policy.refusalOf('fd00::6', 'x.example', 80)).toBe('private');
  });

  it('are opened on the port an entry names, or on 80 and 443 only when it names none', () => {
    const policy = egressPolicy([
      'hooks.intranet.example',
      'api.intranet.example:8443',
      '10.20.0.0/16',
      '10.30.0.0/16:9000',
      '[fd00::5]:8080',
      'fd00:1::/64',
    ]);
    const cases: [string, string, number, string | undefined][] = [
      ['10.1.2.3', 'hooks.intranet.example', 80, undefined],
      ['10.1.2.3', 'hooks.intranet.example', 443, undefined],
      ['10.1.2.3', 'hooks.intranet.example', 8080, 'private'],
      ['10.1.2.3', 'hooks.intranet.example', 5432, 'private'],
      ['10.1.2.4', 'api.intranet.example', 8443, undefined],
      ['10.1.2.4', 'api.intranet.example', 443, 'private'],
      ['10.20.9.9', 'other.example', 443, undefined],
      ['10.20.9.9', 'other.example', 22, 'private'],
      ['10.30.1.1', 'other.example', 9000, undefined],
      ['10.30.1.1', 'other.example', 80, 'private'],
      ['fd00::5', 'x.example', 8080, undefined],
      ['fd00::5', 'x.example', 80, 'private'],
      ['fd00:1::9', 'x.example', 443, undefined],
      ['fd00:1::9', 'x.example', 8443, 'private'],
      // A public address is reachable on any port: the list only opens the server's own network.
      ['8.8.8.8', 'dns.example', 5432, undefined],
    ];
    expect(
      cases.map(([address, host, port]) => [address, host, port, policy.refusalOf(address, host, port)]),
    ).toEqual(cases);
  });
});

describe('egressPost', () => {
  // Two listeners on one port: 127.0.0.1, which the policy allows on that port, and 127.0.0.3, which it
  // does not; a third on another port of 127.0.0.1, which the policy does not name.
  let allowed: Awaited<ReturnType<typeof startReceiver>>;
  let forbidden: Awaited<ReturnType<typeof startReceiver>>;
  let otherPort: Awaited<ReturnType<typeof startReceiver>>;
  let policy: EgressPolicy;
  beforeAll(async () => {
    allowed = await startReceiver({
      answer: (path) => (path === '/to-other-port' ? { status: 307, location: otherPort.url } : undefined),
    });
    forbidden = await startReceiver({ host: '127.0.0.3', port: allowed.port });
    otherPort = await startReceiver();
    policy = egressPolicy([`127.0.0.1:${allowed.port}`]);
  });
  afterAll(async () => {
    await Promise.all([allowed.close(), forbidden.close(), otherPort.close()]);
  });

  const post = (url: string, resolve?: Resolve, maxRedirects = 0) =>
    egressPost({ url, headers: {}, body: '{}', policy, timeoutMs: 5000, maxRedirects, resolve });

  it('reaches an allowed address on its listed port only, first and after a redirect', async () => {
    expect(await post(allowed.url)).toBe(200);
    await expect(post(otherPort.url)).rejects.toEqual(new EgressRefused('127.0.0.1', 'loopback'));
    await expect(post(`${allowed.origin}/to-other-port`, undefined, 1)).rejects.toEqual(
      new EgressRefused('127.0.0.1', 'loopback'),
    );
    expect(otherPort.connections()).toBe(0);
  });

  it('connects to the very address it checked: a DNS answer that changes after the check reaches nothing', async () => {
    // A rebinding name: an allowed address for the check, a forbidden one for whoever asks next.
    let asked = 0;
    const before = allowed.received.length;
    const rebinding: Resolve = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '127.0.0.1' : '127.0.0.3', family: 4 }];
    };
    expect(await post(`http://rebind.example:${allowed.port}/hook`, rebinding)).toBe(200);
    expect(asked).toBe(1);
    expect(allowed.received).toHaveLength(before + 1);
    expect(forbidden.connections()).toBe(0);
  });

  it('refuses a name of which one address is forbidden, before connecting anywhere', async () => {
    const mixed: Resolve = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '127.0.0.3', family: 4 },
    ];
    const before = allowed.connections();
    await expect(post(`http://mixed.example:${allowed.port}/hook`, mixed)).rejects.toEqual(
      new EgressRefused('127.0.0.3', 'loopback'),
    );
    expect(allowed.connections()).toBe(before);
    expect(forbidden.connections()).toBe(0);
  });
});
