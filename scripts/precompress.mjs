// After `react-router build`: write brotli (.br) and gzip (.gz) copies of the client assets, so the
// server sends them compressed at the highest levels without compressing on every request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..", "build", "client");
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
let files = 0;
let raw = 0;
let br = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length < 256) continue;
      const brotli = zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      fs.writeFileSync(`${file}.br`, brotli);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      raw += data.length;
      br += brotli.length;
    }
  }
}

/**
 * The client build's source maps (vite.config.ts) leave what is served: moved to build/client-sources,
 * same paths, for tests/e2e/storefront-chunks.spec.ts to read which modules each chunk holds.
 */
function moveSourceMaps(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) moveSourceMaps(file);
    else if (entry.name.endsWith(".map")) {
      const to = path.join(sources, path.relative(root, file));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(file, to);
    }
  }
}

if (!fs.existsSync(root)) {
  console.error("build/client is missing: run `react-router build` first.");
  process.exit(1);
}
const sources = path.resolve(root, "..", "client-sources");
fs.rmSync(sources, { recursive: true, force: true });
moveSourceMaps(root);
walk(root);
console.log(`Precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB with brotli.`);
