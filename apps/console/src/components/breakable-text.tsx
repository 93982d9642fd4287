import { Fragment } from 'react';

/**
 * Where a long unspaced text may end a line: after a slash (not between the two of '//') or an underscore, and
 * before a query, a fragment or a parameter of an address.
 */
const PARTS = /(?<=\/)(?!\/)|(?<=_)|(?=[?#&])/;

/**
 * An address or a code that wraps where a reader expects it to ('https://example.org/hooks/ | content-changed',
 * 'ERR_TLS_CERT_ | ALTNAME_INVALID'), not in the middle of a word as break-all did; a part still too long for its
 * box breaks where it must.
 */
export function BreakableText({ text }: { text: string }) {
  return (
    <span className="break-words">
      {text.split(PARTS).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
