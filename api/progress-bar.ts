// A progress bar for the command-line tools (npm run companies:import, npm run search:rebuild) on
// stderr: redrawn in place on a terminal, one line every tenth otherwise (a log stays short).

/** A drawer of `done/total <what>`; call it as often as the work advances. */
export function progressBar(what: string): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const tenth = Math.floor(share * 10);
    if (!process.stderr.isTTY && tenth === shown && done < total) return;
    shown = tenth;
    const width = 30;
    const filled = Math.round(share * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${done}/${total} ${what}`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K${done >= total ? '\n' : ''}` : `${line}\n`);
  };
}
