import { isIP } from 'node:net';

/**
 * Address ranges as TRUST_PROXY names them (`10.0.0.5`, `192.168.0.0/16`, `fd00::/8`, or a name
 * proxy-addr knows), and whether a list of them covers a whole address family. A list that covers
 * every IPv4 or every IPv6 address trusts any client's own X-Forwarded-For, so it is refused
 * however it is written (`0.0.0.0/0`, `0.0.0.0/1,128.0.0.0/1`, `::ffff:0:0/96` for IPv4).
 */
interface Range {
  family: 4 | 6;
  start: bigint;
  end: bigint;
}

const BITS = { 4: 32, 6: 128 } as const;

/** The ranges proxy-addr gives these names. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The IPv4-mapped IPv6 block (::ffff:0:0/96): proxy-addr matches IPv4 clients against it and the other way round. */
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START + (1n << 32n) - 1n;

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) + BigInt(Number(part)), 0n);
}

/** An IPv6 address as a number; the URL parser writes it in its canonical form (hex groups, one `::`). */
export function ipv6Value(address: string): bigint {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const all =
    tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return all.reduce((value, group) => (value << 16n) + BigInt(Number.parseInt(group, 16)), 0n);
}

/** Why an entry is not an address or range, or undefined when it is one. */
export function rangeProblem(entry: string): string | undefined {
  if (entry in NAMED_RANGES) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return 'is neither';
  if (prefix === undefined) return undefined;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > BITS[family as 4 | 6]) return 'is neither';
  const range = toRanges(entry)[0]!;
  const value = family === 4 ? ipv4Value(address) : ipv6Value(address);
  if (value !== range.start)
    return `is not the start of a range: its address has bits set beyond the /${prefix} prefix`;
  return undefined;
}

/** The numeric ranges an entry stands for (a name stands for several). */
function toRanges(entry: string): Range[] {
  const named = NAMED_RANGES[entry];
  if (named) return named.flatMap(toRanges);
  const [address = '', prefix] = entry.split('/');
  const family = isIP(address) as 4 | 6;
  const bits = BITS[family];
  const length = BigInt(prefix === undefined ? bits : Number(prefix));
  const size = 1n << (BigInt(bits) - length);
  const start = ((family === 4 ? ipv4Value(address) : ipv6Value(address)) / size) * size;
  return [{ family, start, end: start + size - 1n }];
}

/** Each range in both families where the IPv4-mapped block makes it count in the other. */
function withMappedImages(range: Range): Range[] {
  if (range.family === 4)
    return [range, { family: 6, start: MAPPED_START + range.start, end: MAPPED_START + range.end }];
  const start = range.start > MAPPED_START ? range.start : MAPPED_START;
  const end = range.end < MAPPED_END ? range.end : MAPPED_END;
  return start <= end ? [range, { family: 4, start: start - MAPPED_START, end: end - MAPPED_START }] : [range];
}

function coversFamily(ranges: readonly Range[], family: 4 | 6): boolean {
  const sorted = ranges
    .filter((r) => r.family === family)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let next = 0n;
  for (const range of sorted) {
    if (range.start > next) return false;
    if (range.end + 1n > next) next = range.end + 1n;
  }
  return next === 1n << BigInt(BITS[family]);
}

/** 'IPv4' or 'IPv6' when the valid entries together cover every address of that family. */
export function familyCoveredBy(entries: readonly string[]): 'IPv4' | 'IPv6' | undefined {
  const ranges = entries.flatMap(toRanges).flatMap(withMappedImages);
  if (coversFamily(ranges, 6)) return 'IPv6';
  if (coversFamily(ranges, 4)) return 'IPv4';
  return undefined;
}

/**
 * Whether an address lies in one of the ranges (written as TRUST_PROXY names them); an IPv4-mapped IPv6
 * address counts as its IPv4 address and the other way round.
 */
export function addressInRanges(address: string, entries: readonly string[]): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const value = family === 4 ? ipv4Value(address) : ipv6Value(address);
  return entries
    .flatMap(toRanges)
    .flatMap(withMappedImages)
    .some((range) => range.family === family && value >= range.start && value <= range.end);
}
