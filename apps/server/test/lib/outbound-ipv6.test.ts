import { describe, expect, it } from 'vitest';
import { checkedAddress, RefusedAddressError, type Resolver } from '../../src/lib/outbound-addresses.ts';
import { checkLink } from '../../src/site-health/link-request.ts';

/** IPv6 forms that reach an IPv4 loopback or private address, or no public address at all. */
const REFUSED = [
  'http://[::127.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[::ffff:0:7f00:1]/',
  'http://[::ffff:0:10.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[100::1]/',
  'http://[2001::7f00:1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'http://[200::1]/',
  'http://[::2]/',
];
/** IPv6 addresses on the internet, and IPv6 forms of a public IPv4 address. */
const ALLOWED = ['http://[2606:4700::1111]/', 'http://[64:ff9b::8.8.8.8]/', 'http://[::ffff:8.8.8.8]/'];

const noLookup: Resolver = async () => {
  throw new Error('an address literal needs no lookup');
};

describe('IPv6 forms of IPv4 addresses, for webhooks and the link checker', () => {
  it.each(REFUSED)('refuses %s', async (raw) => {
    const refused = checkedAddress(new URL(raw), false, noLookup);
    await expect(refused).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(refused).rejects.toThrow(/^The URL is refused: its host /);
  });

  it.each(ALLOWED)('allows %s', async (raw) => {
    await expect(checkedAddress(new URL(raw), false, noLookup)).resolves.toMatchObject({ family: 6 });
  });

  it('names the IPv4 address an IPv6 form hides', async () => {
    await expect(checkedAddress(new URL('http://[::ffff:0:7f00:1]/'), false, noLookup)).rejects.toThrow(
      'The URL is refused: its host ::ffff:0:7f00:1 is ::ffff:0:7f00:1, an IPv6 form of 127.0.0.1, a loopback, private or link-local address (allowed only with WEBHOOK_ALLOW_PRIVATE=true).',
    );
  });

  it('keeps loopback reachable where private addresses are allowed (tests, private networks)', async () => {
    await expect(checkedAddress(new URL('http://[::1]/'), true, noLookup)).resolves.toMatchObject({ address: '::1' });
    await expect(checkedAddress(new URL('http://[::7f00:1]/'), true, noLookup)).resolves.toMatchObject({ family: 6 });
    await expect(checkedAddress(new URL('http://[100::1]/'), true, noLookup)).rejects.toThrow(/never be sent/);
  });

  it.each([
    'http://[2002:a9fe:a9fe::]/',
    'http://[2002:6464:64c8::]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://[64:ff9b:1:a9fe:a9:fe00::]/',
  ])(
    'refuses %s, a 6to4 or local NAT64 form of a metadata address, even where private addresses are allowed',
    async (raw) => {
      const refused = checkedAddress(new URL(raw), true, noLookup);
      await expect(refused).rejects.toBeInstanceOf(RefusedAddressError);
      await expect(refused).rejects.toThrow(
        /an IPv6 form of (169\.254\.169\.254|100\.100\.100\.200), where a webhook may never be sent/,
      );
    },
  );

  it('lets 6to4 and local NAT64 forms of a private address through where private addresses are allowed', async () => {
    await expect(checkedAddress(new URL('http://[2002:c0a8:101::]/'), true, noLookup)).resolves.toMatchObject({
      family: 6,
    });
    await expect(checkedAddress(new URL('http://[64:ff9b:1::a00:1]/'), true, noLookup)).resolves.toMatchObject({
      family: 6,
    });
    await expect(checkedAddress(new URL('http://[2002:c0a8:101::]/'), false, noLookup)).rejects.toThrow(
      /WEBHOOK_ALLOW_PRIVATE/,
    );
  });

  it('has the link checker skip them, as it skips private addresses: never connected to', async () => {
    for (const raw of REFUSED) {
      const outcome = await checkLink(raw, { resolve: noLookup, allowPrivate: false, timeoutMs: 1_000 });
      expect(outcome, raw).toEqual({ ok: false, skipped: true, status: null, error: null });
    }
  });
});
