/**
 * Reads a password without it ever appearing on the command line (where `ps` and shell
 * history would keep it): from a hidden terminal prompt, or from standard input with
 * --password-stdin.
 */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  // one trailing line break is the end of the line, not part of the password
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') return finish(() => resolve(value));
        if (character === '\u0003') return finish(() => reject(new CliError('Cancelled', 130)));
        if (character === '\u007f' || character === '\b') value = [...value].slice(0, -1).join('');
        else value += character;
      }
    };
    stdin.on('data', onData);
  });
}

/** The new password, typed twice at a terminal or read once from standard input. */
export async function readNewPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readPasswordFromStdin();
  if (!process.stdin.isTTY) {
    throw new CliError('No terminal to ask for the password: pipe it in and add --password-stdin', 2);
  }
  const first = await promptHidden('New password (12 to 128 characters): ');
  const second = await promptHidden('Repeat the new password: ');
  if (first !== second) throw new CliError('The two passwords differ; nothing was changed');
  return first;
}
