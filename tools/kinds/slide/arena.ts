// Reusable memory for the slide BFS. Fresh memory is expensive here (each new
// page is faulted in and zeroed by the kernel: ~0.2 s per 64 MB on this
// machine), and one worker explores thousands of graphs, so the big typed
// arrays are views over named ArrayBuffers kept between explorations and
// grown by doubling. A view is valid until the next fresh()/grow() of its name.

type Ctor<T> = { new (buffer: ArrayBuffer, byteOffset: number, length: number): T; readonly BYTES_PER_ELEMENT: number };
type View = { readonly buffer: ArrayBufferLike; readonly length: number; fill(v: number): unknown; set(a: ArrayLike<number>): void };

/** Buffers above this size are not kept after use (they are still reused within one exploration). */
const KEEP_BYTES = 512 * 1024 * 1024;

export class Arena {
  private readonly buffers = new Map<string, ArrayBuffer>();

  private buffer(name: string, bytes: number): ArrayBuffer {
    let buf = this.buffers.get(name);
    if (!buf || buf.byteLength < bytes) {
      let size = Math.max(4096, buf ? buf.byteLength * 2 : 0);
      while (size < bytes) size *= 2;
      buf = new ArrayBuffer(size);
      this.buffers.set(name, buf);
    }
    return buf;
  }

  /** A zero-filled view of `length` elements over buffer `name` (its earlier contents are gone). */
  fresh<T extends View>(name: string, ctor: Ctor<T>, length: number, fillWith = 0): T {
    const view = new ctor(this.buffer(name, length * ctor.BYTES_PER_ELEMENT), 0, length);
    view.fill(fillWith);
    return view;
  }

  /**
   * A view of at least `length` elements over buffer `name` that starts with
   * the contents of `view` (a view of the same name); the part beyond is zero.
   */
  grow<T extends View>(name: string, ctor: Ctor<T>, view: T, length: number): T {
    if (length <= view.length) return view;
    let want = view.length * 2;
    while (want < length) want *= 2;
    const old = this.buffers.get(name);
    if (old && old === view.buffer && old.byteLength >= want * ctor.BYTES_PER_ELEMENT) {
      const grown = new ctor(old, 0, want);
      (grown as unknown as { fill(v: number, s: number): void }).fill(0, view.length);
      return grown;
    }
    const buf = new ArrayBuffer(Math.max(4096, want * ctor.BYTES_PER_ELEMENT));
    const grown = new ctor(buf, 0, want);
    grown.set(view as unknown as ArrayLike<number>);
    this.buffers.set(name, buf);
    return grown;
  }

  /** Drop buffers too big to keep around between explorations. */
  trim(): void {
    for (const [name, buf] of this.buffers) if (buf.byteLength > KEEP_BYTES) this.buffers.delete(name);
  }
}
