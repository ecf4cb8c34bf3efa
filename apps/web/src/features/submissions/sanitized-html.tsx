/** Rich text written by an admin (form description, page header), sanitized by the server. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the public form endpoint answers it through sanitize-html
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
