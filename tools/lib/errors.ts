// Errors the CLI turns into one line and an exit code (0 ok, 1 validation
// problem, 2 bad usage or unreadable input, 3 internal error).
export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_INPUT = 2;
export const EXIT_INTERNAL = 3;

/** Bad usage or unreadable input: `file › where › what`, exit 2. */
export class InputError extends Error {
  readonly exitCode = EXIT_INPUT;
  /** Every problem, one line each, when there are several (the CLI prints them all). */
  readonly lines: readonly string[];
  constructor(message: string, lines?: readonly string[]) {
    super(lines && lines.length > 1 ? `${lines[0]} (and ${lines.length - 1} more)` : message);
    this.name = 'InputError';
    this.lines = lines && lines.length > 0 ? lines : [message];
  }
}

/**
 * The machine lacks the memory or scratch disk a computation needs: thrown by
 * a kind before the work starts (or when an allocation or a write fails), one
 * line saying what it needs and what to do. Never a result: the command that
 * ran the level names the file and level and exits 2.
 */
export class ResourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResourceError';
  }
}

/** Joins the parts of a location the way every message does: `file › level id › field`. */
export function where(...parts: (string | undefined)[]): string {
  return parts.filter((p) => p !== undefined && p !== '').join(' › ');
}

/** A value for a one-line message: JSON, cut at 120 characters, never throwing. */
export function show(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}` : value);
  } catch {
    return Array.isArray(value) ? '[an array nested too deeply to show]' : '[a value too deeply nested to show]';
  }
  if (text === undefined) return String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** One printable line: newlines folded, control characters escaped. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
