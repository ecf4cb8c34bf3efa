import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
const base = process.env.URL!;
async function admin(sql: string) { const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(sql); await c.end(); }
const at = (name: string) => { const u = new URL(base); u.pathname = '/' + name; return u.toString(); };
let t = Date.now();
await admin('create database tpl_x');
let d = await openDatabase({ url: at('tpl_x') }); await d.close();
console.log('create+migrate ms', Date.now() - t);
for (let i = 0; i < 3; i++) {
  t = Date.now();
  await admin(`create database c_${i} template tpl_x`);
  const d2 = await openDatabase({ url: at('c_' + i) }); await d2.close();
  console.log('create from template + migrate check ms', Date.now() - t);
}
for (let i = 0; i < 3; i++) await admin(`drop database c_${i}`);
await admin('drop database tpl_x');
