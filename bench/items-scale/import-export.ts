// Import of 10,000 items × 20 answers through the bulk API, then their xlsx export, over HTTP.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import ExcelJS from 'exceljs';
import { type MemoryPeak, withMemoryPeak } from './memory.ts';

export const IMPORTED_ITEMS = 10_000;
const FIELDS = 20;
const CHUNK = 500;
const CHOICES = ['Seed', 'Series A', 'Series B', 'Growth'];
const REQUEST_TIMEOUT_MS = 120_000;
/** The title words of every seeded item: `search=lab` matches one item in seven. */
export const TITLE_WORDS = ['Solar', 'Urban', 'Green', 'Ocean', 'Smart', 'Open', 'Rural', 'Bio'];
export const TITLE_NOUNS = ['Lab', 'Farm', 'Grid', 'Works', 'Hub', 'Studio', 'Project'];

export interface Api {
  base: string;
  token: string;
}

export interface PhaseResult {
  ms: number;
  memory: MemoryPeak;
}

export async function callApi(api: Api, method: string, url: string, body?: unknown) {
  const response = await fetch(`${api.base}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${api.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

export function itemTitle(index: number) {
  const word = TITLE_WORDS[index % TITLE_WORDS.length];
  const noun = TITLE_NOUNS[index % TITLE_NOUNS.length];
  return `${word} ${noun} ${index}`;
}

/** An item type of 20 fields, every other one a choice, created through the API. */
export async function createItemType(api: Api, team: number) {
  const model = (await (await callApi(api, 'POST', '/data-models/', { team, title: 'Bench' })).json()) as {
    id: number;
  };
  const fields: { id: number; resourcetype: 'text' | 'choice' }[] = [];
  for (let i = 0; i < FIELDS; i++) {
    const body =
      i % 2 === 0
        ? { resourcetype: 'text', label: `Text ${i}`, response_max_length: 500 }
        : { resourcetype: 'choice', label: `Choice ${i}`, options: CHOICES.map((label) => ({ label })) };
    const field = (await (
      await callApi(api, 'POST', `/data-models/${model.id}/datum-fields/`, body)
    ).json()) as {
      id: number;
    };
    fields.push({ id: field.id, resourcetype: body.resourcetype as 'text' | 'choice' });
  }
  return { modelId: model.id, fields };
}

function answersOf(fields: { id: number; resourcetype: 'text' | 'choice' }[], index: number) {
  return fields.map((field, position) => ({
    datum_field: field.id,
    resourcetype: field.resourcetype,
    response:
      field.resourcetype === 'text'
        ? `Answer ${position} of item ${index}: a sentence of ordinary length for a form reply.`
        : (CHOICES[(index + position) % CHOICES.length] as string),
  }));
}

/** 10,000 items in bulk requests of 500, one after another as an import would send them. */
export async function importItems(api: Api, type: Awaited<ReturnType<typeof createItemType>>) {
  return timed(async () => {
    for (let start = 0; start < IMPORTED_ITEMS; start += CHUNK) {
      const chunk = Array.from({ length: CHUNK }, (_, offset) => ({
        data_model: type.modelId,
        title: itemTitle(start + offset),
        datum_values: answersOf(type.fields, start + offset),
      }));
      const created = (await (await callApi(api, 'POST', '/datasets/', chunk)).json()) as unknown[];
      if (created.length !== CHUNK) throw new Error(`bulk create returned ${created.length} items`);
    }
  });
}

/** The streamed export, written to a file as it arrives; the row count is checked afterwards. */
export async function exportItems(api: Api, modelId: number, workDir: string) {
  const file = path.join(workDir, 'export.xlsx');
  let bytes = 0;
  const phase = await timed(async () => {
    const response = await callApi(api, 'GET', `/data-models/${modelId}/export_excel/`);
    if (!response.body) throw new Error('export without a body');
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(file),
    );
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  const rows = (sheet?.actualRowCount ?? 0) - 1; // the header row
  const columns = sheet?.actualColumnCount ?? 0;
  if (rows !== IMPORTED_ITEMS || columns !== 4 + FIELDS) {
    throw new Error(
      `export has ${rows} rows × ${columns} columns, expected ${IMPORTED_ITEMS} × ${4 + FIELDS}`,
    );
  }
  return { ...phase, bytes };
}

async function timed(work: () => Promise<void>): Promise<PhaseResult> {
  const start = performance.now();
  const { memory } = await withMemoryPeak(work);
  return { ms: performance.now() - start, memory };
}
