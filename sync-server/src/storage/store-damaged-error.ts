// A data file the store will not guess about: it names the file, the place and the repair, and never shows
// the data (which holds password hashes, sessions and secrets).

export class StoreDamagedError extends Error {
  override name = 'StoreDamagedError';

  /** `problem` is one sentence naming the file (and the byte offset) and what is wrong with it. */
  constructor(dir: string, problem: string) {
    super(
      `Storage: ${problem} The server did not start and changed nothing. ` +
        `Run \`DATA_DIR=${dir} npm run store:check\` to list the damage, then ` +
        `\`DATA_DIR=${dir} npm run store:repair\` to keep a copy of the damaged files and recover every ` +
        'intact record (or restore a backup: README, "Backups").',
    );
  }
}
