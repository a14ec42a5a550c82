/**
 * The audit entries of reads (a photo downloaded, a pull page, a patient or visit read,
 * a refusal), written in batches: a read queues its entries here and waits until they are
 * committed, then answers, so no patient data leaves the server without its entry in the
 * trail (docs/record-server.md, "Audit trail": the trail is complete, a crash loses no
 * entry of an answered read). The read itself takes no writers' lock (RecordStore.read);
 * the batch is one transaction with one INSERT (RecordTx.appendAudits), however many reads
 * queued into it.
 *
 * Group commit: the first entry queued starts a batch at the end of the current turn of
 * the event loop; entries queued while a batch is being written wait for it to commit and
 * go into the next one, at most MAX_BATCH entries each. So an idle server writes a read's
 * entry at once (no timer to wait for), and a busy one writes one batch for all the reads
 * that arrived during the last batch's write.
 */
import type { AuditEntry } from './store.js'

/** Most entries in one batch (one transaction, one statement): ten full pull pages. */
export const MAX_BATCH = 5_000

interface Waiting {
  readonly entries: readonly AuditEntry[]
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
}

export class AuditBatcher {
  private queue: Waiting[] = []
  private running: Promise<void> | undefined
  private batches = 0
  private waiting = 0

  /** `write` appends the entries in order in one transaction (store.transaction + appendAudits). */
  constructor(private readonly write: (entries: readonly AuditEntry[]) => Promise<void>) {}

  /** Batches written so far. */
  get written(): number {
    return this.batches
  }

  /** Entries queued and not yet committed (in the batch being written, or waiting for the next). */
  get pending(): number {
    return this.waiting
  }

  /**
   * Queues `entries` (kept together, in their order); resolves once they are committed, rejects
   * when their batch could not be written (the read must then fail: nothing answered unaudited).
   */
  record(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve()
    this.waiting += entries.length
    const done = new Promise<void>((resolve, reject) => this.queue.push({ entries, resolve, reject }))
    this.running ??= new Promise<void>((start) => setImmediate(start)).then(() => this.flush())
    return done
  }

  /** Resolves when every entry queued before it is written (or its batch failed): at shutdown, before the store closes. */
  async drain(): Promise<void> {
    while (this.running) await this.running
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch: Waiting[] = []
        let size = 0
        while (this.queue.length > 0) {
          const next = this.queue[0]!
          if (batch.length > 0 && size + next.entries.length > MAX_BATCH) break
          batch.push(next)
          size += next.entries.length
          this.queue.shift()
        }
        try {
          await this.write(batch.flatMap((w) => w.entries))
          this.batches++
          for (const w of batch) w.resolve()
        } catch (error) {
          for (const w of batch) w.reject(error)
        } finally {
          this.waiting -= size
        }
      }
    } finally {
      this.running = undefined
    }
  }
}
