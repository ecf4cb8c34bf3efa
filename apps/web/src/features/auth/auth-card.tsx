import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/layout/use-document-title';

/** The centred card of the sign-in and password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="sl-auth-page">
      <Card className="sl-auth-card">
        <Typography.Title level={2} className="sl-auth-title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
