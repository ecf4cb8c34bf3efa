import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = await PGlite.create({
  loadDataDir: new Blob([readFileSync(process.argv[2])]),
  extensions: { pg_trgm, btree_gin },
});
const t = await db.query(`select schemaname, relname from pg_stat_user_tables order by 1,2`);
for (const r of t.rows) {
  const c = await db.query(`select count(*)::int n from "${r.schemaname}"."${r.relname}"`);
  if (c.rows[0].n) console.log(r.schemaname, r.relname, c.rows[0].n);
}
console.log('tables', t.rows.length);
const s = await db.query(`select schemaname, sequencename, last_value from pg_sequences`);
console.log(
  'seqs',
  s.rows.length,
  s.rows.filter((r) => r.last_value !== null),
);
const seqOwned = await db.query(
  `select count(*) from pg_class c where relkind='S' and not exists (select 1 from pg_depend d where d.objid=c.oid and d.deptype in ('a','i'))`,
);
console.log('unowned seqs', seqOwned.rows);
console.log((await db.query(`select nspname from pg_namespace`)).rows.map((r) => r.nspname).join(' '));
