/**
 * The audit trail's hash chain (docs/record-server.md, "Audit trail"): each entry
 * stores its place in the chain (`chain_seq`: 1, 2, 3, ... with no gap), the hash of
 * the entry before it (`prev_hash`; the first entry's is GENESIS) and its own `hash`,
 * the SHA-256 of a canonical encoding of (chain_seq, the entry's fields, prev_hash).
 * Both stores append through chainLink, inside the transaction that holds their write
 * lock, so the chain has no forks (and `chain_seq` is UNIQUE in the database: a second
 * writer that somehow raced would fail, not fork).
 *
 * verifyAuditChain walks the chain from the start and names the first entry that does
 * not follow: a gap in chain_seq (an entry deleted), a prev_hash that is not the
 * previous entry's hash (entries reordered, or deleted and renumbered), or a hash that
 * is not the entry's own (an entry edited). A rewrite of the whole chain from some
 * entry on, or the removal of its last entries, is consistent again and is caught only
 * by comparing with a last hash kept elsewhere (the anchor the command prints and the
 * server logs).
 */
import { createHash } from 'node:crypto'
import type { AuditEntry } from './store.js'

/** The prev_hash of the first entry. */
export const GENESIS = '0'.repeat(64)

/** An entry with its place in the chain, as stored. */
export interface AuditLink extends AuditEntry {
  readonly id: number
  readonly chainSeq: number
  readonly prevHash: string
  readonly hash: string
}

/**
 * The canonical bytes hashed for an entry: a JSON array of its fields in a fixed
 * order (strings, integers and nulls only, so JSON.stringify has one output for them).
 */
export function canonicalEntry(chainSeq: number, entry: AuditEntry, prevHash: string): string {
  return JSON.stringify([
    'posture-record-audit-v1',
    chainSeq,
    entry.recorded,
    entry.action,
    entry.outcome,
    entry.userId,
    entry.userEmail,
    entry.role,
    entry.patientId,
    entry.visitId,
    entry.deviceId,
    entry.address,
    entry.detail,
    prevHash,
  ])
}

/** The hash of an entry at `chainSeq` after `prevHash` (hex SHA-256). */
export function entryHash(chainSeq: number, entry: AuditEntry, prevHash: string): string {
  return createHash('sha256')
    .update(canonicalEntry(chainSeq, entry, prevHash))
    .digest('hex')
}

/** The chain fields of the entry appended after `last` (the chain's last entry, or none). */
export function chainLink(
  last: { readonly chainSeq: number; readonly hash: string } | undefined,
  entry: AuditEntry,
): { chainSeq: number; prevHash: string; hash: string } {
  const chainSeq = (last?.chainSeq ?? 0) + 1
  const prevHash = last?.hash ?? GENESIS
  return { chainSeq, prevHash, hash: entryHash(chainSeq, entry, prevHash) }
}

/** Why an entry breaks the chain. */
export type ChainBreak =
  /** chain_seq skips: the entries between were removed. */
  | 'missing'
  /** prev_hash is not the previous entry's hash: entries reordered, or removed and the rest renumbered. */
  | 'out_of_order'
  /** The stored hash is not the hash of the entry's fields: the entry was edited. */
  | 'edited'

export type ChainVerdict =
  | { readonly ok: true; readonly entries: number; readonly lastSeq: number; readonly lastHash: string }
  | {
      readonly ok: false
      /** Entries that followed the chain before the break. */
      readonly entries: number
      readonly reason: ChainBreak
      /** The first entry that breaks it: its id and chain_seq. */
      readonly id: number
      readonly chainSeq: number
      /** What was expected there (the chain_seq, prev_hash or hash) and what was found. */
      readonly expected: string
      readonly found: string
    }

/** Reads the chain's entries with chain_seq above `afterSeq`, in chain_seq order, at most `limit`. */
export type ChainPage = (afterSeq: number, limit: number) => Promise<readonly AuditLink[]>

/** Walks the whole chain, a page at a time, and says whether every entry follows the one before. */
export async function verifyAuditChain(page: ChainPage, pageSize = 1000): Promise<ChainVerdict> {
  let entries = 0
  let lastSeq = 0
  let lastHash = GENESIS
  for (;;) {
    const links = await page(lastSeq, pageSize)
    for (const link of links) {
      const broken = (reason: ChainBreak, expected: string, found: string): ChainVerdict => ({
        ok: false,
        entries,
        reason,
        id: link.id,
        chainSeq: link.chainSeq,
        expected,
        found,
      })
      if (link.chainSeq !== lastSeq + 1) return broken('missing', String(lastSeq + 1), String(link.chainSeq))
      if (link.prevHash !== lastHash) return broken('out_of_order', lastHash, link.prevHash)
      const hash = entryHash(link.chainSeq, link, link.prevHash)
      if (link.hash !== hash) return broken('edited', hash, link.hash)
      entries++
      lastSeq = link.chainSeq
      lastHash = link.hash
    }
    if (links.length < pageSize) return { ok: true, entries, lastSeq, lastHash }
  }
}

/** The verdict in words, for the command's output and the log. */
export function chainVerdictText(verdict: ChainVerdict): string {
  if (verdict.ok)
    return `audit trail OK: ${verdict.entries} entries, chain intact; last entry ${verdict.lastSeq}, last hash ${verdict.lastHash} (keep it elsewhere: a later check that does not reach it means the trail was cut or rewritten)`
  const what = {
    missing: `chain_seq ${verdict.expected} is missing (found ${verdict.found} next): entries were deleted`,
    out_of_order: `its prev_hash is not the previous entry's hash: entries were reordered, or deleted and renumbered`,
    edited: `its hash does not match its fields: the entry was edited`,
  }[verdict.reason]
  return `audit trail BROKEN at entry id ${verdict.id} (chain_seq ${verdict.chainSeq}), after ${verdict.entries} intact entries: ${what}`
}

/** The chain fields for entries already stored without them (migration 6), taken in id order. */
export function chainExisting(
  rows: readonly (AuditEntry & { readonly id: number })[],
): { id: number; chainSeq: number; prevHash: string; hash: string }[] {
  const links: { id: number; chainSeq: number; prevHash: string; hash: string }[] = []
  for (const row of [...rows].sort((a, b) => a.id - b.id)) links.push({ id: row.id, ...chainLink(links.at(-1), row) })
  return links
}
