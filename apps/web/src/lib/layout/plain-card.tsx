import type { ReactNode } from 'react';
import './plain-card.css';

interface PlainCardProps {
  title: ReactNode;
  /** Above the title, full width (an image). */
  cover?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A card as Ant Design draws one (its title, a rule, the body), in plain HTML: Ant Design's Card brings
 * its tabs and skeleton, which the dashboard, the first page after sign-in, would download for nothing.
 * The title is a heading of the page's outline.
 */
export function PlainCard({ title, cover, className, children, ...rest }: PlainCardProps) {
  return (
    <section className={`sl-plain-card ${className ?? ''}`} data-testid={rest['data-testid']}>
      {cover && <div className="sl-plain-card-cover">{cover}</div>}
      <h3 className="sl-plain-card-title">{title}</h3>
      <div className="sl-plain-card-body">{children}</div>
    </section>
  );
}
