/**
 * CloudNativePG's `Cluster` (apiVersion postgresql.cnpg.io/v1), for checking
 * deploy/kubernetes/record-server offline: no published JSON schema or TypeScript
 * model of the operator's CRD installs from the npm registry, so this file writes
 * down the part of its documented API (https://cloudnative-pg.io/documentation/current/cloudnative-pg.v1/,
 * ClusterSpec and the types below it) that our manifest uses, as a JSON schema
 * (ajv) and as a TypeScript type (the type check through tsc).
 *
 * What is checked: the fields our manifest uses, with their types, enumerations and
 * the CRD's own bounds (instances at least 1; quantities as Kubernetes writes them);
 * `instances` required, as in the CRD; every object closed (additionalProperties
 * false), so a misspelled or unknown field is refused. What is not: CNPG fields we do
 * not use (a manifest that starts to use one must add it here, from the documented
 * API), and what only the operator decides at run time (the storage class existing,
 * the image).
 */
import { Ajv2020 } from 'ajv/dist/2020.js'

const quantity = { type: ['string', 'number'], pattern: '^[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$' } as const
const resources = {
  type: 'object',
  additionalProperties: false,
  properties: {
    requests: { type: 'object', additionalProperties: false, properties: { cpu: quantity, memory: quantity } },
    limits: { type: 'object', additionalProperties: false, properties: { cpu: quantity, memory: quantity } },
  },
} as const

/** The JSON schema of the documented Cluster fields we use. */
export const CLUSTER_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Cluster' },
    metadata: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 50 },
        namespace: { type: 'string' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        annotations: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    spec: {
      type: 'object',
      required: ['instances'],
      additionalProperties: false,
      properties: {
        instances: { type: 'integer', minimum: 1 },
        imageName: { type: 'string' },
        primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
        primaryUpdateMethod: { enum: ['switchover', 'restart'] },
        enableSuperuserAccess: { type: 'boolean' },
        bootstrap: {
          type: 'object',
          additionalProperties: false,
          properties: {
            initdb: {
              type: 'object',
              additionalProperties: false,
              properties: {
                database: { type: 'string', minLength: 1 },
                owner: { type: 'string', minLength: 1 },
                secret: {
                  type: 'object',
                  required: ['name'],
                  additionalProperties: false,
                  properties: { name: { type: 'string' } },
                },
              },
            },
          },
        },
        managed: {
          type: 'object',
          additionalProperties: false,
          properties: {
            roles: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name'],
                additionalProperties: false,
                properties: {
                  name: { type: 'string', minLength: 1 },
                  ensure: { enum: ['present', 'absent'] },
                  comment: { type: 'string' },
                  login: { type: 'boolean' },
                  superuser: { type: 'boolean' },
                  createdb: { type: 'boolean' },
                  createrole: { type: 'boolean' },
                  inherit: { type: 'boolean' },
                  replication: { type: 'boolean' },
                  bypassrls: { type: 'boolean' },
                  connectionLimit: { type: 'integer', minimum: -1 },
                  inRoles: { type: 'array', items: { type: 'string' } },
                  passwordSecret: {
                    type: 'object',
                    required: ['name'],
                    additionalProperties: false,
                    properties: { name: { type: 'string' } },
                  },
                  disablePassword: { type: 'boolean' },
                },
              },
            },
          },
        },
        storage: {
          type: 'object',
          additionalProperties: false,
          properties: {
            size: quantity,
            storageClass: { type: 'string' },
            resizeInUseVolumes: { type: 'boolean' },
          },
        },
        resources,
        affinity: {
          type: 'object',
          additionalProperties: false,
          properties: {
            enablePodAntiAffinity: { type: 'boolean' },
            topologyKey: { type: 'string' },
            podAntiAffinityType: { enum: ['preferred', 'required'] },
            nodeSelector: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        postgresql: {
          type: 'object',
          additionalProperties: false,
          properties: { parameters: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        monitoring: {
          type: 'object',
          additionalProperties: false,
          properties: { enablePodMonitor: { type: 'boolean' } },
        },
      },
    },
  },
} as const

type Quantity = string | number
interface Resources {
  requests?: { cpu?: Quantity; memory?: Quantity }
  limits?: { cpu?: Quantity; memory?: Quantity }
}

/** A role the operator keeps as declared (ClusterSpec.managed.roles, RoleConfiguration). */
export interface ManagedRole {
  name: string
  ensure?: 'present' | 'absent'
  comment?: string
  login?: boolean
  superuser?: boolean
  createdb?: boolean
  createrole?: boolean
  inherit?: boolean
  replication?: boolean
  bypassrls?: boolean
  connectionLimit?: number
  inRoles?: string[]
  passwordSecret?: { name: string }
  disablePassword?: boolean
}

/** The same fields as a TypeScript type (object literals of it are checked for unknown fields by tsc). */
export interface Cluster {
  apiVersion: 'postgresql.cnpg.io/v1'
  kind: 'Cluster'
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
  spec: {
    instances: number
    imageName?: string
    primaryUpdateStrategy?: 'unsupervised' | 'supervised'
    primaryUpdateMethod?: 'switchover' | 'restart'
    enableSuperuserAccess?: boolean
    bootstrap?: { initdb?: { database?: string; owner?: string; secret?: { name: string } } }
    managed?: { roles?: ManagedRole[] }
    storage?: { size?: Quantity; storageClass?: string; resizeInUseVolumes?: boolean }
    resources?: Resources
    affinity?: {
      enablePodAntiAffinity?: boolean
      topologyKey?: string
      podAntiAffinityType?: 'preferred' | 'required'
      nodeSelector?: Record<string, string>
    }
    postgresql?: { parameters?: Record<string, string> }
    monitoring?: { enablePodMonitor?: boolean }
  }
}

const validateCluster = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(CLUSTER_SCHEMA)

/** Throws what is wrong with a Cluster document, each problem by its path. */
export function checkCluster(document: unknown): void {
  if (validateCluster(document)) return
  throw new Error(
    (validateCluster.errors ?? [])
      .map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${e.params.additionalProperty}'` : ''}`,
      )
      .join('; '),
  )
}
