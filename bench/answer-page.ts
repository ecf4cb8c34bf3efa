// The answer page of a large selection and one judge's full submission (`npm run bench:answer-page`,
// issue 14): a rating selection of 2,000 items × 5 criteria, served with the built web app by the real
// server. Chromium (the machine's, 1280 × 800, loopback, cold cache) opens a new judge's personal link, twice:
// time from navigation start to the first item's rating control, to interactive (that control visible and
// the main thread free) and to the whole first page (50 items) drawn; plus the answer view's size and time
// over HTTP. Then one judge's 10,000 answers through the app against one INSERT … SELECT FROM
// json_to_recordset of the same rows, twice (goal ≤ 1.5×). Set WEB_DIST to use a build of your own.
import os from 'node:os';
import type { Page } from 'playwright-core';
import type { Database } from '../apps/server/src/db/client.ts';
import { answerLink } from '../apps/server/src/features/judges/judge-access.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { benchBothEngines, buildBenchApp, describeMachine, seedAdminTeam } from './bench-app.ts';
import { benchClient } from './report-scale/client.ts';
import { seedReport } from './report-scale/seed.ts';
import { addJudge, type SubmissionTimes, timeSubmissions } from './report-scale/submissions.ts';

const ITEMS = 2_000;
const CRITERIA = 5;
const PAGE_SIZE = 50;
const RUNS = 2;
/** A criterion's rating control: the slider's handle (Ant Design keeps the test id off the DOM). */
const SLIDER = '[role="slider"]';

interface PageLoad {
  /** When the answer view's reply had arrived, from navigation start. */
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

async function loadPage(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(SLIDER).first().waitFor({ timeout: 60_000 });
    const firstItemMs = await page.evaluate(() => performance.now());
    const interactiveMs = await idleNow(page);
    // Every criterion of every item of the first page has its control.
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector).length >= count,
      [SLIDER, PAGE_SIZE * CRITERIA] as const,
      { timeout: 60_000 },
    );
    const pageDrawnMs = await idleNow(page);
    const viewReceivedMs = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          entry.name.includes('/answer_view/'),
        )?.responseEnd ?? 0,
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
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
  const app = await buildBenchApp(database, dataDir, { WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist' });
  const browser = await launchBrowser();
  try {
    const { user, team } = await seedAdminTeam(database);
    console.error(`  ${database.engine}: seeding ${ITEMS} items × ${CRITERIA} criteria...`);
    const size = { items: ITEMS, judges: 1, criteria: CRITERIA, prefix: 'answer' };
    const issueId = await seedReport(database, team.id, size);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = benchClient(base, (await app.ctx.tokens.issuePair(user.id)).access);
    const result: EngineResult = { engine: database.engine, view: [], loads: [], submissions: [] };
    for (let run = 0; run < RUNS; run++) {
      const judge = await addJudge(database, issueId, `page${run}@extra.bench.test`);
      const link = new URL(answerLink(app.ctx, issueId, judge.token));
      const start = performance.now();
      const view = await fetch(`${base}/api/v1/issues/${issueId}/answer_view/?token=${judge.token}`);
      const body = await view.arrayBuffer();
      if (view.status !== 200) throw new Error(`answer_view: ${view.status}`);
      result.view.push({ ms: performance.now() - start, kib: body.byteLength / 1024 });
      result.loads.push(await loadPage(browser, `${base}${link.pathname}${link.search}`));
      result.submissions.push(await timeSubmissions(database, client, { issueId, run }));
      const last = result.loads.at(-1);
      console.error(`    run ${run + 1}: first item ${last?.firstItemMs.toFixed(0)} ms`);
    }
    return result;
  } finally {
    await browser.close();
    await app.close();
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
    '',
    '| engine | answer_view over HTTP (ms, KiB) | view received in page (ms) | first item (ms) | interactive (ms) | first page of 50 drawn (ms) | script / style / layout up to drawn (ms) | submission app / INSERT (ms) | ratio (worse run) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | ---: |',
  ];
  for (const r of results) {
    const worst = Math.max(...r.submissions.map((s) => s.app / s.floor));
    const each = (value: (load: PageLoad) => string) => r.loads.map(value).join(' / ');
    lines.push(
      `| ${r.engine} | ${r.view.map((v) => `${ms(v.ms)}, ${ms(v.kib)}`).join(' / ')} | ${each((l) => ms(l.viewReceivedMs))} | ${each((l) => ms(l.firstItemMs))} | ${each((l) => ms(l.interactiveMs))} | ${each((l) => ms(l.pageDrawnMs))} | ${each((l) => `${ms(l.scriptMs)}, ${ms(l.styleMs)}, ${ms(l.layoutMs)}`)} | ${r.submissions.map((s) => `${ms(s.app)} / ${ms(s.floor)}`).join(', ')} | ${worst.toFixed(2)} |`,
    );
  }
  console.log(lines.join('\n'));
}

benchBothEngines('the answer page of 2,000 items and a 10,000-answer submission', benchEngine, report);
