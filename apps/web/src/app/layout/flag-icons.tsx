import { useId } from 'react';

/** Small inline flags: emoji flags do not render on every system. */
export function FrenchFlag() {
  return (
    <svg className="sl-flag" viewBox="0 0 3 2" aria-hidden="true" focusable="false">
      <rect width="1" height="2" x="0" fill="#002395" />
      <rect width="1" height="2" x="1" fill="#fff" />
      <rect width="1" height="2" x="2" fill="#ed2939" />
    </svg>
  );
}

export function BritishFlag() {
  const id = useId();
  const clipAll = `${id}-all`;
  const clipDiagonals = `${id}-diag`;
  return (
    <svg className="sl-flag" viewBox="0 0 60 30" aria-hidden="true" focusable="false">
      <clipPath id={clipAll}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={clipDiagonals}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${clipAll})`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path
          d="M0,0 L60,30 M60,0 L0,30"
          clipPath={`url(#${clipDiagonals})`}
          stroke="#C8102E"
          strokeWidth="4"
        />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}
