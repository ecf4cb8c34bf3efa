import { adminToken } from './admin-api.ts';

/** A small but real PDF: the upload reads its type from its first bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Uploads that PDF, as the superuser, as the file of an item's answer `valueId`. */
export async function uploadPdf(url: string, valueId: number) {
  const access = await adminToken(url);
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'pitch-deck.pdf');
  const reply = await fetch(`${url}/api/v1/datum-values/${valueId}/upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  if (!reply.ok) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
}
