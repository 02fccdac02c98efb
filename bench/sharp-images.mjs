// The sharp side of bench/images.py: the same photos, widths, formats and qualities as the
// site's image stage, the way sharp-based site generators (Astro, Next.js, Gatsby, Eleventy)
// make them. bench/images.py writes the manifest and runs this; by hand:
//
//     UV_THREADPOOL_SIZE=2 node bench/sharp-images.mjs manifest.json
//
// manifest.json: {outDir, workers, mode, avif, webp, jpeg, jobs: [{source, stem, widths}]}
// Prints one JSON line: {seconds, files, mode, workers, sharp, vips}. Every output is made
// upright with .autoOrient() (what .rotate() without an angle does) and without metadata
// (sharp keeps none unless asked).
//
// Parallelism, chosen to match the Python pool (N worker processes, one image at a time each,
// every encoder single-threaded): one node process, N threads in libuv's pool
// (UV_THREADPOOL_SIZE=N, set by the caller: it must be set before the pool starts), and
// sharp.concurrency(1) so libvips does not add threads of its own inside each pipeline.
// N processes would each load libvips and split the files statically; one process with N
// threads shares the work dynamically, which is sharp's best case and how the generators run
// it. libaom still starts its own threads for AVIF (sharp's docs say so; nothing turns them
// off), so sharp may use more than N cores; the caller pins both tools to the same N cores.
// sharp.concurrency(1) is also sharp's own default on glibc Linux without jemalloc.

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

const manifest = JSON.parse(await readFile(process.argv[2], 'utf8'));
sharp.concurrency(1);

const formats = [
  ['avif', (pipeline) => pipeline.avif(manifest.avif)],
  ['webp', (pipeline) => pipeline.webp(manifest.webp)],
  ['jpg', (pipeline) => pipeline.jpeg(manifest.jpeg)],
];

// "clone" (eleventy-img's way): one sharp instance per photo, a .clone() per output. Each
// clone runs its own libvips pipeline from the file, so a JPEG is decoded once per output,
// each time shrunk on load (libjpeg's scaled IDCT) to what that width needs.
async function cloned(job) {
  const base = sharp(job.source).autoOrient();
  const outputs = [];
  for (const width of job.widths) {
    for (const [ext, encode] of formats) {
      const target = path.join(manifest.outDir, `${job.stem}-${width}.${ext}`);
      outputs.push(encode(base.clone().resize({ width })).toFile(target));
    }
  }
  await Promise.all(outputs);
  return outputs.length;
}

// "raw": decode and resize once per width into raw pixels, then encode the three formats
// from them. Fewer decodes than "clone"; more code than anyone writes for a site generator.
async function raw(job) {
  let files = 0;
  await Promise.all(
    job.widths.map(async (width) => {
      const { data, info } = await sharp(job.source)
        .autoOrient()
        .resize({ width })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const input = { raw: { width: info.width, height: info.height, channels: info.channels } };
      await Promise.all(
        formats.map(([ext, encode]) => {
          const target = path.join(manifest.outDir, `${job.stem}-${width}.${ext}`);
          files += 1;
          return encode(sharp(data, input)).toFile(target);
        }),
      );
    }),
  );
  return files;
}

const run = { clone: cloned, raw }[manifest.mode];
if (!run) throw new Error(`unknown mode ${manifest.mode}`);
await mkdir(manifest.outDir, { recursive: true });

// N photos in flight, like N pool workers; each photo's pipelines queue on libuv's N threads.
const started = process.hrtime.bigint();
const queue = [...manifest.jobs];
let files = 0;
await Promise.all(
  Array.from({ length: manifest.workers }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) files += await run(job);
  }),
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  JSON.stringify({
    seconds,
    files,
    mode: manifest.mode,
    workers: manifest.workers,
    sharp: sharp.versions.sharp,
    vips: sharp.versions.vips,
  }),
);
