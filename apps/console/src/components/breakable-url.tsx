import { Fragment } from 'react';

/** Where an address may end a line: after each slash, and before a query, a fragment or a parameter. */
const PARTS = /(?<=\/)(?!\/)|(?=[?#&])/;

/**
 * An address that wraps where a reader expects it to ('https://example.org/hooks/ | content-changed'), not
 * in the middle of a word as break-all did; a part still too long for its box breaks where it must.
 */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(PARTS);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
