import type { Review } from '@shortlist/contract';
import type { CSSProperties } from 'react';

const tagStyle: CSSProperties = {
  display: 'inline-block',
  verticalAlign: 'middle',
  padding: '0 8px',
  borderRadius: 4,
  border: '1px solid rgba(0, 0, 0, 0.12)',
  lineHeight: '22px',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

type StatusLook = Pick<NonNullable<Review['status']>, 'label' | 'color' | 'bg_color'>;

/** A status label on its background colour, as it appears wherever items are reviewed. */
export function ReviewStatusTag({ status }: { status: StatusLook }) {
  return (
    <span style={{ ...tagStyle, backgroundColor: status.bg_color, color: status.color || undefined }}>
      {status.label}
    </span>
  );
}
