/** A rendered e-mail shown as the recipient would see it, in a sandbox: its HTML can run nothing. */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe className="sl-email-frame" sandbox="" srcDoc={html} title={title} data-testid="email-frame" />
  );
}
