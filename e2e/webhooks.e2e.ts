import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const received: string[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push(`${request.headers['webhook-signature'] ? 'signed' : 'unsigned'} ${body}`);
    response.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;
// The receiver listens on loopback, which webhooks reach only where the operator allows it: its port.
const session = useBrowserSession({ WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}` });

describe('webhooks', () => {
  it('lets an admin add a webhook, send a test and read that it was delivered', async () => {
    try {
      const { page, server } = session;
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.goto(`${server.url}/team/1/members`);
      await page.getByTestId('webhooks-link').click();
      await page.getByText('No webhook yet.').waitFor();
      await page.getByTestId('webhook-add').click();
      // The cloud metadata address is refused, said under the field.
      await page.getByTestId('webhook-url').fill('http://169.254.169.254/latest/meta-data/');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('dialog')
        .getByText(
          '169.254.169.254 is a link-local address (such as the cloud metadata service): webhooks may not reach',
        )
        .waitFor();
      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hook`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`http://127.0.0.1:${port}/hook`).waitFor();
      await page.getByTestId('webhook-test').click();
      await page.getByText('A test event is on its way.').waitFor();
      // The server's worker sends it within its 5-second round.
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      expect(received[0]).toMatch(/^signed \{"type":"ping"/);
      await page.getByTestId('webhook-log').click();
      await page.getByRole('dialog').locator('.ant-tag', { hasText: 'Delivered' }).waitFor();
      expect(await page.getByRole('dialog').getByRole('cell', { name: '200', exact: true }).isVisible()).toBe(
        true,
      );
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('says in French why the server refuses an address of its own network', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(`${server.url}/team/1/webhooks`);
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByRole('dialog')
      .getByText(
        '169.254.169.254 est une adresse lien-local (comme le service de métadonnées du cloud) : les webhooks ne peuvent pas atteindre le réseau propre du serveur. L’exploitant du serveur peut autoriser un récepteur installé sur place.',
      )
      .waitFor();
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
  });
});
