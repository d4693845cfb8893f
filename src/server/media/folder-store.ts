import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { type MediaInfo, type MediaStore, mediaTypeOf } from './media-store.ts';

// ENOTDIR: a name under a file (`x.webp/y.webp`) is as missing as a name in no folder.
const missing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

async function* walk(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (missing(err)) return;
    throw err;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile() && !e.name.endsWith('.tmp')) yield full;
  }
}

/** The photos in a folder (MEDIA_DIR), as the shop has always kept them. */
export function folderStore(root: string): MediaStore {
  const pathOf = (key: string) => join(root, ...key.split('/'));
  const info = async (key: string): Promise<MediaInfo | null> => {
    try {
      const st = await stat(pathOf(key));
      if (!st.isFile()) return null;
      const etag = createHash('md5')
        .update(await readFile(pathOf(key)))
        .digest('hex');
      return { size: st.size, contentType: mediaTypeOf(key), etag };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    describe: `folder ${root}`,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Whole or not at all: a stopped import never leaves half a photo under its name.
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, path);
    },
    async get(key) {
      let size: number;
      try {
        const st = await stat(pathOf(key));
        if (!st.isFile()) return null;
        size = st.size;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      const body = Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array>;
      return { body, size, contentType: mediaTypeOf(key) };
    },
    head: info,
    async *list(prefix = '') {
      for await (const full of walk(root)) {
        const key = relative(root, full).split(sep).join('/');
        if (key.startsWith(prefix)) yield { key, size: (await stat(full)).size };
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
