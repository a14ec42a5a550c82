/**
 * Offline checks of Kubernetes documents: schema validation with kubernetes-models
 * (types, required fields, formats) and a type check with kubernetes-types (and the
 * Prometheus Operator's models for its custom resources; cnpg-cluster.ts for
 * CloudNativePG's Cluster) through tsc, whose excess-property check rejects a
 * misspelled field such as `livenesProbe`.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { Service } from 'kubernetes-models/v1'
import { parseAllDocuments } from 'yaml'
import { checkCluster } from './cnpg-cluster.js'
import { ROOT } from './paths.js'

const run = promisify(execFile)

export type Manifest = Record<string, unknown> & { apiVersion: string; kind: string; metadata?: { name?: string } }

interface Kind {
  /** Validates against the API's JSON schema; throws what is wrong. */
  validate(document: Manifest): void
  /** The TypeScript type of the document: [module, exported name]. */
  type: readonly [string, string]
}

/** Every kind the manifests may hold. A new kind must be added here, or the check fails. */
export const KINDS: Record<string, Kind> = {
  'apps/v1 Deployment': {
    validate: (d) => new Deployment(d as never).validate(),
    type: ['kubernetes-types/apps/v1', 'Deployment'],
  },
  'v1 Service': { validate: (d) => new Service(d as never).validate(), type: ['kubernetes-types/core/v1', 'Service'] },
  'autoscaling/v2 HorizontalPodAutoscaler': {
    validate: (d) => new HorizontalPodAutoscaler(d as never).validate(),
    type: ['kubernetes-types/autoscaling/v2', 'HorizontalPodAutoscaler'],
  },
  'policy/v1 PodDisruptionBudget': {
    validate: (d) => new PodDisruptionBudget(d as never).validate(),
    type: ['kubernetes-types/policy/v1', 'PodDisruptionBudget'],
  },
  'networking.k8s.io/v1 Ingress': {
    validate: (d) => new Ingress(d as never).validate(),
    type: ['kubernetes-types/networking/v1', 'Ingress'],
  },
  'networking.k8s.io/v1 NetworkPolicy': {
    validate: (d) => new NetworkPolicy(d as never).validate(),
    type: ['kubernetes-types/networking/v1', 'NetworkPolicy'],
  },
  // CloudNativePG's Cluster: the documented fields we use, written down in cnpg-cluster.ts (which says what is checked).
  'postgresql.cnpg.io/v1 Cluster': {
    validate: (d) => checkCluster(d),
    type: [join(ROOT, 'test', 'support', 'cnpg-cluster'), 'Cluster'],
  },
  'monitoring.coreos.com/v1 ServiceMonitor': {
    validate: (d) => new ServiceMonitor(d as never).validate(),
    type: ['@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1', 'IServiceMonitor'],
  },
}

export function label(document: Manifest): string {
  return `${document.kind}/${document.metadata?.name ?? '?'}`
}

export function parseManifests(text: string, source: string): Manifest[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${source}: ${document.errors.map((e) => e.message).join('; ')}`)
    const value = document.toJS() as Manifest | null
    return value === null ? [] : [value]
  })
}

/** The documents of a kustomization directory as `kubectl kustomize` renders them; null without kubectl. */
export async function render(directory: string): Promise<Manifest[] | null> {
  try {
    const { stdout } = await run('kubectl', ['kustomize', directory], { maxBuffer: 16 * 1024 * 1024 })
    return parseManifests(stdout, `kubectl kustomize ${directory}`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Every resource file under a directory (not the kustomization files), parsed as written. */
export function readResources(directory: string): Manifest[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name) && entry.name !== 'kustomization.yaml')
    .flatMap((entry) => {
      const path = join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)
      return parseManifests(readFileSync(path, 'utf8'), path)
    })
}

/** Schema problems of each document, by document; empty when all are valid. */
export function schemaProblems(documents: readonly Manifest[]): string[] {
  const problems: string[] = []
  for (const document of documents) {
    const kind = KINDS[`${document.apiVersion} ${document.kind}`]
    if (!kind) {
      problems.push(
        `${label(document)}: no validator for ${document.apiVersion} ${document.kind}; add it to KINDS in test/support/manifests.ts`,
      )
      continue
    }
    try {
      kind.validate(document)
    } catch (error) {
      problems.push(`${label(document)}: ${(error as Error).message}`)
    }
  }
  return problems
}

/**
 * Type-checks every document as an object literal of its Kubernetes type with tsc.
 * Returns tsc's messages, each led by the document it is about; empty when all pass.
 */
export async function typeProblems(documents: readonly Manifest[]): Promise<string[]> {
  const cache = join(ROOT, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const directory = mkdtempSync(join(cache, 'manifest-types-'))
  try {
    const lines: string[] = []
    const owners: string[] = [] // line number (1-based) -> document label
    const push = (line: string, owner: string) => {
      lines.push(line)
      owners.push(owner)
    }
    documents.forEach((document, index) => {
      const kind = KINDS[`${document.apiVersion} ${document.kind}`]
      if (!kind)
        throw new Error(`${label(document)}: no type for ${document.apiVersion} ${document.kind}; add it to KINDS`)
      const [module, name] = kind.type
      push(`import type { ${name} as T${index} } from '${module}'`, label(document))
    })
    documents.forEach((document, index) => {
      for (const line of `export const document${index}: T${index} = ${JSON.stringify(document, null, 2)}`.split('\n'))
        push(line, label(document))
    })
    writeFileSync(join(directory, 'manifests.ts'), `${lines.join('\n')}\n`)
    writeFileSync(
      join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          types: [],
          skipLibCheck: true,
        },
        files: ['manifests.ts'],
      }),
    )
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    try {
      await run(process.execPath, [tsc, '-p', directory], { maxBuffer: 16 * 1024 * 1024 })
      return []
    } catch (error) {
      const output = String((error as { stdout?: string }).stdout ?? error)
      return output
        .split('\n')
        .filter((line) => /error TS\d+/.test(line))
        .map((line) => {
          const at = /manifests\.ts\((\d+),/.exec(line)
          const owner = at ? owners[Number(at[1]) - 1] : undefined
          return `${owner ?? '?'}: ${line.replace(/^.*?error /, 'error ')}`
        })
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
