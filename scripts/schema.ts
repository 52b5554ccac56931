import { compareSnapshots, describeDifference, editedMigrations, isUpToDate, readCommittedSnapshot, snapshotFromMigrations, writeSnapshot } from '../db/schema-snapshot.ts';

// npm run schema:write — regenerate db/schema/ from db/migrations (decision 210).
// npm run schema:check — exit 1 when the committed db/schema/ is not what the migrations build.
const command = process.argv[2];
if (command !== 'write' && command !== 'check') {
  console.error('usage: tsx scripts/schema.ts write|check');
  process.exit(2);
}
const current = await snapshotFromMigrations();
const committed = readCommittedSnapshot();
const edited = editedMigrations(committed, current);
if (command === 'write') {
  if (edited.length > 0 && !process.argv.includes('--accept-edited-migrations')) {
    console.error(`refusing to write: ${edited.join(', ')} changed since db/schema/ recorded it; restore it and add a new migration.`);
    process.exit(1);
  }
  writeSnapshot(current);
  console.log(`db/schema/: ${current.size} files written`);
} else {
  const difference = compareSnapshots(committed, current);
  if (isUpToDate(difference)) console.log(`db/schema/ is up to date (${current.size} files)`);
  else {
    console.error(describeDifference(difference, edited));
    process.exitCode = 1;
  }
}
