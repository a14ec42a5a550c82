/**
 * The server's own check of the audit trail's hash chain (audit-chain.ts): once when it
 * starts (in the background, after it listens) and then every hour, each replica for
 * itself. The result is in /metrics (record_audit_chain_ok, record_audit_verified_timestamp_seconds,
 * record_audit_chain_entries) and in the log: the last hash on success (an anchor an
 * operator may keep elsewhere), the first broken entry as an error otherwise.
 */
import type { FastifyBaseLogger } from 'fastify'
import { Gauge, type Registry } from 'prom-client'
import { type ChainVerdict, chainVerdictText, verifyAuditChain } from './audit-chain.js'
import type { RecordStore } from './store.js'

/** How often a running server checks the chain again. */
export const AUDIT_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** Walks the store's chain, a short transaction per page (writes go on between pages). */
export function verifyStoreAudit(store: RecordStore): Promise<ChainVerdict> {
  return verifyAuditChain((afterSeq, limit) => store.transaction((tx) => tx.auditChain(afterSeq, limit)))
}

/** The gauges, and a check that sets them; `start` runs it now and every interval, `stop` waits for one in flight. */
export function auditChecks(store: RecordStore, registry: Registry, log: () => FastifyBaseLogger) {
  const ok = new Gauge({
    name: 'record_audit_chain_ok',
    help: "1 when the audit trail's hash chain was intact at the last check, 0 when it was broken; absent before the first check.",
    registers: [registry],
  })
  const verified = new Gauge({
    name: 'record_audit_verified_timestamp_seconds',
    help: "When the audit trail's hash chain was last checked (Unix time, seconds).",
    registers: [registry],
  })
  const entries = new Gauge({
    name: 'record_audit_chain_entries',
    help: 'Entries that followed the chain at the last check (up to the first broken one).',
    registers: [registry],
  })
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined

  const check = async (): Promise<void> => {
    try {
      const verdict = await verifyStoreAudit(store)
      ok.set(verdict.ok ? 1 : 0)
      entries.set(verdict.entries)
      verified.set(Date.now() / 1000)
      if (verdict.ok)
        log().info(
          { audit_entries: verdict.entries, last_seq: verdict.lastSeq, last_hash: verdict.lastHash },
          'audit trail verified',
        )
      else
        log().error(
          { audit_id: verdict.id, chain_seq: verdict.chainSeq, reason: verdict.reason },
          `audit trail broken: ${chainVerdictText(verdict)}`,
        )
    } catch (error) {
      // The database is away (a restart, a failover): the last result stands; the next check tries again.
      log().warn({ err: error }, 'audit trail not verified: the database did not answer')
    }
  }

  return {
    start(): void {
      running = check()
      timer = setInterval(() => {
        running = running.then(check)
      }, AUDIT_CHECK_INTERVAL_MS)
      timer.unref()
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}
