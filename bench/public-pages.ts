// The public pages on a phone (`npm run bench:pages`): the built app served by the real server, each page
// loaded in a fresh Chromium context at 390 × 844 over an emulated 4G link (1 MB/s down, 750 KB/s up,
// 150 ms latency), twice. Reported: bytes transferred (as sent, compressed), requests, time to the first
// input and to interactive (the first control visible and the main thread free), from navigation start.
// Goals (issue 16): public form ≤ 200 KiB and first input < 1 s; answer page of 200 items interactive < 1.5 s.
import type { Page } from 'playwright-core';
import { adminApi } from '../e2e/support/admin-api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ADMIN, startServer } from '../e2e/support/server.ts';
import { describeMachine } from './bench-app.ts';

const FOUR_G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1024 * 1024,
  uploadThroughput: 750 * 1024,
};
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const REPEATS = 2;
const ITEMS = 200;

interface Load {
  page: string;
  kib: number;
  requests: number;
  firstInputMs: number;
  interactiveMs: number;
}

async function seed(baseUrl: string) {
  const post = await adminApi(baseUrl);
  const form = await post<{ id: number; data_model_id: number }>('intake-forms/', {
    team: 1,
    title: 'Call for projects',
    published: true,
  });
  await post(`data-models/${form.data_model_id}/datum-fields/`, {
    resourcetype: 'text',
    label: 'Project name',
    required: true,
  });
  const issue = await post<{ id: number }>('issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Demo day',
    public: true,
  });
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
  const items = await post<{ id: number }[]>(
    'datasets/',
    Array.from({ length: ITEMS }, (_, i) => ({ data_model: itemType.id, title: `Startup ${i + 1}` })),
  );
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  await post(`issues/${issue.id}/set_access/`, { emails: ['judge@bench.test'], access: true });
  const access = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  }).then((reply) => reply.json() as Promise<{ access: string }>);
  const judges = await fetch(`${baseUrl}/api/v1/issues/${issue.id}/judges/`, {
    headers: { authorization: `Bearer ${access.access}` },
  }).then((reply) => reply.json() as Promise<{ results: { issue_answer_link: string }[] }>);
  const answerLink = judges.results[0]?.issue_answer_link;
  if (!answerLink) throw new Error('no judge link');
  return {
    form: `${baseUrl}/forms/${form.id}`,
    answer: answerLink,
    publicLink: `${baseUrl}/selection/${issue.id}/public`,
  };
}

/** The page's own clock once the main thread has rendered a frame and run a task: nothing blocks input. */
const idleNow = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
      ),
  );

async function load(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  name: string,
  url: string,
  control: string,
) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => {
    requests += 1;
  });
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'commit' });
  const first = page.locator('input:visible, textarea:visible, [role="slider"]:visible').first();
  await first.waitFor({ timeout: 60_000 });
  const firstInputMs = await page.evaluate(() => performance.now());
  await page.locator(control).first().waitFor({ timeout: 60_000 });
  const interactiveMs = await idleNow(page);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { page: name, kib: bytes / 1024, requests, firstInputMs, interactiveMs } satisfies Load;
}

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const urls = await seed(server.url);
    const pages = [
      { name: 'public form (1 question)', url: urls.form, control: '[data-testid="respondent-email"]' },
      {
        name: `answer page (${ITEMS} items)`,
        url: urls.answer,
        control: '[role="slider"], input[type="range"]',
      },
      { name: 'public selection link', url: urls.publicLink, control: 'input' },
    ];
    const loads: Load[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const page of pages) loads.push(await load(browser, page.name, page.url, page.control));
    }
    console.log(describeMachine());
    console.log('Chromium at 390 × 844, 4G (1 MB/s down, 150 ms), cold cache, each page twice.\n');
    console.log('| page | KiB transferred | requests | first input ms | interactive ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const l of loads) {
      console.log(
        `| ${l.page} | ${l.kib.toFixed(0)} | ${l.requests} | ${l.firstInputMs.toFixed(0)} | ${l.interactiveMs.toFixed(0)} |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
