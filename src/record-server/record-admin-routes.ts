/**
 * The record's routes for what an admin decides (docs/record-server.md, "Retention",
 * "Deletion requests", "Photos"): the list of patients whose retention period has passed
 * (JSON or CSV), clinicians' deletion requests (asked from a device, approved or rejected
 * by an admin), and collecting photos no visit names. Registered by app.ts, whose hooks
 * have checked the session, CSRF token and role before a handler runs; every handler
 * writes its audit entry in the transaction of what it did, and a refusal's entry after.
 */

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import type { RecordErrorType } from '#core/record-errors.js'
import type { DeletionRequestView } from '#core/record-sync-wire.js'
import type { AuditAction } from './audit.js'
import type { RecordConfig } from './config.js'
import { deletePatientIn, deleteVisitIn } from './deletion.js'
import { collectPhotoRows, DEFAULT_PHOTO_GRACE_DAYS, removeCollectedBytes, unnamedPhotos } from './photo-collection.js'
import { type EarlyDeletionReason, retentionCsv, retentionList, retentionRecord } from './retention.js'
import {
  ApproveDeletionBody,
  DeletionRequestBody,
  DeletionRequestsQuery,
  IdParams,
  PhotoCollectionBody,
  PhotoCollectionQuery,
  RejectDeletionBody,
  RetentionQuery,
} from './schemas.js'
import type { DeletionRequestRow, PhotoRow, PhotoStore, RecordStore, RecordTx, Role } from './store.js'
import { patientView, Refused, visitView } from './sync.js'

export type RecordFastify = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

export interface RecordAdminRouteDeps {
  readonly config: RecordConfig
  readonly store: RecordStore
  readonly blobs: PhotoStore
  readonly audit: (
    tx: RecordTx,
    request: FastifyRequest,
    action: AuditAction,
    outcome: 0 | 4 | 8,
    what?: { patientId?: string | null; visitId?: string | null; detail?: string },
  ) => Promise<void>
  readonly fail: (
    reply: FastifyReply,
    type: RecordErrorType,
    message: string,
    ctx?: Record<string, unknown>,
  ) => FastifyReply
}

const WRITERS: readonly Role[] = ['admin', 'clinician']
const ADMINS: readonly Role[] = ['admin']

/** A deletion request as answered: the stored fields, snake_case. */
export const deletionRequestView = (d: DeletionRequestRow): DeletionRequestView => ({
  id: d.id,
  kind: d.kind,
  entity_id: d.entityId,
  rev: d.rev,
  patient_id: d.patientId,
  requested_by: d.requestedBy,
  requested_at: d.requestedAt,
  device_id: d.deviceId,
  status: d.status,
  decided_by: d.decidedBy,
  decided_at: d.decidedAt,
  reason: d.reason,
  comment: d.comment,
})

const photoView = (p: PhotoRow) => ({ sha256: p.sha256, type: p.type, bytes: p.bytes, created: p.created })

const today = () => new Date().toISOString().slice(0, 10)

export function registerRecordAdminRoutes(app: RecordFastify, deps: RecordAdminRouteDeps): void {
  const { config, store, blobs, audit, fail } = deps

  /** Runs `work`; a Refused becomes its error answer, with an audit entry of `action` (outcome 4). */
  const refusable = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    action: AuditAction,
    what: { patientId?: string | null; visitId?: string | null },
    work: () => Promise<T>,
  ): Promise<T | FastifyReply> => {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof Refused)) throw error
      await store.transaction((tx) => audit(tx, request, action, 4, { ...what, detail: error.refusal.type }))
      return fail(reply, error.refusal.type, error.refusal.message, error.refusal.ctx)
    }
  }

  // -------------------------------------------------------------------------------------------
  // Retention: the patients whose period has passed, for the clinic to decide on (nothing is deleted here).

  app.get(
    '/api/retention/expired',
    { schema: { querystring: RetentionQuery }, config: { access: ADMINS, audit: 'retention.list' } },
    async (request, reply) => {
      const day = today()
      const entries = await store.transaction(async (tx) => {
        const found = retentionList(await tx.patients(), await tx.visitCareDates(), config.retentionYears, day)
        await audit(tx, request, 'retention.list', 0, { detail: `${found.length} patients past ${day}` })
        return found
      })
      if (request.query.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="retention-expired-${day}.csv"`)
          .send(retentionCsv(entries))
      return { retention_years: config.retentionYears, today: day, patients: entries.map(retentionRecord) }
    },
  )

  // -------------------------------------------------------------------------------------------
  // Deletion requests: a clinician asks from a device; an admin approves (the deletion itself) or rejects.

  app.post(
    '/api/deletion-requests',
    { schema: { body: DeletionRequestBody }, config: { access: WRITERS, audit: 'deletion.request' } },
    async (request, reply) => {
      const body = request.body
      const user = request.signedIn!.user
      const visitId = body.kind === 'visit' ? body.id : null
      const answer = await refusable(
        request,
        reply,
        'deletion.request',
        { patientId: body.kind === 'patient' ? body.id : null, visitId },
        () =>
          store.transaction(async (tx) => {
            const known = await tx.deletionRequest(body.request_id)
            if (known) {
              if (known.requestedBy !== user.id || known.kind !== body.kind || known.entityId !== body.id)
                throw new Refused({
                  type: 'conflict',
                  message: `Another deletion request has the id ${body.request_id}: make a new id for this one.`,
                  ctx: { current: null },
                })
              return { request: known, replayed: true }
            }
            const entity = body.kind === 'visit' ? await tx.visit(body.id) : await tx.patient(body.id)
            if (!entity) {
              if (await tx.tombstone(body.kind, body.id))
                throw new Refused({
                  type: 'deleted',
                  message: `The ${body.kind} was deleted already; there is nothing to ask for.`,
                })
              throw new Refused({ type: 'not_found', message: `No ${body.kind} ${body.id}.` })
            }
            if (entity.rev !== body.rev)
              throw new Refused({
                type: 'conflict',
                message: `The ${body.kind} is at revision ${entity.rev}, not ${body.rev}: it changed on the server since this device saw it. Nothing was asked; look at the server's copy first.`,
                ctx: {
                  current: 'patientId' in entity ? visitView(entity) : patientView(entity),
                  base_rev: body.rev,
                },
              })
            const row: DeletionRequestRow = {
              id: body.request_id,
              kind: body.kind,
              entityId: body.id,
              rev: body.rev,
              patientId: 'patientId' in entity ? entity.patientId : entity.id,
              requestedBy: user.id,
              requestedAt: new Date().toISOString(),
              deviceId: request.deviceId,
              status: 'pending',
              decidedBy: null,
              decidedAt: null,
              reason: null,
              comment: '',
            }
            await tx.putDeletionRequest(row)
            await audit(tx, request, 'deletion.request', 0, {
              patientId: row.patientId,
              visitId,
              detail: `${row.id} rev ${row.rev}`,
            })
            return { request: row, replayed: false }
          }),
      )
      if (!('request' in answer)) return answer
      return reply
        .code(answer.replayed ? 200 : 201)
        .send({ request: deletionRequestView(answer.request), replayed: answer.replayed })
    },
  )

  app.get(
    '/api/deletion-requests',
    { schema: { querystring: DeletionRequestsQuery }, config: { access: ADMINS, audit: 'deletion.list' } },
    async (request) =>
      store.transaction(async (tx) => {
        const found = await tx.deletionRequests(request.query.status)
        await audit(tx, request, 'deletion.list', 0, { detail: `${found.length} requests` })
        return { requests: found.map(deletionRequestView) }
      }),
  )

  // The requesting clinician (or an admin) reads a request: a device asks how its pending ones were decided.
  app.get(
    '/api/deletion-requests/:id',
    { schema: { params: IdParams }, config: { access: WRITERS, audit: 'deletion.read' } },
    async (request, reply) => {
      const user = request.signedIn!.user
      const found = await store.transaction(async (tx) => {
        const row = await tx.deletionRequest(request.params.id)
        const visible = row && (user.role === 'admin' || row.requestedBy === user.id) ? row : undefined
        await audit(tx, request, 'deletion.read', visible ? 0 : 4, {
          patientId: visible?.patientId ?? null,
          visitId: visible?.kind === 'visit' ? visible.entityId : null,
          detail: visible ? `${visible.id} ${visible.status}` : `${request.params.id} not found`,
        })
        return visible
      })
      if (!found) return fail(reply, 'not_found', `No deletion request ${request.params.id} of yours.`)
      return { request: deletionRequestView(found) }
    },
  )

  /** The pending request `id`, or a refusal (none; decided already). */
  const pendingRequest = async (tx: RecordTx, id: string): Promise<DeletionRequestRow> => {
    const row = await tx.deletionRequest(id)
    if (!row) throw new Refused({ type: 'not_found', message: `No deletion request ${id}.` })
    if (row.status !== 'pending')
      throw new Refused({
        type: 'request_decided',
        message: `The deletion request ${id} was ${row.status} already (${row.decidedAt}); a decision is final. The clinician asks again if needed.`,
        ctx: { request: deletionRequestView(row) },
      })
    return row
  }

  app.post(
    '/api/deletion-requests/:id/approve',
    {
      schema: { params: IdParams, body: ApproveDeletionBody },
      config: { access: ADMINS, audit: 'deletion.approve' },
    },
    async (request, reply) => {
      const admin = request.signedIn!.user
      const reason = request.body.reason as EarlyDeletionReason | undefined
      const answer = await refusable(request, reply, 'deletion.approve', {}, () =>
        store.transaction(async (tx) => {
          const row = await pendingRequest(tx, request.params.id)
          const asked = {
            id: row.entityId,
            rev: row.rev,
            reason,
            byUserId: admin.id,
            retentionYears: config.retentionYears,
            today: today(),
          }
          const done = row.kind === 'visit' ? await deleteVisitIn(tx, asked) : await deletePatientIn(tx, asked)
          const decidedAt = new Date().toISOString()
          const decided: DeletionRequestRow = {
            ...row,
            status: 'approved',
            decidedBy: admin.id,
            decidedAt,
            reason: reason ?? null,
          }
          await tx.putDeletionRequest(decided)
          // Other requests for the same entity are settled by this deletion too.
          for (const other of await tx.deletionRequests('pending'))
            if (other.kind === row.kind && other.entityId === row.entityId)
              await tx.putDeletionRequest({
                ...other,
                status: 'approved',
                decidedBy: admin.id,
                decidedAt,
                reason: reason ?? null,
              })
          const what = { patientId: row.patientId, visitId: row.kind === 'visit' ? row.entityId : null }
          await audit(tx, request, row.kind === 'visit' ? 'visit.delete' : 'patient.delete', 0, {
            ...what,
            detail: `${done.detail}, request ${row.id} by ${row.requestedBy}`,
          })
          await audit(tx, request, 'deletion.approve', 0, {
            ...what,
            detail: `${row.id}${reason ? ` reason ${reason}` : ''}`,
          })
          return { request: decided }
        }),
      )
      if (!('request' in answer)) return answer
      return { request: deletionRequestView(answer.request) }
    },
  )

  app.post(
    '/api/deletion-requests/:id/reject',
    {
      schema: { params: IdParams, body: RejectDeletionBody },
      config: { access: ADMINS, audit: 'deletion.reject' },
    },
    async (request, reply) => {
      const admin = request.signedIn!.user
      const answer = await refusable(request, reply, 'deletion.reject', {}, () =>
        store.transaction(async (tx) => {
          const row = await pendingRequest(tx, request.params.id)
          const decided: DeletionRequestRow = {
            ...row,
            status: 'rejected',
            decidedBy: admin.id,
            decidedAt: new Date().toISOString(),
            comment: request.body.comment?.trim() ?? '',
          }
          await tx.putDeletionRequest(decided)
          await audit(tx, request, 'deletion.reject', 0, {
            patientId: row.patientId,
            visitId: row.kind === 'visit' ? row.entityId : null,
            detail: row.id,
          })
          return { request: decided }
        }),
      )
      if (!('request' in answer)) return answer
      return { request: deletionRequestView(answer.request) }
    },
  )

  // -------------------------------------------------------------------------------------------
  // Photos no visit names: listed, then collected by an admin, only when older than the grace period.

  const cutoffOf = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

  app.get(
    '/api/photos/unnamed',
    { schema: { querystring: PhotoCollectionQuery }, config: { access: ADMINS, audit: 'photo.list' } },
    async (request) => {
      const days = Number(request.query.older_than_days ?? DEFAULT_PHOTO_GRACE_DAYS)
      return store.transaction(async (tx) => {
        const found = await unnamedPhotos(tx, cutoffOf(days))
        await audit(tx, request, 'photo.list', 0, { detail: `${found.length} unnamed older than ${days} days` })
        return { older_than_days: days, photos: found.map(photoView) }
      })
    },
  )

  app.post(
    '/api/photos/collect',
    { schema: { body: PhotoCollectionBody }, config: { access: ADMINS, audit: 'photo.collect' } },
    async (request) => {
      const days = request.body.older_than_days ?? DEFAULT_PHOTO_GRACE_DAYS
      const collected = await store.transaction(async (tx) => {
        const rows = await collectPhotoRows(tx, cutoffOf(days))
        for (const photo of rows)
          await audit(tx, request, 'photo.collect', 0, { detail: `${photo.sha256} ${photo.bytes} bytes` })
        if (rows.length === 0) await audit(tx, request, 'photo.collect', 0, { detail: `none older than ${days} days` })
        return rows
      })
      await store.transaction((tx) =>
        removeCollectedBytes(
          tx,
          blobs,
          collected.map((p) => p.sha256),
        ),
      )
      return {
        older_than_days: days,
        collected: collected.map(photoView),
        bytes: collected.reduce((n, p) => n + p.bytes, 0),
      }
    },
  )
}
