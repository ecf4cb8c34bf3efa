import { Tooltip } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

const WRAPPER: CSSProperties = { position: 'relative', display: 'inline-flex' };
/** Laid over the child, so that the tooltip points at it; the pointer goes through to the child. */
const ANCHOR: CSSProperties = { position: 'absolute', inset: 0, pointerEvents: 'none' };

/**
 * Ant Design's Tooltip over `children`, shown on hover as a Tooltip around them would be, but built the
 * first time the pointer comes: a table row's tooltips (the report's 50 rows carry two each) cost their
 * triggers and styles in the first render otherwise (issue 28). The child is never wrapped or moved, so it
 * keeps its focus and state when the tooltip appears; the popup, a React child of the wrapper, keeps it
 * open while hovered, as Ant Design's does. A click closes it: the child's action opens a dialog or a
 * drawer, and an open tooltip would stay on top of it and take its Escape.
 */
export function HoverTooltip({ title, children }: { title: ReactNode; children: ReactNode }) {
  // null: never hovered, no Tooltip yet.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering shows a tooltip, as Ant Design's does; the child is what takes clicks and keys
    <span
      style={WRAPPER}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onClickCapture={() => setOpen((was) => (was === null ? null : false))}
    >
      {children}
      {open !== null && (
        <Tooltip title={title} open={open} onOpenChange={setOpen}>
          <span style={ANCHOR} aria-hidden="true" />
        </Tooltip>
      )}
    </span>
  );
}
