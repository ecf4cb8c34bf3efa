import { describe, expect, it } from 'vitest';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const storedToken = (kind: 'access' | 'refresh') =>
  session.page.evaluate((key) => localStorage.getItem(key), `shortlist.${kind}`);

describe('sign-in', () => {
  it('signs the superuser in to the demo workspace, with nothing said to the console', async () => {
    const said: string[] = [];
    session.page.on('console', (message) => {
      // A refused request is the page's to show (the sign-in form's error), not a warning of the app's.
      if (
        ['warning', 'error'].includes(message.type()) &&
        !message.text().startsWith('Failed to load resource')
      )
        said.push(`${message.type()}: ${message.text()}`);
    });
    await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password);
    await session.page.waitForURL(/\/team\/\d+$/);
    await expect.poll(() => session.page.getByText('Demo workspace').first().isVisible()).toBe(true);
    expect(await storedToken('access')).toBeTruthy();
    await session.page.reload(); // a first load of a signed-in page
    await session.page.getByText('Demo workspace').first().waitFor();
    expect(said).toEqual([]);
  });

  it('says "Please verify your login info." for a wrong password, and clears it on input', async () => {
    await signIn(session.page, session.server.url, ADMIN.email, 'not-the-password');
    const error = session.page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('Please verify your login info.');
    await session.page.getByLabel('Password', { exact: true }).fill('something else');
    await error.waitFor({ state: 'detached' });
    expect(session.page.url()).toContain('/login');
  });

  it('sends an anonymous visitor to login with next, and back there after signing in', async () => {
    await session.page.goto(`${session.server.url}/team/1/members`);
    await session.page.waitForURL(/\/login\?next=/);
    expect(decodeURIComponent(new URL(session.page.url()).searchParams.get('next') ?? '')).toBe(
      '/team/1/members',
    );
    await session.page.getByLabel('Username or e-mail', { exact: true }).fill(ADMIN.email);
    await session.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await session.page.getByLabel('Password', { exact: true }).press('Enter'); // Enter submits
    await session.page.waitForURL(/\/team\/1\/members$/);
    await session.page.getByTestId('members-table').getByText(ADMIN.email).waitFor();
  });

  it('keeps the chosen language across a reload, and on the account', async () => {
    await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password);
    await session.page.waitForURL(/\/team\/\d+$/);
    await session.page.getByTestId('language-fr').click();
    await session.page.getByTestId('logout').getByText('Se déconnecter').waitFor();
    await session.page.reload();
    await session.page.getByTestId('logout').getByText('Se déconnecter').waitFor();
    const language = await session.page.evaluate(async () => {
      const reply = await fetch('/api/v1/users/me/', {
        headers: { authorization: `Bearer ${localStorage.getItem('shortlist.access')}` },
      });
      return ((await reply.json()) as { language: string }).language;
    });
    expect(language).toBe('fr');
    await session.page.getByTestId('language-en').click();
    await session.page.getByTestId('logout').getByText('Log out').waitFor();
  });

  it('refreshes an expired access token once and carries on', async () => {
    await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password);
    await session.page.waitForURL(/\/team\/\d+$/);
    // Let the dashboard finish its requests first: one sent with the forged token would spend the refresh
    // token in a page that the navigation below then discards, before it could store the new pair.
    await session.page.getByText('Demo workspace').first().waitFor();
    await session.page.waitForLoadState('networkidle');
    const refreshBefore = await storedToken('refresh');
    await session.page.evaluate(() => localStorage.setItem('shortlist.access', 'expired.or.forged'));
    await session.page.goto(`${session.server.url}/team/1/members`);
    await session.page.getByTestId('members-table').getByText(ADMIN.email).waitFor();
    expect(await storedToken('access')).not.toBe('expired.or.forged');
    expect(await storedToken('refresh')).not.toBe(refreshBefore); // rotated
  });

  it('signs out to login with next when the refresh token is refused too', async () => {
    await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password);
    await session.page.waitForURL(/\/team\/\d+$/);
    await session.page.evaluate(() => {
      localStorage.setItem('shortlist.access', 'expired.or.forged');
      localStorage.setItem('shortlist.refresh', 'spent.or.forged');
    });
    await session.page.goto(`${session.server.url}/team/1/members`);
    await session.page.waitForURL(/\/login\?next=/);
    expect(await storedToken('access')).toBeNull();
  });
});
