import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { addressInRanges } from '../config/address-ranges.ts';

/**
 * Where a webhook may be sent. Only http(s); and every address its host resolves to must be a public one,
 * checked when the webhook is saved and again before each attempt, and the connection then goes to the
 * address that was checked, so a name that resolves elsewhere a moment later (DNS rebinding) reaches nothing.
 */

/** Never a destination: "this host", broadcast, multicast, reserved, and the cloud metadata services. */
const NEVER = [
  '0.0.0.0/8',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  'ff00::/8',
  '169.254.169.254/32',
  '100.100.100.200/32',
  'fd00:ec2::254/128',
];
/**
 * Inside a network, not on the internet: allowed only with WEBHOOK_ALLOW_PRIVATE=true. NAT64 and 6to4 prefixes
 * carry an IPv4 address inside, which may be a private one.
 */
const PRIVATE = [
  'loopback',
  'linklocal',
  'uniquelocal',
  '100.64.0.0/10',
  '192.0.0.0/24',
  '198.18.0.0/15',
  'fec0::/10',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '2002::/16',
];

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; tests give one whose answer changes. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** A name server that does not answer in this time fails the lookup, rather than hold a request or an attempt. */
const LOOKUP_TIMEOUT_MS = 5_000;

export const systemResolver: Resolver = (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  return Promise.race([lookup(hostname, { all: true, verbatim: true }), late]).finally(() => clearTimeout(timer));
};

/** A webhook address that may not be used, with the sentence that says why. */
export class RefusedAddressError extends Error {}

/** The URL a webhook may have, or the sentence that says why not. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedAddressError('The URL is not a valid address; write it in full, e.g. https://example.org/hook.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedAddressError('The URL must start with http:// or https://.');
  if (url.username || url.password)
    throw new RefusedAddressError(
      'The URL must not carry a user name or password: the receiver checks the signature instead.',
    );
  return url;
}

function refusal(address: string, allowPrivate: boolean): string | undefined {
  const bare = address.split('%')[0] ?? address;
  if (addressInRanges(bare, NEVER)) return `${bare}, where a webhook may never be sent`;
  if (!allowPrivate && addressInRanges(bare, PRIVATE))
    return `${bare}, a loopback, private or link-local address (allowed only with WEBHOOK_ALLOW_PRIVATE=true)`;
  return undefined;
}

/**
 * The address to connect to for `url`: its host resolved and every address it resolves to checked (one bad
 * address refuses them all, since which one a later lookup answers is not ours to choose).
 */
export async function checkedAddress(url: URL, allowPrivate: boolean, resolve: Resolver): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedAddressError(`The host ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new RefusedAddressError(`The host ${host} could not be found.`);
  for (const { address } of addresses) {
    const why = refusal(address, allowPrivate);
    if (why) throw new RefusedAddressError(`The URL is refused: its host ${host} is ${why}.`);
  }
  return addresses[0]!;
}

/** Every lookup of the connection answers the address that was checked, so no second lookup can differ. */
export const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
