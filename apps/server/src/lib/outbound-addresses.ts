import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { addressInRanges, ipv6Value } from '../config/address-ranges.ts';

/**
 * Where a webhook may be sent. Only http(s); and every address its host resolves to must be a public one,
 * checked when the webhook is saved and again before each attempt, and the connection then goes to the
 * address that was checked, so a name that resolves elsewhere a moment later (DNS rebinding) reaches nothing.
 */

/**
 * Never a destination: "this host", broadcast, multicast, reserved, the cloud metadata services, IPv6's discard
 * prefix, and Teredo tunnels (2001::/32, whose IPv4 addresses are hidden inside, one of them inverted).
 */
const NEVER = [
  '0.0.0.0/8',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  'ff00::/8',
  '100::/64',
  '2001::/32',
  '169.254.169.254/32',
  '100.100.100.200/32',
  'fd00:ec2::254/128',
];
/** The cloud metadata services' IPv4 addresses: refused wherever an IPv6 form may place them. */
const METADATA_IPV4 = ['169.254.169.254/32', '100.100.100.200/32'];
/**
 * Inside a network, not on the internet: allowed only with WEBHOOK_ALLOW_PRIVATE=true. The local NAT64 and 6to4
 * prefixes carry an IPv4 address inside, which may be a private one.
 */
const PRIVATE = [
  'loopback',
  'linklocal',
  'uniquelocal',
  '100.64.0.0/10',
  '192.0.0.0/24',
  '198.18.0.0/15',
  'fec0::/10',
  '64:ff9b:1::/48',
  '2002::/16',
];
/**
 * IPv6 forms whose last 32 bits are an IPv4 address the packets reach (IPv4-compatible, IPv4-translated, NAT64's
 * well-known prefix): judged as that IPv4 address. (IPv4-mapped addresses, ::ffff:0:0/96, are matched as their
 * IPv4 address by addressInRanges itself.)
 */
const EMBEDDING_IPV4 = ['::/96', '::ffff:0:0:0/96', '64:ff9b::/96'];
/** 6to4 (2002::/16): the IPv4 address of the relay's far end is the 32 bits after the prefix. */
const SIX_TO_FOUR = ['2002::/16'];
/**
 * Local-use NAT64 (64:ff9b:1::/48): a network chooses the prefix length inside it. The /96 form carries the
 * IPv4 address in its last 32 bits, judged as the other embedded forms are; the shorter lengths (/48, /56, /64)
 * put it earlier (bits 64–71 are always zero and skipped), where it is checked against the metadata addresses.
 */
const LOCAL_NAT64 = ['64:ff9b:1::/48'];
const NAT64_SHORTER_STARTS = [48, 56, 72];
/** IPv6's global unicast block: any other IPv6 address not named above is no public destination. */
const GLOBAL_UNICAST = ['2000::/3'];
const MAPPED = ['::ffff:0:0/96'];

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

/** The IPv4 address an EMBEDDING_IPV4 form carries in its last 32 bits. */
function embeddedIPv4(address: string): string {
  return dotted(Number(ipv6Value(address) & 0xffff_ffffn));
}

function dotted(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

/** The 32 bits of `value` (a 128-bit IPv6 address) from bit `start` on, skipping bits 64–71. */
function bitsSkippingU(value: bigint, start: number): number {
  const positions: number[] = [];
  for (let bit = start; positions.length < 32; bit += 1) if (bit < 64 || bit > 71) positions.push(bit);
  return positions.reduce((out, bit) => ((out << 1) | Number((value >> BigInt(127 - bit)) & 1n)) >>> 0, 0);
}

/**
 * Why a 6to4 or local NAT64 address may not be used where private addresses are allowed: the IPv4 address it
 * carries is judged as itself, so that none of these forms reaches a metadata service.
 */
function carriedRefusal(address: string, allowPrivate: boolean): string | undefined {
  const value = ipv6Value(address);
  const judged = addressInRanges(address, SIX_TO_FOUR)
    ? dotted(Number((value >> 80n) & 0xffff_ffffn))
    : addressInRanges(address, LOCAL_NAT64)
      ? dotted(Number(value & 0xffff_ffffn))
      : undefined;
  if (judged === undefined) return undefined;
  if (addressInRanges(address, LOCAL_NAT64))
    for (const start of NAT64_SHORTER_STARTS) {
      const inner = dotted(bitsSkippingU(value, start));
      if (addressInRanges(inner, METADATA_IPV4)) return `${inner}, where a webhook may never be sent`;
    }
  return refusal(judged, allowPrivate);
}

function refusal(address: string, allowPrivate: boolean): string | undefined {
  const bare = address.split('%')[0] ?? address;
  if (addressInRanges(bare, NEVER)) return `${bare}, where a webhook may never be sent`;
  if (addressInRanges(bare, PRIVATE)) {
    if (!allowPrivate)
      return `${bare}, a loopback, private or link-local address (allowed only with WEBHOOK_ALLOW_PRIVATE=true)`;
    const why = isIP(bare) === 6 ? carriedRefusal(bare, allowPrivate) : undefined;
    return why === undefined ? undefined : `${bare}, an IPv6 form of ${why}`;
  }
  if (isIP(bare) !== 6 || addressInRanges(bare, MAPPED)) return undefined;
  if (addressInRanges(bare, EMBEDDING_IPV4)) {
    const inner = embeddedIPv4(bare);
    const why = refusal(inner, allowPrivate);
    return why === undefined ? undefined : `${bare}, an IPv6 form of ${why}`;
  }
  if (!addressInRanges(bare, GLOBAL_UNICAST)) return `${bare}, not a public IPv6 address`;
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
