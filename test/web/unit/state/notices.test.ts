/**
 * The rule of notices (state/commands.ts `showNotice`, docs/app.md "Notices"): a routine notice
 * never replaces a warning or an error still shown (it is dropped), a warning or error is shown at
 * once and one it replaces waits at the head of the queue (each is seen, in turn), and a warning or
 * error stays at least its time to read. Pure commands on the state: no DOM.
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

  test('two errors are both seen: the later is shown at once, the earlier again after it', () => {
    let s = notifyError(initialState(), 'The PDF could not be made.')
    s = notifyError(s, 'Could not save in the record.', 10_000, 'QuotaExceededError')
    s = notifyWarning(s, 'The notes were cut.')
    assert.deepEqual(texts(s), {
      shown: 'The notes were cut.',
      waiting: ['Could not save in the record.', 'The PDF could not be made.'],
    })
    assert.equal(s.notice?.kind, 'warning')
    s = dismissNotice(s)
    assert.deepEqual(texts(s), { shown: 'Could not save in the record.', waiting: ['The PDF could not be made.'] })
    assert.equal(s.notice?.details, 'QuotaExceededError')
    assert.equal(s.notice?.kind, 'error')
    s = dismissNotice(s)
    assert.deepEqual(texts(s), { shown: 'The PDF could not be made.', waiting: [] })
    assert.deepEqual(texts(dismissNotice(s)), { shown: null, waiting: [] })
    assert.equal(dismissNotice(initialState()).notice, null)
  })

  test('the same error again changes nothing, a waiting one comes forward; beyond the limit the longest waiting is left out', () => {
    let s = notifyError(initialState(), 'A')
    const once = s
    s = notifyError(s, 'A')
    assert.equal(s, once, 'the same notice, so its time is not restarted')
    s = notifyError(notifyError(s, 'B'), 'C')
    assert.deepEqual(texts(s), { shown: 'C', waiting: ['B', 'A'] })
    s = notifyError(s, 'A')
    assert.deepEqual(texts(s), { shown: 'A', waiting: ['C', 'B'] }, 'A shown now, not twice')
    for (let i = 0; i < NOTICES_WAITING_MAX + 2; i++) s = notifyError(s, `E${i}`)
    assert.equal(s.noticesWaiting.length, NOTICES_WAITING_MAX)
    assert.equal(s.notice?.text, `E${NOTICES_WAITING_MAX + 1}`, 'the newest is shown')
    assert.equal(s.noticesWaiting.at(-1)?.text, 'E1', 'the ones that waited longest are left out')
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

  test('an error that comes while a warning is shown is shown at once; the warning waits, and so the other way', () => {
    const s = notifyError(notifyWarning(initialState(), 'Check the photo.'), 'The PDF could not be made.')
    assert.deepEqual(texts(s), { shown: 'The PDF could not be made.', waiting: ['Check the photo.'] })
    const t = notifyWarning(notifyError(initialState(), 'The PDF could not be made.'), 'Check the photo.')
    assert.deepEqual(texts(t), { shown: 'Check the photo.', waiting: ['The PDF could not be made.'] })
  })
})
