/**
 * A CPU quota for processes under test, as a Kubernetes CPU limit sets one: a cgroup
 * of its own with CFS bandwidth control (cgroup v1's cpu controller, or cgroup v2's
 * cpu.max). Needs root and a writable /sys/fs/cgroup; where that is missing the tests
 * that use it are skipped, unless CI is set (then they fail: .ci/run runs as root).
 * Every group made here is removed by remove(), and when this process exits.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const V1_ROOT = '/sys/fs/cgroup/cpu'
const V2_ROOT = '/sys/fs/cgroup'

type Flavour = { version: 1; root: string } | { version: 2; root: string }

/** Where CPU quotas can be made here, or why not. */
function flavour(): Flavour | string {
  if (process.getuid?.() !== 0) return 'not root'
  if (existsSync(join(V1_ROOT, 'cpu.cfs_quota_us'))) return { version: 1, root: V1_ROOT }
  const controllers = join(V2_ROOT, 'cgroup.controllers')
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
    return { version: 2, root: V2_ROOT }
  return 'no cgroup cpu controller (v1 /sys/fs/cgroup/cpu or v2 cpu in cgroup.controllers)'
}

export interface CpuQuota {
  /** The group's folder. */
  readonly path: string
  /** Moves a process (all its threads) into the group. */
  add(pid: number): void
  /** Moves a process back out (to the hierarchy's root). */
  release(pid: number): void
  /** Periods in which the group was throttled so far (cpu.stat nr_throttled). */
  throttledPeriods(): number
  /** Moves every process left in the group out, and removes it. */
  remove(): void
}

/**
 * Makes a group in which processes get at most `share` of one core (0.05: 5 ms of
 * every 100 ms), enforced every `periodUs` (the kernel's and Kubernetes' default is
 * 100 ms). Throws with the reason when it cannot.
 */
export function createCpuQuota(name: string, share: number, periodUs = 100_000): CpuQuota {
  const found = flavour()
  if (typeof found === 'string') throw new Error(`cannot make a CPU quota: ${found}`)
  const quotaUs = Math.max(1000, Math.round(share * periodUs))
  const path = join(found.root, `${name}-${process.pid}`)
  if (found.version === 2) {
    // The root's children get the cpu controller (harmless if they already have it).
    const control = join(found.root, 'cgroup.subtree_control')
    if (!readFileSync(control, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(control, '+cpu')
  }
  mkdirSync(path)
  if (found.version === 1) {
    writeFileSync(join(path, 'cpu.cfs_period_us'), String(periodUs))
    writeFileSync(join(path, 'cpu.cfs_quota_us'), String(quotaUs))
  } else {
    writeFileSync(join(path, 'cpu.max'), `${quotaUs} ${periodUs}`)
  }
  const move = (pid: number, to: string) => {
    try {
      writeFileSync(join(to, 'cgroup.procs'), String(pid))
    } catch (error) {
      // A process that has exited cannot be moved, nor does it need to be.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    }
  }
  let removed = false
  const remove = () => {
    if (removed) return
    removed = true
    const procs = readFileSync(join(path, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
    for (const pid of procs) move(Number(pid), found.root)
    rmdirSync(path)
    process.off('exit', remove)
  }
  process.once('exit', remove)
  return {
    path,
    add: (pid) => move(pid, path),
    release: (pid) => move(pid, found.root),
    throttledPeriods: () => {
      const match = /^nr_throttled (\d+)$/m.exec(readFileSync(join(path, 'cpu.stat'), 'utf8'))
      return match ? Number(match[1]) : 0
    },
    remove,
  }
}

/**
 * Whether the CPU quota tests can run: false, or the reason they are skipped. With CI
 * set a missing quota is a failure (.ci/run runs as root on a machine with cgroups).
 */
export function cpuQuotaSkip(): string | false {
  let reason: string | undefined
  try {
    createCpuQuota('posture-probe', 0.5).remove()
  } catch (error) {
    reason = (error as Error).message
  }
  if (reason === undefined) return false
  if (process.env.CI)
    throw new Error(`${reason}, and CI is set: the CPU quota tests must run in CI (as root, with cgroups).`)
  return `${reason}: CPU quota tests skipped (run them as root on a machine with cgroups)`
}
