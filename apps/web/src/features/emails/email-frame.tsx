/**
 * A rendered e-mail shown as the recipient would see it, in a sandbox: its HTML can run nothing. Each e-mail
 * gets a frame of its own (the key): a new srcdoc in the same frame is a navigation, one more step that the
 * browser's Back walks through before it leaves the page.
 */
export function EmailFrame({
  html,
  title,
  className = 'sl-email-frame',
}: {
  html: string;
  title: string;
  className?: string;
}) {
  return (
    <iframe
      key={html}
      className={className}
      sandbox=""
      srcDoc={html}
      title={title}
      data-testid="email-frame"
    />
  );
}
