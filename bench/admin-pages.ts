// The admin pages over 4G (`npm run bench:pages` runs it after the public pages; alone:
// `npx tsx bench/admin-pages.ts` once the web app is built): the built app served by the real server, a
// team seeded with a form, items, two judged selections and their merge, members, a mailing, a webhook and
// review statuses. Each route is a cold load after sign-in: a fresh Chromium context at 1366 × 768 holding
// the admin's tokens, the cache off, 4G (1 MB/s down, 150 ms latency); BENCH_REPEATS passes (2).
// Reported per route: bytes transferred (as sent: compressed, headers included; the API's replies too),
// requests, JS files (and those that index.html did not announce), the first meaningful paint, when the
// last reply arrived, and the main thread's time.
// First meaningful paint: the first frame, by the page's own clock from navigation start
// (page-clock.ts), in which the route's main content is visible: its table's first row, the dashboard's
// recent changes, the form's first question, the selection's information.
// The journey "sign-in to dashboard" loads /login cold, signs in through the form and counts everything
// up to the dashboard's recent changes; its time is from the click on "Sign in".
// Goals (issue 28): dashboard ≤ 250 KiB, every admin page's first visit ≤ 400 KiB, first meaningful paint
// ≤ 2 s. WEB_DISTS=before=/tmp/a,after=/tmp/b compares builds, each served by its own server.
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminApi, callAdminApi } from '../e2e/support/admin-api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ADMIN, startServer } from '../e2e/support/server.ts';
import { describeMachine, percentile } from './bench-app.ts';
import { startH2Front, trustSwitch } from './h2-front.ts';
import { firstFrames, watchFirstFrames } from './page-clock.ts';
import { announcedScripts, BUILDS, loadAverage, meter, profileSummary, REPEATS } from './page-load.ts';

const DESKTOP = { viewport: { width: 1366, height: 768 }, ignoreHTTPSErrors: true };
/**
 * The protocols each page is loaded over (BENCH_PROTOCOLS): HTTP/2 through a TLS front, as the deployments
 * of docs/operations.md serve it, and HTTP/1.1 from the app itself, as `npm start` alone serves it.
 */
const PROTOCOLS = (process.env.BENCH_PROTOCOLS ?? 'h2,http/1.1').split(',');

/** A build served over one protocol, at `origin`. */
interface Variant {
  name: string;
  build: number;
  protocol: string;
  origin: string;
}
const ITEMS = 60;
const JUDGES = 3;
const GOAL_KIB = 400;
const DASHBOARD_GOAL_KIB = 250;
const GOAL_PAINT_MS = 2000;
/** Storage keys of the tokens (apps/web/src/lib/config.ts). */
const STORAGE_KEYS = { access: 'shortlist.access', refresh: 'shortlist.refresh' };

interface Route {
  name: string;
  /** The route's pattern, as the budgets file names it (apps/web/route-budgets.json). */
  pattern: string;
  path: string;
  /** What the first meaningful paint waits for. */
  content: string;
  /** The rows the route's table holds once drawn: a page that paints its top first must still draw them all. */
  rows?: number;
}

interface Load {
  build: string;
  route: string;
  pattern: string;
  kib: number;
  requests: number;
  scripts: number;
  /** Scripts fetched that index.html had not announced, and their KiB: what the page asked for later. */
  lateScripts: number;
  lateKib: number;
  paintMs: number;
  lastByteMs: number;
  taskMs: number;
}

/** The dashboard's recent changes, once loaded: the seed's objects are among them. */
const DASHBOARD_CONTENT = '[data-testid="dashboard-recent"] a';
const row = (table: string) => `[data-testid="${table}"] .ant-table-row`;

async function seed(baseUrl: string): Promise<Route[]> {
  const post = await adminApi(baseUrl);
  const team = 1;
  // Mass e-mail is part of the plan of a team that uses the e-mails page.
  await callAdminApi(baseUrl, 'PATCH', `teams/${team}/`, { package: { mass_emails: true } });
  for (const name of ['Seed', 'Series A', 'Hardware']) await post(`teams/${team}/tags/`, { name });
  for (const [label, bg_color] of [
    ['Shortlisted', '#d9f7be'],
    ['To discuss', '#ffffb8'],
    ['Declined', '#ffccc7'],
  ] as const) {
    await post('review-status/', { team, label, bg_color });
  }
  for (let i = 1; i <= 5; i += 1) await post(`teams/${team}/members/`, { email: `member${i}@bench.test` });

  const form = await post<{ id: number; data_model_id: number }>('intake-forms/', {
    team,
    title: 'Call for projects',
    published: true,
  });
  for (const label of ['Project name', 'Team', 'Pitch']) {
    await post(`data-models/${form.data_model_id}/datum-fields/`, {
      resourcetype: 'text',
      label,
      required: true,
    });
  }
  const itemType = await post<{ id: number }>('data-models/', { team, title: 'Startups' });
  for (const label of ['Sector', 'City']) {
    await post(`data-models/${itemType.id}/datum-fields/`, { resourcetype: 'text', label });
  }
  const items = await post<{ id: number }[]>(
    'datasets/',
    Array.from({ length: ITEMS }, (_, i) => ({ data_model: itemType.id, title: `Startup ${i + 1}` })),
  );
  const ids = items.map((item) => item.id);

  const judgedSelection = async (title: string) => {
    const issue = await post<{ id: number }>('issues/', { team, resourcetype: 'RatingIssue', title });
    await post(`issues/${issue.id}/datasets/`, { datasets: ids });
    const criteria: number[] = [];
    for (const [criterion, weight] of [
      ['Team', 1],
      ['Market', 0.5],
    ] as const) {
      criteria.push(
        (await post<{ id: number }>('issue-questions/', { issue: issue.id, title: criterion, weight })).id,
      );
    }
    const emails = Array.from({ length: JUDGES }, (_, j) => `judge${j + 1}-${issue.id}@bench.test`);
    await post(`issues/${issue.id}/set_access/`, { emails, access: true });
    const judges = await callAdminApi<{ results: { issue_answer_link: string }[] }>(
      baseUrl,
      'GET',
      `issues/${issue.id}/judges/?limit=100`,
    );
    for (const [j, judge] of judges.results.entries()) {
      const token = new URL(judge.issue_answer_link, baseUrl).searchParams.get('token');
      const answers = ids.flatMap((dataset, i) =>
        criteria.map((question, q) => ({ dataset, question, value: 1 + ((i * 7 + j * 3 + q) % 5) })),
      );
      const reply = await fetch(`${baseUrl}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers }),
      });
      if (reply.status !== 201) throw new Error(`submission: ${reply.status} ${await reply.text()}`);
    }
    return issue.id;
  };
  const selection = await judgedSelection('Demo day');
  const second = await judgedSelection('Demo day, second jury');
  const merge = await post<{ id: number }>('issues-merge/', {
    team,
    title: 'Final ranking',
    issue_merge_infos: [
      { issue: selection, weight: 1 },
      { issue: second, weight: 1 },
    ],
  });
  const template = await post<{ id: number }>('email-templates/', {
    team,
    title: 'Invitation',
    subject: 'Demo day',
    html_content: '<p>Hello, see you at the demo day.</p>',
  });
  await post('email-batches/', { team, title: 'Demo day invitations', template: template.id });
  await post('webhooks/', { team, url: 'https://hooks.bench.test/shortlist', events: ['selection.closed'] });

  const at = (path: string) => `${baseUrl}/team/${team}${path}`;
  return [
    { name: 'dashboard', pattern: '/team/:teamId', path: at(''), content: DASHBOARD_CONTENT },
    { name: 'items', pattern: '/team/:teamId/items', path: at('/items'), content: row('items-table') },
    { name: 'forms', pattern: '/team/:teamId/forms', path: at('/forms'), content: row('forms-table') },
    {
      name: 'a form',
      pattern: '/team/:teamId/intake-forms/:id',
      path: at(`/intake-forms/${form.id}`),
      content: '[data-testid="form-question"]',
    },
    {
      name: 'item types',
      pattern: '/team/:teamId/item-types',
      path: at('/item-types'),
      content: row('item-types-table'),
    },
    {
      name: 'an item type',
      pattern: '/team/:teamId/item-types/:id/manage',
      path: at(`/item-types/${itemType.id}/manage`),
      content: row('fields-table'),
    },
    {
      name: 'selections',
      pattern: '/team/:teamId/issues',
      path: at('/issues'),
      content: '[data-testid^="issue-entry-"]',
    },
    {
      name: 'a selection',
      pattern: '/team/:teamId/issue/:id/manage',
      path: at(`/issue/${selection}/manage`),
      content: '[data-testid="issue-info"]',
    },
    {
      name: "a selection's items",
      pattern: '/team/:teamId/issue/:id/manage?tab=items',
      path: at(`/issue/${selection}/manage?tab=items`),
      content: row('items-table'),
    },
    {
      name: "a selection's judges",
      pattern: '/team/:teamId/issue/:id/manage?tab=access',
      path: at(`/issue/${selection}/manage?tab=access`),
      content: row('judges-table'),
    },
    {
      name: "a selection's report",
      pattern: '/team/:teamId/issue/:id/manage?tab=report',
      path: at(`/issue/${selection}/manage?tab=report`),
      content: row('report-items-table'),
      // Its first page: 50 of the 60 items.
      rows: 50,
    },
    {
      name: 'members',
      pattern: '/team/:teamId/members',
      path: at('/members'),
      content: row('members-table'),
    },
    {
      name: 'a merge',
      pattern: '/team/:teamId/issues-merge/:id',
      path: at(`/issues-merge/${merge.id}`),
      content: row('merge-infos-table'),
    },
    {
      name: 'e-mails',
      pattern: '/team/:teamId/emails',
      path: at('/emails'),
      content: '.sl-page .ant-table-row',
    },
    {
      name: 'webhooks',
      pattern: '/team/:teamId/webhooks',
      path: at('/webhooks'),
      content: '.sl-page .ant-table-row',
    },
    {
      name: 'review statuses',
      pattern: '/team/:teamId/issues/review-statuses',
      path: at('/issues/review-statuses'),
      content: row('review-statuses-table'),
    },
  ];
}

async function tokensOf(baseUrl: string) {
  const reply = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return (await reply.json()) as { access: string; refresh: string };
}

/**
 * A load whose requests the browser sent and never saw answered, with no error in the page. It is Chromium's
 * network emulation over HTTP/2: in loops of the items page through the front (2026-12-05), 2–3 loads in 40
 * stalled with the 4G emulation on, none in 80 with it off; in each stall the front had received all 75
 * requests and written every reply in full, and the browser still waited on 50–70 of them (a load event that
 * never fires under this emulation: microsoft/playwright#22676). Such a load is measured again in a fresh
 * context, up to STALL_RETRIES times (two stalls in a row were seen), and the run says so.
 */
class StalledLoad extends Error {}
const STALL_RETRIES = 3;

/** A load (a route's, or the sign-in journey), again if it stalled. */
async function againIfStalled(load: () => Promise<Load>) {
  for (let retry = 1; ; retry += 1) {
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof StalledLoad) || retry > STALL_RETRIES) throw error;
      console.error(`stalled, loaded again (${retry} of ${STALL_RETRIES}): ${error.message}`);
    }
  }
}

/** The errors a page reports as it loads: none, with requests unanswered, is a stalled load. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
  return errors;
}

/**
 * Waits for what a load shows; one that never shows it names its build, route and what failed in the
 * page, closes its context and throws, a StalledLoad when nothing failed and requests are unanswered.
 */
async function shownOrStalled(
  content: Locator,
  load: { build: string; route: string; errors: string[]; metered: Awaited<ReturnType<typeof meter>> },
) {
  const page = content.page();
  await content.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
    // What the page showed instead, kept for whoever reads the failure.
    const shot = path.join(os.tmpdir(), `admin-pages-${load.route.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const pending = load.metered.traffic.waterfall.filter((step) => step.doneMs === undefined);
    const message = `${load.build}, ${load.route}: ${error.message.split('\n')[0]}; ${load.errors.join('; ') || 'no page error'}; screenshot ${shot}; unanswered: ${pending.map((s) => s.path).join(', ') || 'none'}`;
    await page.context().close();
    throw load.errors.length === 0 && pending.length > 0 ? new StalledLoad(message) : new Error(message);
  });
}

/** One cold load of a route by a signed-in admin. */
async function loadRoute(
  browser: Browser,
  build: string,
  route: Route,
  tokens: { access: string; refresh: string },
) {
  const context = await browser.newContext(DESKTOP);
  await context.addInitScript(
    `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.access)}, ${JSON.stringify(tokens.access)});` +
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.refresh)}, ${JSON.stringify(tokens.refresh)});`,
  );
  await watchFirstFrames(context, [route.content]);
  const page = await context.newPage();
  const errors = pageErrors(page);
  const metered = await meter(context, page);
  const isProfiled = PROFILED === route.name;
  if (isProfiled) await metered.startProfile();
  const html = (await page.goto(route.path, { waitUntil: 'commit' }))?.text();
  await shownOrStalled(page.locator(route.content).first(), { build, route: route.name, errors, metered });
  const paintMs = (await firstFrames(page, route.content)).shownMs;
  if (isProfiled) {
    const summary = profileSummary(await metered.stopProfile());
    console.log(
      `\n${route.name}: the main thread up to its paint at ${paintMs.toFixed(0)} ms\n${summary.join('\n')}`,
    );
  }
  const { taskMs } = await metered.mainThreadMs();
  await page.waitForLoadState('networkidle');
  if (route.rows !== undefined) {
    const drawn = await page.locator(route.content).count();
    if (drawn !== route.rows)
      throw new Error(`${build}, ${route.name}: ${drawn} rows drawn, not ${route.rows}`);
  }
  const announced = announcedScripts((await html) ?? '');
  await context.close();
  if (WATERFALL === route.name || WATERFALL === 'all') printWaterfall(route.name, metered.traffic, paintMs);
  return measured(build, route, metered.traffic, announced, paintMs, taskMs);
}

/** BENCH_ROUTES=items,dashboard loads those routes only (and the sign-in journey). */
const ONLY = process.env.BENCH_ROUTES?.split(',');

/** BENCH_PROFILE=<route name> prints where that route's JavaScript spent its time up to its paint. */
const PROFILED = process.env.BENCH_PROFILE;

/** BENCH_WATERFALL=<route name> (or `all`) prints its requests in the order sent: what its paint waited for. */
const WATERFALL = process.env.BENCH_WATERFALL;

function printWaterfall(
  name: string,
  traffic: Awaited<ReturnType<typeof meter>>['traffic'],
  paintMs: number,
) {
  console.log(`\n${name}: ${traffic.requests} requests, painted at ${paintMs.toFixed(0)} ms`);
  for (const step of traffic.waterfall) {
    const done = step.doneMs === undefined ? '-' : step.doneMs.toFixed(0);
    const kib = ((step.bytes ?? 0) / 1024).toFixed(1);
    console.log(
      `${step.sentMs.toFixed(0).padStart(6)} ${done.padStart(6)} ${kib.padStart(6)} KiB  ${step.path}`,
    );
  }
}

/** /login cold, then the sign-in form, up to the dashboard's cards. */
async function signInJourney(browser: Browser, build: string, baseUrl: string): Promise<Load> {
  const route: Route = {
    name: 'sign-in to dashboard',
    pattern: '/login',
    path: `${baseUrl}/login`,
    content: DASHBOARD_CONTENT,
  };
  const context = await browser.newContext(DESKTOP);
  await watchFirstFrames(context, [route.content]);
  const page = await context.newPage();
  const errors = pageErrors(page);
  const metered = await meter(context, page);
  const html = (await page.goto(route.path, { waitUntil: 'commit' }))?.text();
  await shownOrStalled(page.getByLabel('Password', { exact: true }), {
    build,
    route: route.name,
    errors,
    metered,
  });
  const announced = announcedScripts((await html) ?? '');
  await page.getByLabel('Username or e-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const clickedMs = await page.evaluate(() => performance.now());
  await page.getByTestId('login-submit').click();
  await page.locator(route.content).first().waitFor({ timeout: 60_000 });
  const paintMs = (await firstFrames(page, route.content)).shownMs - clickedMs;
  const { taskMs } = await metered.mainThreadMs();
  await page.waitForLoadState('networkidle');
  await context.close();
  return measured(build, route, metered.traffic, announced, paintMs, taskMs);
}

function measured(
  build: string,
  route: Route,
  traffic: Awaited<ReturnType<typeof meter>>['traffic'],
  announced: Set<string>,
  paintMs: number,
  taskMs: number,
): Load {
  const late = [...traffic.scripts].filter(([path]) => !announced.has(path));
  return {
    build,
    route: route.name,
    pattern: route.pattern,
    kib: traffic.bytes / 1024,
    requests: traffic.requests,
    scripts: traffic.scripts.size,
    lateScripts: late.length,
    lateKib: late.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024,
    paintMs,
    lastByteMs: traffic.lastByteMs,
    taskMs,
  };
}

async function main() {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const fronts: Awaited<ReturnType<typeof startH2Front>>[] = [];
  let opened: Browser | undefined;
  // Whatever fails to start (a missing Chromium), what did start is stopped, and the run ends.
  try {
    for (const build of BUILDS) servers.push(await startServer(build.dist ? { WEB_DIST: build.dist } : {}));
    if (PROTOCOLS.includes('h2')) {
      fronts.push(...(await Promise.all(servers.map((server) => startH2Front(server.url)))));
    }
    const variants: Variant[] = BUILDS.flatMap((build, b) =>
      PROTOCOLS.map((protocol) => ({
        name: BUILDS.length > 1 ? `${build.name} ${protocol}` : protocol,
        build: b,
        protocol,
        origin: (protocol === 'h2' ? fronts[b]?.url : servers[b]?.url) ?? '',
      })),
    );
    const browser = await launchBrowser(trustSwitch(fronts));
    opened = browser;
    const loadAtStart = loadAverage();
    const routesByBuild: Route[][] = [];
    for (const server of servers) routesByBuild.push(await seed(server.url));
    const loads: Load[] = [];
    for (let pass = 0; pass < REPEATS; pass += 1) {
      // Tokens of a pass: an access token lasts 15 minutes.
      const tokens = await Promise.all(servers.map((server) => tokensOf(server.url)));
      // The variants take turns going first, so that none always meets the same moment.
      const order = pass % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        loads.push(await againIfStalled(() => signInJourney(browser, variant.name, variant.origin)));
      }
      for (const [index, first] of (routesByBuild[0] ?? []).entries()) {
        if (ONLY && !ONLY.includes(first.name)) continue;
        for (const variant of order) {
          const route = routesByBuild[variant.build]?.[index];
          const pair = tokens[variant.build];
          const origin = servers[variant.build]?.url ?? '';
          if (!route || !pair) continue;
          const at = { ...route, path: route.path.replace(origin, variant.origin) };
          loads.push(await againIfStalled(() => loadRoute(browser, variant.name, at, pair)));
        }
      }
    }
    console.log(describeMachine());
    console.log(`Load average (1, 5, 15 min) at the start: ${loadAtStart}; at the end: ${loadAverage()}`);
    console.log(
      `Chromium at 1366 × 768, 4G (1 MB/s down, 150 ms), cold cache, each route ${REPEATS} times.\n`,
    );
    console.log(
      '| route | served | KiB transferred | requests | JS files (late) | late JS KiB | first meaningful paint ms | last byte ms | main thread ms |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const l of loads) {
      console.log(
        `| ${l.route} | ${l.build} | ${l.kib.toFixed(0)} | ${l.requests} | ${l.scripts} (${l.lateScripts}) | ${l.lateKib.toFixed(0)} | ${l.paintMs.toFixed(0)} | ${l.lastByteMs.toFixed(0)} | ${l.taskMs.toFixed(0)} |`,
      );
    }
    console.log(
      '\n| route | served | max KiB | JS files | median first meaningful paint ms | max ms | goal |',
    );
    console.log('|---|---|---:|---:|---:|---:|---|');
    const misses = new Map(variants.map((variant) => [variant.name, [] as string[]]));
    for (const route of new Set(loads.map((l) => l.route))) {
      for (const { name } of variants) {
        const of = loads.filter((l) => l.route === route && l.build === name);
        const paints = of.map((l) => l.paintMs).sort((a, b) => a - b);
        const kib = Math.max(...of.map((l) => l.kib));
        const kibGoal =
          route === 'sign-in to dashboard'
            ? Number.POSITIVE_INFINITY
            : route === 'dashboard'
              ? DASHBOARD_GOAL_KIB
              : GOAL_KIB;
        const worst = paints.at(-1) ?? 0;
        const isMet = kib <= kibGoal && worst <= GOAL_PAINT_MS;
        if (!isMet) misses.get(name)?.push(route);
        console.log(
          `| ${route} | ${name} | ${kib.toFixed(0)} | ${Math.max(...of.map((l) => l.scripts))} | ${percentile(paints, 0.5).toFixed(0)} | ${worst.toFixed(0)} | ${isMet ? 'met' : 'missed'} |`,
        );
      }
    }
    // Each served variant's most KiB a route, in one row: what HTTP/1.1's headers add to HTTP/2's (issue 57, point 6).
    console.log(`\n| route | ${variants.map((v) => `${v.name} max KiB`).join(' | ')} | KiB goal |`);
    console.log(`|---|${variants.map(() => '---:|').join('')}---:|`);
    for (const route of new Set(loads.map((l) => l.route))) {
      const most = variants.map(({ name }) =>
        Math.max(...loads.filter((l) => l.route === route && l.build === name).map((l) => l.kib)),
      );
      const goal =
        route === 'dashboard' ? DASHBOARD_GOAL_KIB : route === 'sign-in to dashboard' ? '' : GOAL_KIB;
      console.log(`| ${route} | ${most.map((kib) => kib.toFixed(1)).join(' | ')} | ${goal} |`);
    }
    console.log('');
    for (const [name, missed] of misses) {
      console.log(
        missed.length === 0
          ? `admin pages (${name}): every route within ${GOAL_KIB} KiB (dashboard ${DASHBOARD_GOAL_KIB}) and painted within ${GOAL_PAINT_MS} ms`
          : `admin pages (${name}): goal missed by ${missed.join(', ')}`,
      );
    }
  } finally {
    // A stalled load names the requests the front still holds, and where each one stopped.
    for (const front of fronts) {
      const held = front.inFlight();
      if (held.length > 0) console.error(`h2 front still holds: ${held.join(', ')}`);
    }
    await opened?.close();
    for (const front of fronts) await front.stop();
    for (const server of servers) await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
