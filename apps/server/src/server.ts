import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { bootstrapFirstStart } from './features/admin/bootstrap.ts';
import { resolveJwtSecret } from './features/auth/jwt-secret.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    answerConnections: config.databaseAnswerConnections,
  });
  const app = await buildApp({
    config,
    db: database.db,
    reportDb: database.reportDb,
    backgroundDb: database.backgroundDb,
    answersDb: database.answersDb,
    engine: database.engine,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    webDist: config.webDist ?? defaultWebDist,
    backgroundJobs: true,
  });

  const firstStart = await bootstrapFirstStart(database.db, config);
  if (firstStart) {
    app.log.info(`Created the superuser ${firstStart.email} and the demo workspace.`);
    if (firstStart.generatedPassword) {
      // Printed once, on purpose outside the JSON log so that it is easy to read.
      console.log(
        `\n  Superuser: ${firstStart.email}\n  Password:  ${firstStart.generatedPassword}\n  (shown only this once)\n`,
      );
    }
  }

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Shortlist (${database.engine}) on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.message.startsWith('DATA_DIR'))) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
