/**
 * The rule of notices (state/commands.ts `showNotice`, docs/app.md "Notices"): a routine notice
 * never replaces a warning or an error still shown (it is dropped), a warning or error replaces a
 * routine one, warnings and errors that come while one is shown wait and are each shown in turn,
 * and a warning or error stays at least its time to read. Pure commands on the state: no DOM.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  dismissNotice,
  ERROR_MIN_MS,
  NOTICES_WAITING_MAX,
  notify,
  notifyAs,
  notifyError,
  notifyWarning,
  READING_MS_PER_CHAR,
  WARNING_MIN_MS,
} from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'

const texts = (s: ReturnType<typeof initialState>) => ({
  shown: s.notice?.text ?? null,
  waiting: s.noticesWaiting.map((n) => n.text),
})

describe('notices', () => {
  test('a routine notice replaces a routine one', () => {
    const s = notify(notify(initialState(), 'Saved.'), 'Exported.')
    assert.deepEqual(texts(s), { shown: 'Exported.', waiting: [] })
    assert.equal(s.notice?.kind, 'info')
  })

  test('a routine notice never replaces an error or a warning still shown: it is dropped', () => {
    for (const serious of [notifyError, notifyWarning]) {
      const failed = serious(notify(initialState(), 'Saved.'), 'The PDF could not be made.')
      assert.deepEqual(
        texts(failed),
        { shown: 'The PDF could not be made.', waiting: [] },
        'it replaced the routine one',
      )
      const after = notify(failed, 'Saved in the record.')
      assert.equal(after.notice, failed.notice, 'the same notice, so its time is not restarted')
      assert.deepEqual(texts(after), { shown: 'The PDF could not be made.', waiting: [] })
      // Once it is gone, routine notices are shown again.
      assert.deepEqual(texts(notify(dismissNotice(after), 'Saved.')), { shown: 'Saved.', waiting: [] })
    }
  })

  test('two errors are both seen: the later waits, and is shown when the first is dismissed', () => {
    let s = notifyError(initialState(), 'The PDF could not be made.')
    s = notifyError(s, 'Could not save in the record.', 10_000, 'QuotaExceededError')
    s = notifyWarning(s, 'The notes were cut.')
    assert.deepEqual(texts(s), {
      shown: 'The PDF could not be made.',
      waiting: ['Could not save in the record.', 'The notes were cut.'],
    })
    s = dismissNotice(s)
    assert.deepEqual(texts(s), { shown: 'Could not save in the record.', waiting: ['The notes were cut.'] })
    assert.equal(s.notice?.details, 'QuotaExceededError')
    assert.equal(s.notice?.kind, 'error')
    s = dismissNotice(s)
    assert.deepEqual(texts(s), { shown: 'The notes were cut.', waiting: [] })
    assert.equal(s.notice?.kind, 'warning')
    assert.deepEqual(texts(dismissNotice(s)), { shown: null, waiting: [] })
    assert.equal(dismissNotice(initialState()).notice, null)
  })

  test('the same error again is not queued twice; beyond the limit the oldest waiting is left out', () => {
    let s = notifyError(initialState(), 'A')
    s = notifyError(notifyError(s, 'A'), 'B')
    s = notifyError(s, 'B')
    assert.deepEqual(texts(s), { shown: 'A', waiting: ['B'] })
    for (let i = 0; i < NOTICES_WAITING_MAX + 2; i++) s = notifyError(s, `E${i}`)
    assert.equal(s.noticesWaiting.length, NOTICES_WAITING_MAX)
    assert.equal(s.noticesWaiting.at(-1)?.text, `E${NOTICES_WAITING_MAX + 1}`, 'the newest is kept')
    assert.equal(s.notice?.text, 'A', 'the one shown stays')
  })

  test('a warning or error stays long enough to read; a routine notice its own time', () => {
    assert.equal(notify(initialState(), 'Saved.').notice?.ms, 4000)
    assert.equal(notify(initialState(), 'Saved.', 3000).notice?.ms, 3000)
    assert.equal(notifyError(initialState(), 'Failed.', 2000).notice?.ms, ERROR_MIN_MS)
    assert.equal(notifyWarning(initialState(), 'Check.').notice?.ms, WARNING_MIN_MS)
    assert.equal(notifyError(initialState(), 'Failed.', 15_000).notice?.ms, 15_000)
    const long = 'x'.repeat(300)
    assert.equal(notifyError(initialState(), long).notice?.ms, 300 * READING_MS_PER_CHAR)
    assert.equal(notifyAs(initialState(), 'warning', long, 9000).notice?.ms, 300 * READING_MS_PER_CHAR)
  })

  test('an error that comes while a warning is shown waits behind it, as a warning behind an error', () => {
    const s = notifyError(notifyWarning(initialState(), 'Check the photo.'), 'The PDF could not be made.')
    assert.deepEqual(texts(s), { shown: 'Check the photo.', waiting: ['The PDF could not be made.'] })
  })
})
