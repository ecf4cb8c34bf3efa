import { openDatabase } from '../apps/server/src/db/client.ts';
let t = Date.now();
const db = await openDatabase({});
console.log('pglite open+migrate ms', Date.now() - t);
t = Date.now();
const blob = await db.pglite!.dumpDataDir('none');
console.log('dump ms', Date.now() - t, 'bytes', blob.size);
await db.close();
for (let i = 0; i < 3; i++) {
  t = Date.now();
  const d2 = await openDatabase({ loadDataDir: blob });
  console.log('open from dump ms', Date.now() - t);
  await d2.close();
}
