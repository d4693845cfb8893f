import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.webmanifest']);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}

/** Writes builds/latest.json and .br/.gz twins of every text file over 512 bytes. */
export async function postBuild(clientDir: string): Promise<{ pages: number; compressed: number; buildId: string }> {
  const buildId = randomUUID();
  await mkdir(join(clientDir, 'builds'), { recursive: true });
  await writeFile(join(clientDir, 'builds/latest.json'), JSON.stringify({ id: buildId, timestamp: Date.now() }));
  let pages = 0;
  let compressed = 0;
  const jobs: Promise<void>[] = [];
  for await (const file of walk(clientDir)) {
    const ext = extname(file);
    if (ext === '.html') pages++;
    if (!COMPRESSIBLE.has(ext) || file.endsWith('builds/latest.json')) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        if (body.length < 512) return;
        const [b, g] = await Promise.all([
          br(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
        compressed++;
      })(),
    );
  }
  await Promise.all(jobs);
  return { pages, compressed, buildId };
}
