// Run a command, streaming its output, and fail loudly with the command line when it fails.
import { spawn } from 'node:child_process';

export function run(command: string, args: string[], options: { cwd?: string; quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      if (!options.quiet) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      if (!options.quiet) process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${options.quiet ? output : ''}`));
    });
  });
}
