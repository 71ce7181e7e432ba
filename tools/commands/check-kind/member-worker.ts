// The worker thread check-kind calls a kind's members on (members.ts starts
// it, and ends it when a call runs past its time limit). It loads the kind
// once — from the registry by name, or a module's `kind` export through the
// kind loader (kinds/load.ts) — posts
// `ready`, then answers one call at a time: the value, or what it threw. A
// member's state survives from call to call, as it would in a pipeline
// worker, so a member that remembers its earlier calls is seen to.
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalyzeContext, Outcome, PuzzleKind } from '../../lib/kind.ts';
import { kindByName } from '../../kinds/index.ts';
import { loadKindModule } from '../../kinds/load.ts';
import { machineScratch } from '../run/scratch.ts';
import { machineRoom } from '../run/machine.ts';
import { machineTeam } from '../run/team.ts';
import { levelProblems, recomputedProblems, setProblems, staticProblems } from '../sets/level-checks.ts';
import { curateSet } from '../curate.ts';
import { MEMBERS, type Call } from './calls.ts';

const { name, module } = workerData as { name: string; module: string | null };
const port = parentPort;
if (!port) throw new Error('member-worker.ts runs as a worker thread');

const scratch = machineScratch();

function run(kind: PuzzleKind, call: Call): unknown {
  switch (call.op) {
    case 'member': {
      if (!MEMBERS.has(call.member)) throw new Error(`not a member check-kind calls: ${call.member}`);
      const dot = call.member.indexOf('.');
      const part = dot < 0 ? null : call.member.slice(0, dot);
      const owner = (part === 'face' ? kind.face : part === 'setReport' ? kind.setReport : kind) as unknown as Record<string, unknown>;
      const key = call.member.slice(dot + 1);
      const fn = owner[key];
      if (typeof fn !== 'function') throw new Error(`the kind has no member ${call.member}`);
      const args = call.ctx ? [...call.args, context(call.ctx.config, call.ctx.calibration)] : call.args;
      return (fn as (...a: unknown[]) => unknown).apply(owner, args);
    }
    case 'static':
      return staticProblems(kind, call.level, 0, new Map([[call.level.id, 0]]));
    case 'recomputed':
      return recomputedProblems(kind, call.doc, call.level, call.index, call.outcome as Outcome<unknown, unknown>);
    case 'level': {
      const level = call.doc.levels[call.index];
      if (!level) throw new Error(`no levels[${call.index}]`);
      const first = new Map<string, number>();
      call.doc.levels.forEach((l, i) => first.has(l.id) || first.set(l.id, i));
      return levelProblems(kind, call.doc, level, call.index, first, call.outcome as Outcome<unknown, unknown>);
    }
    case 'set':
      return setProblems(kind, call.doc);
    case 'curate':
      return curateSet(kind, call.doc, 'check-kind');
  }
}

/** What the pipeline's threads give analyze (tasks.ts): this thread's scratch, the machine, one thread. */
function context(config: unknown, calibration: unknown): AnalyzeContext<unknown, unknown> {
  return { config, calibration, scratch, resources: machineRoom(), threads: machineTeam(1) };
}

async function load(): Promise<PuzzleKind> {
  if (module === null) return kindByName(name);
  const loaded = await loadKindModule({ label: module, url: module });
  if (loaded.kind.name !== name) throw new Error(`${module}: exports no kind named ${JSON.stringify(name)}`);
  return loaded.kind;
}

load().then(
  (kind) => {
    port.on('message', ({ id, call }: { id: number; call: Call }) => {
      try {
        port.postMessage({ id, ok: true, value: run(kind, call) });
      } catch (e) {
        port.postMessage({ id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
      }
    });
    port.postMessage({ ready: true });
  },
  (e: unknown) => port.postMessage({ ready: false, error: e instanceof Error ? e.message : String(e) }),
);
