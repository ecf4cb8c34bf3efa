// The public pages on a phone (`npm run bench:pages`): the built app served by the real server, each page
// loaded in a fresh Chromium context at 390 × 844 over an emulated 4G link (1 MB/s down, 750 KB/s up,
// 150 ms latency), twice (BENCH_REPEATS). Reported: bytes transferred (as sent, compressed), requests, time to the first
// input and to interactive (the first control visible and the main thread free), from navigation start, by
// the page's own clock in the frame where they show (page-clock.ts).
// Goals (issue 16): public form ≤ 200 KiB and first input < 1 s; answer page of 200 items interactive < 1.5 s.
// Also the page's main-thread time (CDP: tasks, of which script), to tell a busy machine from a slow page.
// E2E_WEB_DIST names a build of your own; WEB_DISTS=before=/tmp/a,after=/tmp/b serves each build from its
// own server and loads their pages in turn within the same run (ratios).
// The admin pages have their own bench beside this one (admin-pages.ts), which `npm run bench:pages` runs next.
import { adminApi } from '../e2e/support/admin-api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ADMIN, startServer } from '../e2e/support/server.ts';
import { describeMachine, percentile } from './bench-app.ts';
import { firstFrames, watchFirstFrames } from './page-clock.ts';
import { BUILDS, buildOrder, loadAverage, meter, REPEATS } from './page-load.ts';

/** What counts as the first input: a field or a rating control (hidden ones are not visible). */
const FIRST_INPUT = 'input, textarea, [role="slider"]';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const ITEMS = 200;

interface Load {
  build: string;
  page: string;
  kib: number;
  requests: number;
  firstInputMs: number;
  interactiveMs: number;
  /** Main-thread time up to interactive (CDP Performance.getMetrics): all tasks, and script among them. */
  taskMs: number;
  scriptMs: number;
  /** When the HTML had arrived (it now carries the page's first reply: the server's time is in it). */
  htmlMs: number;
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

async function load(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  build: string,
  name: string,
  url: string,
  control: string,
) {
  const context = await browser.newContext(PHONE);
  await watchFirstFrames(context, [FIRST_INPUT, control]);
  const page = await context.newPage();
  const metered = await meter(context, page);
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(FIRST_INPUT).first().waitFor({ timeout: 60_000, state: 'attached' });
  const firstInputMs = (await firstFrames(page, FIRST_INPUT)).shownMs;
  await page.locator(control).first().waitFor({ timeout: 60_000 });
  const interactiveMs = (await firstFrames(page, control)).idleMs;
  const { taskMs, scriptMs } = await metered.mainThreadMs();
  const htmlMs = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.responseEnd ?? 0,
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  return {
    build,
    page: name,
    kib: metered.traffic.bytes / 1024,
    requests: metered.traffic.requests,
    firstInputMs,
    interactiveMs,
    taskMs,
    scriptMs,
    htmlMs,
  };
}

async function main() {
  // The browser first: without Chromium, no server is left running.
  const browser = await launchBrowser();
  const servers = [];
  try {
    for (const build of BUILDS) servers.push(await startServer(build.dist ? { WEB_DIST: build.dist } : {}));
    const pagesOf = async (baseUrl: string) => {
      const urls = await seed(baseUrl);
      return [
        { name: 'public form (1 question)', url: urls.form, control: '[data-testid="respondent-email"]' },
        {
          name: `answer page (${ITEMS} items)`,
          url: urls.answer,
          control: '[role="slider"], input[type="range"]',
        },
        { name: 'public selection link', url: urls.publicLink, control: 'input' },
      ];
    };
    const pagesByBuild = [];
    for (const server of servers) pagesByBuild.push(await pagesOf(server.url));
    const loads: Load[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const [index, page] of (pagesByBuild[0] ?? []).entries()) {
        for (const b of buildOrder(repeat)) {
          const each = pagesByBuild[b]?.[index] ?? page;
          loads.push(await load(browser, BUILDS[b]?.name ?? '', each.name, each.url, each.control));
        }
      }
    }
    console.log(describeMachine());
    console.log(`Load average at the end (1, 5, 15 min): ${loadAverage()}`);
    console.log(`Chromium at 390 × 844, 4G (1 MB/s down, 150 ms), cold cache, each page ${REPEATS} times.\n`);
    console.log(
      '| page | build | KiB transferred | requests | HTML in ms | first input ms | interactive ms | main thread: tasks / script ms |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const l of loads) {
      console.log(
        `| ${l.page} | ${l.build} | ${l.kib.toFixed(0)} | ${l.requests} | ${l.htmlMs.toFixed(0)} | ${l.firstInputMs.toFixed(0)} | ${l.interactiveMs.toFixed(0)} | ${l.taskMs.toFixed(0)} / ${l.scriptMs.toFixed(0)} |`,
      );
    }
    console.log('\n| page | build | median first input ms | median interactive ms | median main thread ms |');
    console.log('|---|---|---:|---:|---:|');
    for (const page of new Set(loads.map((l) => l.page))) {
      for (const { name } of BUILDS) {
        const of = loads.filter((l) => l.page === page && l.build === name);
        const median = (value: (l: Load) => number) => {
          const sorted = of.map(value).sort((a, b) => a - b);
          return percentile(sorted, 0.5).toFixed(0);
        };
        console.log(
          `| ${page} | ${name} | ${median((l) => l.firstInputMs)} | ${median((l) => l.interactiveMs)} | ${median((l) => l.taskMs)} |`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
