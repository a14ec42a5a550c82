/**
 * The record server's entry point (`npm run record-server`; docs/record-server.md):
 * refuses Node older than 22.5 (node:sqlite), reads RECORD_* settings and serves, or
 * runs a command: `backup <dir>` writes a consistent copy of the data directory.
 * Configuration errors end the process with a message saying what to set.
 */
import { unsupportedNode } from '../node-version.js'

const tooOld = unsupportedNode('record-server', '22.5.0', 'its database is node:sqlite')
if (tooOld !== null) {
  console.error(tooOld)
  process.exit(1)
}

async function main(): Promise<void> {
  const { ConfigError, readRecordConfig } = await import('./config.js')
  const [command, ...rest] = process.argv.slice(2)
  try {
    const config = readRecordConfig()
    if (command === undefined || command === 'serve') {
      const { serve } = await import('./serve.js')
      await serve(config)
    } else if (command === 'backup') {
      const { backup } = await import('./backup.js')
      const target = rest[0]
      if (!target || rest.length > 1) throw new ConfigError('usage: npm run record-server -- backup <new directory>')
      const copied = await backup(config.dataDir, target)
      console.log(`record-server: backup written to ${copied.dir} (${copied.photos} photos)`)
    } else {
      throw new ConfigError(`unknown command '${command}': run it with no command to serve, or 'backup <dir>'.`)
    }
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.name === 'StoreError')) {
      console.error(`record-server: ${error instanceof ConfigError ? 'configuration error: ' : ''}${error.message}`)
    } else {
      console.error('record-server: failed:', error)
    }
    process.exit(1)
  }
}

void main()
