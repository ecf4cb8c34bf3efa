import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text whose http(s) addresses become links; everything else stays text (no HTML is parsed). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <span className="sl-pre-wrap">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </span>
  );
}
