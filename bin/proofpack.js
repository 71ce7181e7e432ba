#!/usr/bin/env node
// proofpack CLI launcher and supervisor. It never loads kind code: it runs the
// compiled CLI (build/tools/cli.js; npm run build, `npm ci` builds it) as a
// child node process whose stdout is this process's stderr, so what a game's
// kind prints never reaches stdout; the command's own stdout (results, the
// --json report) comes down the IPC channel (tools/lib/supervised.ts) and is
// written here, in order. Success is positive: this process exits with the
// child's code only when the child told it the command's end; a child that
// ends before (kind code's process.exit, a crash, a kill) is exit 2, one line
// naming the kind module(s) loaded. While the child loads a game's kind module
// it is watched here: past the start-up bound or --max-memory-mib (its
// resident memory, read from /proc on Linux) it is killed, exit 2, one line
// naming the module and "loading". After the command's end the child has a
// few seconds to exit before it is killed (a hung worker thread keeps no run
// alive); after Ctrl-C / SIGTERM (handed to the child, which answers them) it
// has STOP_GRACE_MS.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../build/tools/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('proofpack: build/ is missing: run `npm run build` (or `npm ci`) first\n');
  process.exit(2);
}
// A reader that stops early (`config ghost | head`, `validate levels | head`) closes the pipe: the
// rest of that stream's output is dropped quietly, and the command still exits with its own code
// (validate: 1 when it found a problem), so a CI step that pipes it can trust the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
    throw e;
  });
}

/** The seconds the child has to exit after the command's end, before it is killed (a hung worker thread keeps no run alive). */
const GRACE_MS = 5000;
/**
 * After Ctrl-C or SIGTERM: the child answers in seconds (it stops its workers, saves a checkpoint,
 * says where it stopped), longer on a loaded machine; past this it is killed.
 */
const STOP_GRACE_MS = 20000;
/** How often the child's loading is checked against its ceilings (ms). */
const WATCH_MS = 100;
/** Until the child tells its ceilings: the start-up bound's default (tools/commands/run/tasks.ts STARTUP_SECONDS), no memory watch. */
let ceilings = { startupSeconds: 60, maxMemoryMib: Infinity };

const token = randomBytes(16).toString('hex');
const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(compiled), ...process.argv.slice(2)], {
  stdio: ['inherit', 2, 'inherit', 'ipc'],
  env: { ...process.env, PROOFPACK_SUPERVISOR_TOKEN: token },
});

/** The game's kind modules the child is loading (label: when it started) and has loaded. */
const loading = new Map();
const loaded = [];
let done; // the command's exit code, once told
let verdict; // the line and code this process ends with when it ended the child itself
let stopping; // the stop signal handed to the child
let killTimer;

const killSoon = (ms = GRACE_MS) => {
  killTimer ??= setTimeout(() => child.kill('SIGKILL'), ms);
};
const end = (line, code) => {
  if (verdict || done !== undefined) return;
  verdict = { line, code };
  child.kill('SIGKILL');
};

child.on('message', (m) => {
  if (m === null || typeof m !== 'object' || m.token !== token || done !== undefined) return;
  if (m.t === 'out' && typeof m.text === 'string') process.stdout.write(m.text);
  else if (m.t === 'ceilings') ceilings = { startupSeconds: Number(m.startupSeconds), maxMemoryMib: Number(m.maxMemoryMib) };
  else if (m.t === 'loading') loading.set(String(m.label), Date.now());
  else if (m.t === 'loaded') {
    loading.delete(String(m.label));
    if (!loaded.includes(String(m.label))) loaded.push(String(m.label));
  } else if (m.t === 'done' && Number.isInteger(m.code)) {
    done = m.code;
    killSoon();
  }
});

/** The child's resident memory in bytes (Linux: /proc/PID/status VmRSS); undefined where it cannot be read. */
const residentBytes = () => {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
};

const watcher = setInterval(() => {
  if (loading.size === 0) return;
  const labels = [...loading.keys()].join(', ');
  const since = Math.min(...loading.values());
  if (Date.now() - since > ceilings.startupSeconds * 1000)
    end(`${labels}: loading ran past the start-up bound of ${ceilings.startupSeconds} s (PROOFPACK_STARTUP_SECONDS); a kind module's top level must return`, 2);
  const rss = residentBytes();
  if (rss !== undefined && rss > ceilings.maxMemoryMib * 2 ** 20)
    end(`${labels}: loading used more than ${ceilings.maxMemoryMib} MiB (--max-memory-mib); raise it with --max-memory-mib N`, 2);
}, WATCH_MS);

// Ctrl-C and SIGTERM are handed on to the child (a second SIGINT from the terminal's process group changes nothing: it aborts once), which answers them
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping ??= sig;
    child.kill(sig);
    killSoon(STOP_GRACE_MS);
  });
}

child.on('exit', (code, signal) => {
  clearInterval(watcher);
  clearTimeout(killTimer);
  if (done !== undefined) {
    process.exitCode = done;
    return;
  }
  if (verdict) {
    process.stderr.write(`proofpack: ${verdict.line}\n`);
    process.exitCode = verdict.code;
    return;
  }
  if (stopping) {
    process.stderr.write(`proofpack: interrupted (${stopping})\n`);
    process.exitCode = stopping === 'SIGINT' ? 130 : 143;
    return;
  }
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  const where =
    loading.size > 0
      ? ` while loading ${[...loading.keys()].join(', ')}`
      : loaded.length > 0
        ? ` after loading ${loaded.join(', ')} (kind code may end the process: it must not call process.exit)`
        : '';
  process.stderr.write(`proofpack: the process ended before the command finished (${how})${where}\n`);
  process.exitCode = 2;
});
