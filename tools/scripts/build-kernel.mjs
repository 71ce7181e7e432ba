// Run by `npm run build` (and so by npm ci's prepare, npm start and the test
// setup): compiles the score DP kernel, tools/kinds/ghost/score/assembly/score-kernel.ts
// (AssemblyScript), to tools/kinds/ghost/score/score-kernel.wasm, where the TypeScript
// sources load it (dp-kernel.ts, beside it), and copies it into build/ for the compiled code. Skips the
// compile when the .wasm is newer than its source, this script and the compiler.
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const path = (p) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const source = path('tools/kinds/ghost/score/assembly/score-kernel.ts');
const wasm = path('tools/kinds/ghost/score/score-kernel.wasm');
const copy = path('build/tools/kinds/ghost/score/score-kernel.wasm');
const compiler = createRequire(import.meta.url).resolve('assemblyscript/package.json');

const mtime = (f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1;
if (mtime(wasm) <= Math.max(mtime(source), mtime(fileURLToPath(import.meta.url)), mtime(compiler))) {
  // -O3 for speed; no runtime, no assertions and no abort import: the kernel
  // allocates nothing and has no static data, so address 0 up is all the DP's.
  const { default: asc } = await import('assemblyscript/asc'); // loads Binaryen: seconds
  const { error, stderr } = await asc.main([
    source,
    '--outFile',
    wasm,
    '-O3',
    '--runtime',
    'stub',
    '--noAssert',
    '--use',
    'abort=',
    '--enable',
    'simd',
    '--initialMemory',
    '2',
  ]);
  if (error) {
    process.stderr.write(stderr.toString());
    process.stderr.write(`compiling the score kernel failed: ${error.message}\n`);
    process.exit(1);
  }
}
// the DP owns all of memory from address 0: nothing may be imported or preset
const kernel = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasm)), {});
if (!new Uint8Array(kernel.exports.memory.buffer).every((b) => b === 0)) {
  process.stderr.write(`${wasm} has static data: the score kernel must allocate nothing\n`);
  process.exit(1);
}
mkdirSync(path('build/tools/kinds/ghost/score'), { recursive: true });
copyFileSync(wasm, copy);
