// The answer page of a large selection and one judge's full submission (`npm run bench:answer-page`,
// issue 14): a rating selection of 2,000 items × 5 criteria, served with the built web app by the real
// server. Chromium (the machine's, 1280 × 800, loopback, cold cache) opens a new judge's personal link, twice:
// time from navigation start to the first item's rating control (the page's own clock in the frame where it
// shows, page-clock.ts), to interactive (that control visible and the main thread free) and to the whole
// first page (50 items) drawn; plus the answer view's size and time
// over HTTP. Then one judge's 10,000 answers through the app against one INSERT … SELECT FROM
// json_to_recordset of the same rows, twice (goal ≤ 1.5×). Set WEB_DIST to use a build of your own, or
// WEB_DISTS=before=/tmp/a,after=/tmp/b to load the page from each build in turn within the same run (ratios).
import os from 'node:os';
import type { Page } from 'playwright-core';
import type { Database } from '../apps/server/src/db/client.ts';
import { answerLink } from '../apps/server/src/features/judges/judge-access.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { firstFrames, watchFirstFrames } from './page-clock.ts';
import { benchClient } from './report-scale/client.ts';
import { seedReport } from './report-scale/seed.ts';
import { addJudge, type SubmissionTimes, timeSubmissions } from './report-scale/submissions.ts';

const ITEMS = 2_000;
const CRITERIA = 5;
const PAGE_SIZE = 50;
const RUNS = 2;
/** A criterion's rating control: Ant Design's slider handle (before issue 16) or the native range. */
const SLIDER = '[role="slider"], input[type="range"]';

/** The builds to compare, by name; one (WEB_DIST or apps/web/dist) unless WEB_DISTS names several. */
const BUILDS = (process.env.WEB_DISTS ?? `build=${process.env.WEB_DIST ?? 'apps/web/dist'}`)
  .split(',')
  .map((entry) => {
    const [name = '', dist = ''] = entry.split('=');
    return { name, dist };
  });

interface PageLoad {
  build: string;
  /** When the answer view's reply had arrived (its request's, or the HTML's), from navigation start. */
  viewReceivedMs: number;
  firstItemMs: number;
  interactiveMs: number;
  pageDrawnMs: number;
  /** Chromium's own counters up to the drawn page (CDP Performance.getMetrics), in ms. */
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
}
interface EngineResult {
  engine: string;
  view: { ms: number; kib: number }[];
  loads: PageLoad[];
  submissions: SubmissionTimes[];
}

/** The page's own clock once the main thread has rendered a frame and run a task: nothing blocks input. */
const idleNow = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
      ),
  );

async function loadPage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  build: string,
  url: string,
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await watchFirstFrames(context, [SLIDER]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(SLIDER).first().waitFor({ timeout: 60_000 });
    const { shownMs: firstItemMs, idleMs: interactiveMs } = await firstFrames(page, SLIDER);
    // Every criterion of every item of the first page has its control.
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length >= count,
      [SLIDER, PAGE_SIZE * CRITERIA] as const,
      { timeout: 60_000 },
    );
    const pageDrawnMs = await idleNow(page);
    // Asked by the page, or written into its HTML by the server (http/first-reply.ts): then with the HTML.
    const viewReceivedMs = await page.evaluate(
      () =>
        (
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
            entry.name.includes('/answer_view/'),
          ) ?? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        )?.responseEnd ?? 0,
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      build,
      viewReceivedMs,
      firstItemMs,
      interactiveMs,
      pageDrawnMs,
      scriptMs: seconds('ScriptDuration'),
      styleMs: seconds('RecalcStyleDuration'),
      layoutMs: seconds('LayoutDuration'),
    };
  } finally {
    await context.close();
  }
}

async function benchEngine(database: Database, dataDir: string): Promise<EngineResult> {
  // The browser first: without Chromium, no app is left open.
  const browser = await launchBrowser();
  // One app per build on the same database: the page of each is loaded in turn, in the same conditions.
  const apps = await Promise.all(
    BUILDS.map((build) => buildBenchApp(database, dataDir, { WEB_DIST: build.dist })),
  );
  const [app] = apps;
  if (!app) throw new Error('no build');
  try {
    const { user, team } = await seedAdminTeam(database);
    console.error(`  ${database.engine}: seeding ${ITEMS} items × ${CRITERIA} criteria...`);
    const size = { items: ITEMS, judges: 1, criteria: CRITERIA, prefix: 'answer' };
    const issueId = await seedReport(database, team.id, size);
    const bases = [];
    for (const each of apps) bases.push(await each.listen({ port: 0, host: '127.0.0.1' }));
    const base = bases[0] ?? '';
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const result: EngineResult = { engine: database.engine, view: [], loads: [], submissions: [] };
    for (let run = 0; run < RUNS; run++) {
      const judge = await addJudge(database, issueId, `page${run}@extra.bench.test`);
      const start = performance.now();
      const view = await fetch(`${base}/api/v1/issues/${issueId}/answer_view/?token=${judge.token}`);
      const body = await view.arrayBuffer();
      if (view.status !== 200) throw new Error(`answer_view: ${view.status}`);
      result.view.push({ ms: performance.now() - start, kib: body.byteLength / 1024 });
      // A new judge per build: each page opens a link never opened before (no draft, cold cache). The
      // builds take turns going first, so that neither always has the warmer server.
      const order = run % 2 === 0 ? [...BUILDS.entries()] : [...BUILDS.entries()].reverse();
      for (const [index, build] of order) {
        const judgeOfBuild =
          index === 0
            ? judge
            : await addJudge(database, issueId, `page${run}-${build.name}@extra.bench.test`);
        const url = new URL(answerLink(app.ctx, issueId, judgeOfBuild.token));
        result.loads.push(await loadPage(browser, build.name, `${bases[index]}${url.pathname}${url.search}`));
      }
      result.submissions.push(await timeSubmissions(database, client, { issueId, run }));
      const loads = result.loads.slice(-BUILDS.length);
      console.error(
        `    run ${run + 1}: first item ${loads.map((l) => `${l.build} ${l.firstItemMs.toFixed(0)}`).join(', ')} ms`,
      );
    }
    return result;
  } finally {
    await browser.close();
    for (const each of apps) await each.close();
  }
}

const ms = (value: number) => value.toFixed(0);

function report(results: EngineResult[]) {
  const lines = [
    describeMachine(),
    `Load average at the end (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
    `A rating selection of ${ITEMS.toLocaleString('en')} items × ${CRITERIA} criteria; Chromium 1280 × 800 on loopback, cold cache; ${RUNS} runs.`,
    `Builds, loaded in turn in each run: ${BUILDS.map((b) => `${b.name} (${b.dist})`).join(', ')}.`,
    '',
    '| engine | build | view received in page (ms) | first item (ms) | interactive (ms) | first page of 50 drawn (ms) | script / style / layout up to drawn (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const ratios: string[] = [];
  for (const r of results) {
    const loadsOf = (build: string) => r.loads.filter((load) => load.build === build);
    for (const { name } of BUILDS) {
      const each = (value: (load: PageLoad) => string) => loadsOf(name).map(value).join(' / ');
      lines.push(
        `| ${r.engine} | ${name} | ${each((l) => ms(l.viewReceivedMs))} | ${each((l) => ms(l.firstItemMs))} | ${each((l) => ms(l.interactiveMs))} | ${each((l) => ms(l.pageDrawnMs))} | ${each((l) => `${ms(l.scriptMs)}, ${ms(l.styleMs)}, ${ms(l.layoutMs)}`)} |`,
      );
    }
    const [first, ...others] = BUILDS;
    for (const other of others) {
      const per = (value: (load: PageLoad) => number) =>
        loadsOf(other.name)
          .map((load, run) => value(load) / value(loadsOf(first?.name ?? '')[run] ?? load))
          .map((ratio) => ratio.toFixed(2))
          .join(', ');
      ratios.push(
        `ratio ${r.engine} ${other.name}/${first?.name}: first item ${per((l) => l.firstItemMs)}; interactive ${per((l) => l.interactiveMs)}; page drawn ${per((l) => l.pageDrawnMs)}`,
      );
    }
  }
  lines.push(
    '',
    '| engine | answer_view over HTTP (ms, KiB) | submission app / INSERT (ms) | ratio (worse run) |',
    '| --- | --- | --- | ---: |',
  );
  for (const r of results) {
    const worst = Math.max(...r.submissions.map((s) => s.app / s.floor));
    lines.push(
      `| ${r.engine} | ${r.view.map((v) => `${ms(v.ms)}, ${ms(v.kib)}`).join(' / ')} | ${r.submissions.map((s) => `${ms(s.app)} / ${ms(s.floor)}`).join(', ')} | ${worst.toFixed(2)} |`,
    );
  }
  console.log([...lines, '', ...ratios].join('\n'));
}

benchBothEngines('the answer page of 2,000 items and a 10,000-answer submission', benchEngine, report);
