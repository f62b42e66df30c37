import { promisify } from 'node:util';
import yauzl from 'yauzl';

/**
 * A zip's files by their path, read by yauzl (which checks every entry against the central
 * directory and its CRC): what any unzip program would find in a download.
 */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  const openReadStream = promisify(archive.openReadStream.bind(archive));
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      openReadStream(entry)
        .then(async (stream) => {
          files.set(entry.fileName, Buffer.concat(await stream.toArray()));
          archive.readEntry();
        })
        .catch(reject);
    });
    archive.readEntry();
  });
  return files;
}
