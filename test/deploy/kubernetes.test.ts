/**
 * deploy/kubernetes, checked offline: `kubectl kustomize` renders the base and the
 * service-monitor overlay (skipped, saying so, where kubectl is absent; the resource
 * files are then checked as written), every document validates against the
 * Kubernetes schemas and type-checks as its Kubernetes type, a misspelled field is
 * caught, and the settings the service depends on hold together: probes on the
 * service's routes, the shutdown timeline inside the grace period, the same user and
 * port as the Containerfile, selectors that match the pods. Then the record server's
 * optional manifests (deploy/kubernetes/record-server): its Deployment, Service and
 * PodDisruptionBudget the same way, CloudNativePG's Cluster against the documented
 * fields written down in test/support/cnpg-cluster.ts, the database URL from the
 * Secret the operator makes, and probes on the record server's own routes. Last, its
 * ingress overlay (deploy/kubernetes/record-server-ingress): the Ingress serving the
 * Service over TLS from a Secret, and NetworkPolicies that let only the ingress
 * controller reach the record server, the record server reach only DNS and its
 * PostgreSQL, and only the record server, the cluster's own instances and the
 * CloudNativePG operator reach PostgreSQL.
 */

import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, describe, it } from 'node:test'
import type { Deployment } from 'kubernetes-types/apps/v1.js'
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2.js'
import type { Service } from 'kubernetes-types/core/v1.js'
import type { Ingress, NetworkPolicy } from 'kubernetes-types/networking/v1.js'
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1.js'
import type { Cluster } from '../support/cnpg-cluster.js'
import { label, type Manifest, readResources, render, schemaProblems, typeProblems } from '../support/manifests.js'
import { ROOT } from '../support/paths.js'

const BASE = join(ROOT, 'deploy', 'kubernetes')
const OVERLAY = join(BASE, 'service-monitor')

/** The service's own bound on its shutdown after SIGTERM (drain included), ms. */
const SHUTDOWN_BOUND_MS = 10_000

function only<T>(documents: readonly Manifest[], kind: string): T {
  const found = documents.filter((d) => d.kind === kind)
  assert.equal(found.length, 1, `exactly one ${kind}; got ${found.map(label).join(', ') || 'none'}`)
  return found[0] as unknown as T
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  let base: Manifest[]
  let overlay: Manifest[]
  let rendered = true

  before(async () => {
    const [b, o] = await Promise.all([render(BASE), render(OVERLAY)])
    if (b === null || o === null) {
      rendered = false
      console.log(
        '# kubectl not found: `kubectl kustomize` NOT checked; checking the resource files as written instead',
      )
      base = readResources(join(BASE, 'base'))
      overlay = [...base, ...readResources(OVERLAY)]
    } else {
      base = b
      overlay = o
    }
  })

  it('`kubectl kustomize` renders the base and the service-monitor overlay', (t) => {
    if (!rendered) return t.skip('kubectl is not installed')
    assert.deepEqual(base.map((d) => d.kind).sort(), [
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ])
    assert.deepEqual(overlay.map((d) => d.kind).sort(), [
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
      'ServiceMonitor',
    ])
  })

  it('every document validates against the Kubernetes schemas (kubernetes-models)', () => {
    assert.deepEqual(schemaProblems(overlay), [])
  })

  it('every document type-checks as its Kubernetes type (kubernetes-types + tsc)', async () => {
    assert.deepEqual(await typeProblems(overlay), [])
  })

  it('a misspelled field fails the type check, and a wrong-typed value fails the schema check', async () => {
    const deployment = structuredClone(only<Deployment>(base, 'Deployment'))
    const container = deployment.spec?.template.spec?.containers[0] as unknown as Record<string, unknown>
    container.livenesProbe = container.livenessProbe
    delete container.livenessProbe
    const problems = await typeProblems([deployment as unknown as Manifest])
    assert.equal(problems.length, 1, problems.join('\n'))
    assert.match(
      problems[0] ?? '',
      /^Deployment\/posture-metrics: error TS\d+: .*livenesProbe.* does not exist in type 'Container'/,
    )

    const wrongType = structuredClone(only<Deployment>(base, 'Deployment')) as unknown as {
      spec: { replicas: unknown }
    }
    wrongType.spec.replicas = 'two'
    const schema = schemaProblems([wrongType as unknown as Manifest])
    assert.equal(schema.length, 1)
    assert.match(schema[0] ?? '', /replicas/)
  })

  describe('the Deployment', () => {
    let deployment: Deployment
    let pod: NonNullable<NonNullable<Deployment['spec']>['template']['spec']>
    let container: NonNullable<typeof pod>['containers'][number]
    before(() => {
      deployment = only<Deployment>(base, 'Deployment')
      pod = deployment.spec?.template.spec as typeof pod
      container = pod.containers[0] as typeof container
      assert.equal(pod.containers.length, 1)
    })

    it('runs 2 replicas, rolling out with no pod unavailable', () => {
      assert.equal(deployment.spec?.replicas, 2)
      assert.equal(deployment.spec?.strategy?.type, 'RollingUpdate')
      assert.equal(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable, 0)
      assert.ok(Number(deployment.spec?.strategy?.rollingUpdate?.maxSurge) >= 1)
    })

    it('probes the service: startup and liveness on /health, readiness on /ready, on the named port', () => {
      const port = container.ports?.find((p) => p.name === 'http')
      assert.equal(port?.containerPort, 8000)
      assert.equal(container.startupProbe?.httpGet?.path, '/health')
      assert.equal(container.livenessProbe?.httpGet?.path, '/health')
      assert.equal(container.readinessProbe?.httpGet?.path, '/ready')
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
        assert.equal(probe?.httpGet?.port, 'http')
    })

    it('has CPU and memory requests and limits, requests within limits', () => {
      const { requests, limits } = container.resources ?? {}
      for (const resource of ['cpu', 'memory']) {
        assert.ok(requests?.[resource] !== undefined, `requests.${resource}`)
        assert.ok(limits?.[resource] !== undefined, `limits.${resource}`)
      }
      const cpu = (q: string | number | undefined) =>
        String(q).endsWith('m') ? parseFloat(String(q)) / 1000 : Number(q)
      const mib = (q: string | number | undefined) => {
        const m = /^(\d+)(Mi|Gi)$/.exec(String(q))
        assert.ok(m, `memory quantity in Mi or Gi: ${q}`)
        return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1)
      }
      assert.ok(cpu(requests?.cpu) <= cpu(limits?.cpu))
      assert.ok(mib(requests?.memory) <= mib(limits?.memory))
    })

    it('runs locked down: non-root uid 1000 (the Containerfile USER), read-only root FS, no capabilities, seccomp RuntimeDefault', () => {
      const user = /^USER\s+(\d+)(?::(\d+))?\s*$/m.exec(readFileSync(join(ROOT, 'Containerfile'), 'utf8'))
      assert.ok(user, 'the Containerfile sets a numeric USER')
      assert.equal(pod.securityContext?.runAsNonRoot, true)
      assert.equal(pod.securityContext?.runAsUser, Number(user[1]))
      assert.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault')
      assert.equal(container.securityContext?.readOnlyRootFilesystem, true)
      assert.equal(container.securityContext?.allowPrivilegeEscalation, false)
      assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'])
      assert.equal(container.securityContext?.capabilities?.add, undefined)
      assert.equal(pod.automountServiceAccountToken, false)
    })

    it('pauses in preStop, then fits the 10 s shutdown inside terminationGracePeriodSeconds', () => {
      const command = container.lifecycle?.preStop?.exec?.command
      assert.ok(command && command[0] === 'sleep', `preStop sleeps: ${JSON.stringify(command)}`)
      const pauseS = Number(command[1])
      assert.ok(pauseS >= 3 && pauseS <= 10, `preStop pause ${pauseS} s lets endpoints and proxies drop the pod`)
      const graceS = pod.terminationGracePeriodSeconds ?? 30
      assert.ok(
        pauseS + SHUTDOWN_BOUND_MS / 1000 < graceS,
        `preStop ${pauseS} s + shutdown ${SHUTDOWN_BOUND_MS / 1000} s < grace ${graceS} s`,
      )
      const drain = container.env?.find((e) => e.name === 'SHUTDOWN_DRAIN_MS')
      if (drain) assert.ok(Number(drain.value) < SHUTDOWN_BOUND_MS, 'the drain fits in the 10 s shutdown')
    })

    it('listens on all addresses of the pod, one worker per pod', () => {
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]))
      assert.equal(env.HOST, '0.0.0.0')
      assert.equal(env.WORKERS ?? '1', '1')
    })

    it('carries Prometheus scrape annotations for /metrics on the service port', () => {
      const annotations = deployment.spec?.template.metadata?.annotations ?? {}
      assert.equal(annotations['prometheus.io/scrape'], 'true')
      assert.equal(annotations['prometheus.io/path'], '/metrics')
      const metricsPort = (container.env ?? []).find((e) => e.name === 'METRICS_PORT')?.value ?? '8000'
      assert.equal(annotations['prometheus.io/port'], metricsPort)
    })
  })

  it('the Service, HorizontalPodAutoscaler and PodDisruptionBudget select and target the Deployment', () => {
    const deployment = only<Deployment>(base, 'Deployment')
    const podLabels = deployment.spec?.template.metadata?.labels ?? {}
    const matches = (selector: Record<string, string> | undefined) =>
      Object.keys(selector ?? {}).length > 0 && Object.entries(selector ?? {}).every(([k, v]) => podLabels[k] === v)

    assert.ok(matches(deployment.spec?.selector.matchLabels), 'the Deployment selects its own pods')
    const service = only<Service>(base, 'Service')
    assert.ok(matches(service.spec?.selector), 'the Service selects the pods')
    assert.equal(service.spec?.ports?.[0]?.targetPort, 'http')

    const hpa = only<HorizontalPodAutoscaler>(base, 'HorizontalPodAutoscaler')
    assert.deepEqual(hpa.spec?.scaleTargetRef, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata?.name,
    })
    assert.ok((hpa.spec?.minReplicas ?? 1) >= 2)
    assert.ok(hpa.spec?.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu'))

    const pdb = only<PodDisruptionBudget>(base, 'PodDisruptionBudget')
    assert.ok(matches(pdb.spec?.selector?.matchLabels), 'the PodDisruptionBudget selects the pods')
    assert.ok(Number(pdb.spec?.minAvailable) < (deployment.spec?.replicas ?? 1), 'a node can still be drained')
  })

  it('the ServiceMonitor (overlay) scrapes /metrics on the Service port', () => {
    const service = only<Service>(overlay, 'Service')
    const monitor = only<
      Manifest & {
        spec: { selector: { matchLabels: Record<string, string> }; endpoints: { port: string; path: string }[] }
      }
    >(overlay, 'ServiceMonitor')
    const serviceLabels = service.metadata?.labels ?? {}
    // The labels it selects by are added by kustomize (`labels:` in the base).
    if (rendered)
      assert.ok(
        Object.entries(monitor.spec.selector.matchLabels).every(([k, v]) => serviceLabels[k] === v),
        'it selects the Service',
      )
    assert.deepEqual(
      monitor.spec.endpoints.map((e) => [e.port, e.path]),
      [['http', '/metrics']],
    )
    assert.ok(service.spec?.ports?.some((p) => p.name === 'http'))
  })
})

const RECORD = join(BASE, 'record-server')

describe('Kubernetes manifests of the record server (deploy/kubernetes/record-server)', () => {
  let documents: Manifest[]
  let rendered = true
  let deployment: Deployment
  let pod: NonNullable<NonNullable<Deployment['spec']>['template']['spec']>
  let container: NonNullable<typeof pod>['containers'][number]
  let cluster: Cluster

  before(async () => {
    const r = await render(RECORD)
    if (r === null) {
      rendered = false
      console.log(
        '# kubectl not found: `kubectl kustomize` NOT checked; checking the resource files as written instead',
      )
      documents = readResources(RECORD)
    } else documents = r
    deployment = only<Deployment>(documents, 'Deployment')
    pod = deployment.spec?.template.spec as typeof pod
    container = pod.containers[0] as typeof container
    cluster = only<Cluster>(documents, 'Cluster')
  })

  it('renders the record server and its PostgreSQL, and nothing of the metrics service', (t) => {
    if (!rendered) return t.skip('kubectl is not installed')
    assert.deepEqual(documents.map((d) => d.kind).sort(), ['Cluster', 'Deployment', 'PodDisruptionBudget', 'Service'])
    assert.ok(documents.every((d) => !String(d.metadata?.name).startsWith('posture-metrics')))
  })

  it('every document validates (kubernetes-models; the Cluster against the CNPG fields of cnpg-cluster.ts) and type-checks', async () => {
    assert.deepEqual(schemaProblems(documents), [])
    assert.deepEqual(await typeProblems(documents), [])
  })

  it('a misspelled or mistyped field of the Cluster is refused by both checks', async () => {
    const misspelled = structuredClone(cluster) as unknown as { spec: Record<string, unknown> }
    misspelled.spec.instance = misspelled.spec.instances
    delete misspelled.spec.instances
    const schema = schemaProblems([misspelled as unknown as Manifest])
    assert.equal(schema.length, 1, schema.join('\n'))
    assert.match(schema[0] ?? '', /instance/)
    const types = await typeProblems([misspelled as unknown as Manifest])
    assert.equal(types.length, 1, types.join('\n'))
    assert.match(types[0] ?? '', /instance/)
    const mistyped = structuredClone(cluster) as unknown as { spec: { primaryUpdateStrategy: string } }
    mistyped.spec.primaryUpdateStrategy = 'automatic'
    assert.match(schemaProblems([mistyped as unknown as Manifest])[0] ?? '', /primaryUpdateStrategy/)
  })

  it('runs 2 replicas of the record server entry point from the same image, rolling out with none unavailable', () => {
    assert.equal(deployment.spec?.replicas, 2)
    assert.equal(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable, 0)
    // kustomize's `images` sets the tag; the file as written names the image alone.
    assert.equal(container.image, rendered ? 'posture-metrics:1.0.0' : 'posture-metrics')
    assert.ok(container.command?.includes('dist/src/record-server/main.js'), JSON.stringify(container.command))
    assert.ok(existsSync(join(ROOT, 'src', 'record-server', 'main.ts')))
  })

  it('probes the record server routes: startup and liveness on /health, readiness on /ready (the database), on RECORD_PORT', () => {
    const routes = readFileSync(join(ROOT, 'src', 'record-server', 'app.ts'), 'utf8')
    assert.match(routes, /app\.get\('\/health'/)
    assert.match(routes, /app\.get\('\/ready'/)
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]))
    const port = container.ports?.find((p) => p.name === 'http')
    assert.equal(String(port?.containerPort), env.RECORD_PORT?.value)
    assert.equal(env.RECORD_HOST?.value, '0.0.0.0')
    assert.equal(container.startupProbe?.httpGet?.path, '/health')
    assert.equal(container.livenessProbe?.httpGet?.path, '/health')
    assert.equal(container.readinessProbe?.httpGet?.path, '/ready')
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
      assert.equal(probe?.httpGet?.port, 'http')
  })

  it("logs in as the server's own role, with its password from a Secret, and no secret as a plain value", () => {
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]))
    const url = new URL(env.RECORD_DATABASE_URL?.value ?? '')
    assert.equal(url.password, '', 'the URL holds no password')
    assert.equal(url.username, 'record')
    assert.equal(url.hostname, `${cluster.metadata.name}-rw`, 'the -rw Service, which follows the primary')
    assert.equal(url.pathname, `/${cluster.spec.bootstrap?.initdb?.database}`)
    assert.deepEqual(env.PGPASSWORD?.valueFrom?.secretKeyRef, { name: 'posture-record-db-server', key: 'password' })
    assert.equal(env.RECORD_DATABASE_OWNER_URL, undefined, "the serving process never sees the owner's credentials")
    assert.equal(env.RECORD_DATA_DIR, undefined, 'no data directory beside PostgreSQL')
    assert.equal(env.RECORD_ADMIN_EMAIL?.valueFrom?.secretKeyRef?.name, 'posture-record-admin')
    const file = env.RECORD_ADMIN_PASSWORD_FILE?.value ?? ''
    const mount = container.volumeMounts?.find((m) => file.startsWith(`${m.mountPath}/`))
    const volume = pod.volumes?.find((v) => v.name === mount?.name)
    assert.equal(volume?.secret?.secretName, 'posture-record-admin', 'the password file is a Secret mounted read-only')
    assert.equal(mount?.readOnly, true)
    for (const c of [container, ...(pod.initContainers ?? [])])
      for (const e of c.env ?? [])
        assert.ok(
          !/PASSWORD$|SECRET/.test(e.name) || e.value === undefined || e.name.endsWith('_FILE'),
          `${c.name}: ${e.name}`,
        )
    assert.ok(cluster.spec.instances >= 2, 'a standby to fail over to')
  })

  it("two roles: the database owned by one the server does not log in as, the server's own made by the operator", () => {
    const owner = cluster.spec.bootstrap?.initdb?.owner
    assert.equal(cluster.spec.bootstrap?.initdb?.database, 'record')
    const server = cluster.spec.managed?.roles?.find((r) => r.name === 'record')
    assert.ok(server, 'the server role is managed by the operator')
    assert.notEqual(owner, server.name, 'the owner is not the server role')
    assert.equal(server.login, true)
    assert.equal(server.superuser ?? false, false)
    assert.equal(server.inherit, false)
    assert.ok(!(server.inRoles ?? []).includes(owner ?? ''), 'the server role is not a member of the owner')
    assert.equal(server.passwordSecret?.name, 'posture-record-db-server')
  })

  it('migrates as the owner in an init container of the same image, before the server starts', () => {
    const init = pod.initContainers ?? []
    assert.equal(init.length, 1)
    const migrate = init[0] as NonNullable<(typeof init)[number]>
    assert.equal(migrate.image, container.image)
    assert.deepEqual(migrate.command, [...(container.command ?? []), 'migrate'])
    const env = Object.fromEntries((migrate.env ?? []).map((e) => [e.name, e]))
    assert.deepEqual(env.RECORD_DATABASE_OWNER_URL?.valueFrom?.secretKeyRef, {
      name: `${cluster.metadata.name}-app`,
      key: 'uri',
    })
    const serving = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]))
    assert.deepEqual(
      env.RECORD_DATABASE_URL,
      serving.RECORD_DATABASE_URL,
      'grants go to the role the server logs in as',
    )
    assert.deepEqual(env.PGPASSWORD, serving.PGPASSWORD)
    assert.equal(migrate.securityContext?.readOnlyRootFilesystem, true)
    assert.deepEqual(migrate.securityContext?.capabilities?.drop, ['ALL'])
    assert.ok(migrate.resources?.limits?.memory && migrate.resources?.requests?.cpu)
  })

  it('runs locked down like the metrics service, with requests within limits and a shutdown inside the grace period', () => {
    assert.equal(pod.securityContext?.runAsNonRoot, true)
    assert.equal(pod.securityContext?.runAsUser, 1000)
    assert.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault')
    assert.equal(container.securityContext?.readOnlyRootFilesystem, true)
    assert.equal(container.securityContext?.allowPrivilegeEscalation, false)
    assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'])
    assert.equal(pod.automountServiceAccountToken, false)
    const { requests, limits } = container.resources ?? {}
    for (const resource of ['cpu', 'memory']) assert.ok(requests?.[resource] && limits?.[resource], resource)
    const pause = Number(container.lifecycle?.preStop?.exec?.command?.[1])
    const grace = Number((container.env ?? []).find((e) => e.name === 'RECORD_SHUTDOWN_GRACE_MS')?.value) / 1000
    // serve.ts exits at most 1 s after RECORD_SHUTDOWN_GRACE_MS.
    assert.ok(pause + grace + 1 < (pod.terminationGracePeriodSeconds ?? 30))
  })

  it('the Service and the PodDisruptionBudget select the record server pods', () => {
    const labels = deployment.spec?.template.metadata?.labels ?? {}
    const matches = (selector: Record<string, string> | undefined) =>
      Object.keys(selector ?? {}).length > 0 && Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v)
    assert.ok(matches(deployment.spec?.selector.matchLabels))
    const service = only<Service>(documents, 'Service')
    assert.ok(matches(service.spec?.selector))
    assert.equal(service.spec?.ports?.[0]?.targetPort, 'http')
    const pdb = only<PodDisruptionBudget>(documents, 'PodDisruptionBudget')
    assert.ok(matches(pdb.spec?.selector?.matchLabels))
    assert.ok(Number(pdb.spec?.minAvailable) < (deployment.spec?.replicas ?? 1))
  })
})

const RECORD_INGRESS = join(BASE, 'record-server-ingress')

describe('Kubernetes overlay of the record server behind an ingress (deploy/kubernetes/record-server-ingress)', () => {
  let documents: Manifest[]
  let rendered = true
  let deployment: Deployment
  let container: NonNullable<NonNullable<Deployment['spec']>['template']['spec']>['containers'][number]
  let cluster: Cluster
  let serverPolicy: NetworkPolicy
  let databasePolicy: NetworkPolicy

  before(async () => {
    const r = await render(RECORD_INGRESS)
    if (r === null) {
      rendered = false
      console.log(
        '# kubectl not found: `kubectl kustomize` NOT checked; checking the resource files as written instead',
      )
      documents = [...readResources(RECORD), ...readResources(RECORD_INGRESS)]
    } else documents = r
    deployment = only<Deployment>(documents, 'Deployment')
    container = deployment.spec?.template.spec?.containers[0] as typeof container
    cluster = only<Cluster>(documents, 'Cluster')
    const policies = documents.filter((d) => d.kind === 'NetworkPolicy') as unknown as NetworkPolicy[]
    serverPolicy = policies.find((p) => p.metadata?.name === 'posture-record-server') as NetworkPolicy
    databasePolicy = policies.find((p) => p.metadata?.name === 'posture-record-db') as NetworkPolicy
    assert.ok(serverPolicy && databasePolicy, policies.map((p) => p.metadata?.name).join(', '))
  })

  it('renders the record server with its Ingress and two NetworkPolicies', (t) => {
    if (!rendered) return t.skip('kubectl is not installed')
    assert.deepEqual(documents.map((d) => d.kind).sort(), [
      'Cluster',
      'Deployment',
      'Ingress',
      'NetworkPolicy',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Service',
    ])
  })

  it('every document validates against the Kubernetes schemas and type-checks; a misspelled or mistyped NetworkPolicy field does not', async () => {
    assert.deepEqual(schemaProblems(documents), [])
    assert.deepEqual(await typeProblems(documents), [])
    const misspelled = structuredClone(serverPolicy) as unknown as { spec: Record<string, unknown> }
    misspelled.spec.podSelectors = misspelled.spec.podSelector
    delete misspelled.spec.podSelector
    const types = await typeProblems([misspelled as unknown as Manifest])
    assert.equal(types.length, 1, types.join('\n'))
    assert.match(types[0] ?? '', /podSelectors/)
    const mistyped = structuredClone(serverPolicy) as unknown as { spec: { policyTypes: unknown } }
    mistyped.spec.policyTypes = 'Ingress'
    assert.match(schemaProblems([mistyped as unknown as Manifest])[0] ?? '', /policyTypes/)
  })

  it("serves the record server's Service over TLS from a Secret, for the host it routes", () => {
    const ingress = only<Ingress>(documents, 'Ingress')
    const service = only<Service>(documents, 'Service')
    const tls = ingress.spec?.tls ?? []
    assert.equal(tls.length, 1)
    assert.ok(tls[0]?.secretName, 'the certificate comes from a Secret')
    const hosts = (ingress.spec?.rules ?? []).map((r) => r.host)
    assert.deepEqual(tls[0]?.hosts, hosts, 'every routed host is served over TLS')
    for (const rule of ingress.spec?.rules ?? [])
      for (const path of rule.http?.paths ?? []) {
        assert.equal(path.backend.service?.name, service.metadata?.name)
        assert.ok(service.spec?.ports?.some((p) => p.name === path.backend.service?.port?.name))
      }
    const annotations = ingress.metadata?.annotations ?? {}
    assert.equal(annotations['nginx.ingress.kubernetes.io/force-ssl-redirect'], 'true')
    // A photo of the stored-photo limit (40 MB) must pass the controller's body limit.
    assert.ok(Number.parseInt(annotations['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1', 10) >= 41)
  })

  it('lets only the ingress controller reach the record server, on its port; and the record server reach only DNS and PostgreSQL', () => {
    const labels = deployment.spec?.template.metadata?.labels ?? {}
    const selects = (selector: Record<string, string> | undefined, of: Record<string, string>) =>
      Object.keys(selector ?? {}).length > 0 && Object.entries(selector ?? {}).every(([k, v]) => of[k] === v)
    assert.ok(selects(serverPolicy.spec?.podSelector.matchLabels, labels))
    assert.deepEqual(serverPolicy.spec?.policyTypes, ['Ingress', 'Egress'])
    const port = container.ports?.find((p) => p.name === 'http')?.containerPort
    assert.deepEqual(serverPolicy.spec?.ingress, [
      {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
          },
        ],
        ports: [{ protocol: 'TCP', port }],
      },
    ])
    const egress = serverPolicy.spec?.egress ?? []
    assert.equal(egress.length, 2)
    const [dns, database] = egress
    assert.deepEqual(
      dns?.ports?.map((p) => `${p.protocol}/${p.port}`),
      ['UDP/53', 'TCP/53'],
    )
    assert.equal(dns?.to?.[0]?.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], 'kube-system')
    assert.deepEqual(database?.to, [{ podSelector: { matchLabels: { 'cnpg.io/cluster': cluster.metadata.name } } }])
    assert.deepEqual(
      database?.ports?.map((p) => `${p.protocol}/${p.port}`),
      ['TCP/5432'],
    )
  })

  it("lets only the record server, the database's own instances and the CloudNativePG operator reach PostgreSQL", () => {
    const labels = deployment.spec?.template.metadata?.labels ?? {}
    assert.deepEqual(databasePolicy.spec?.podSelector.matchLabels, { 'cnpg.io/cluster': cluster.metadata.name })
    assert.deepEqual(databasePolicy.spec?.policyTypes, ['Ingress'])
    const rules = databasePolicy.spec?.ingress ?? []
    assert.equal(rules.length, 3)
    const [server, peers, operator] = rules
    const serverSelector = server?.from?.[0]?.podSelector?.matchLabels ?? {}
    assert.ok(
      Object.keys(serverSelector).length > 0 && Object.entries(serverSelector).every(([k, v]) => labels[k] === v),
    )
    assert.equal(server?.from?.[0]?.namespaceSelector, undefined, "the record server's own namespace only")
    assert.deepEqual(
      server?.ports?.map((p) => p.port),
      [5432],
    )
    assert.deepEqual(peers?.from, [{ podSelector: { matchLabels: { 'cnpg.io/cluster': cluster.metadata.name } } }])
    assert.equal(operator?.from?.[0]?.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], 'cnpg-system')
    assert.equal(operator?.from?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/name'], 'cloudnative-pg')
    assert.deepEqual(
      operator?.ports?.map((p) => p.port),
      [8000, 5432],
    )
  })
})
