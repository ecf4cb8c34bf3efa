import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../features/webhooks/test-receiver.ts';
import { egressPolicy, forbiddenKindOf } from './egress-policy.ts';
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
    expect(policy.refusalOf('10.1.2.3', 'hooks.intranet.example.')).toBeUndefined();
    expect(policy.refusalOf('10.20.9.9', 'other.example')).toBeUndefined();
    expect(policy.refusalOf('10.21.0.1', 'other.example')).toBe('private');
    expect(policy.refusalOf('::1', 'localhost')).toBeUndefined();
    expect(policy.refusalOf('127.0.0.1', 'localhost')).toBe('loopback');
    expect(policy.refusalOf('fd00::5', 'x.example')).toBeUndefined();
    expect(policy.refusalOf('fd00::6', 'x.example')).toBe('private');
  });
});

describe('egressPost', () => {
  // Two listeners on one port: 127.0.0.1, which the policy allows, and 127.0.0.3, which it does not.
  let allowed: Awaited<ReturnType<typeof startReceiver>>;
  let forbidden: Awaited<ReturnType<typeof startReceiver>>;
  const policy = egressPolicy(['127.0.0.1']);
  beforeAll(async () => {
    allowed = await startReceiver();
    forbidden = await startReceiver({ host: '127.0.0.3', port: allowed.port });
  });
  afterAll(async () => {
    await Promise.all([allowed.close(), forbidden.close()]);
  });

  const post = (url: string, resolve: Resolve) =>
    egressPost({ url, headers: {}, body: '{}', policy, timeoutMs: 5000, maxRedirects: 0, resolve });

  it('connects to the very address it checked: a DNS answer that changes after the check reaches nothing', async () => {
    // A rebinding name: an allowed address for the check, a forbidden one for whoever asks next.
    let asked = 0;
    const rebinding: Resolve = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '127.0.0.1' : '127.0.0.3', family: 4 }];
    };
    expect(await post(`http://rebind.example:${allowed.port}/hook`, rebinding)).toBe(200);
    expect(asked).toBe(1);
    expect(allowed.received).toHaveLength(1);
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
