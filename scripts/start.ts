/** `npm start`: builds the shop when there is no build yet, then serves it and prints the URL. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/client/index.html') || process.env.FORCE_BUILD === '1') {
  console.log('Building the shop (first run)...');
  const r = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('./serve.ts');
