import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { verifyReportsCommand } from '../reports/verify.ts';
import { backup, restore } from './backup.ts';
import {
  CommandError,
  createTeamCommand,
  createUserCommand,
  makeAdminCommand,
  resetPasswordCommand,
  setPackageCommand,
} from './commands.ts';
import { moveFilesToS3 } from './move-files.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email E [--password P] [--superuser]
  create-team --title T [--description D]
  make-admin --team ID --email E
  set-package --team ID key=value [key=value …]   (e.g. mass_emails=true nb_issues_in_merge=8)
  reset-password --email E [--password P]
  backup [--out FILE]
  restore FILE                                      (embedded engine: database and files, into a new DATA_DIR)
  verify-reports                                    (stored report values against the answers)
  move-files-to-s3                                  (DATA_DIR/files into the S3_BUCKET; safe to run again)

A missing password is generated and printed. The environment (DATA_DIR, DATABASE_URL) is the server's.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    superuser: { type: 'boolean' },
    title: { type: 'string' },
    description: { type: 'string' },
    team: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function required(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== 'string' || !value) throw new CommandError(`--${name} is required.\n\n${USAGE}`);
  return value;
}

function teamId(): number {
  const id = Number(required('team'));
  if (!Number.isInteger(id) || id <= 0) throw new CommandError('--team takes a team id.');
  return id;
}

async function run(): Promise<string[]> {
  const [command, ...rest] = positionals;
  if (!command || values.help) return [USAGE];
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return backup(
      config,
      values.out ?? `shortlist-backup-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`,
    );
  }
  if (command === 'move-files-to-s3') return moveFilesToS3(config);
  if (command === 'restore') {
    if (!rest[0]) throw new CommandError('restore takes the backup file.');
    return restore(config, rest[0]);
  }
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { db } = database;
    switch (command) {
      case 'create-user':
        return await createUserCommand(db, {
          email: required('email'),
          password: values.password,
          superuser: values.superuser,
        });
      case 'create-team':
        return await createTeamCommand(db, { title: required('title'), description: values.description });
      case 'make-admin':
        return await makeAdminCommand(db, { teamId: teamId(), email: required('email') });
      case 'set-package':
        return await setPackageCommand(db, { teamId: teamId(), settings: rest });
      case 'reset-password':
        return await resetPasswordCommand(db, { email: required('email'), password: values.password });
      case 'verify-reports': {
        const { lines, isConsistent } = await verifyReportsCommand(db);
        if (!isConsistent) throw new CommandError(lines.join('\n'));
        return lines;
      }
      default:
        throw new CommandError(`Unknown command ${command}.\n\n${USAGE}`);
    }
  } finally {
    await database.close();
    unlock();
  }
}

run().then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    const isExpected = error instanceof CommandError || error instanceof ConfigError;
    const isLock = error instanceof Error && error.message.startsWith('DATA_DIR');
    console.error(isExpected || isLock ? (error as Error).message : error);
    process.exit(1);
  },
);
