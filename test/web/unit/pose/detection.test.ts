/** The detector's retries as data (web/src/pose/detection.ts): the default order, and the bench's `?pose-retries=` list. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRetries, RETRIES } from '../../../../web/src/pose/detection.js'

test('retries: contrast, then square, then a second scale, unless a list says otherwise', () => {
  assert.deepEqual(RETRIES, ['contrast', 'square', 'scale'])
  assert.deepEqual(parseRetries(null), RETRIES)
  assert.deepEqual(parseRetries(''), [])
  assert.deepEqual(parseRetries('scale, contrast'), ['scale', 'contrast'])
  assert.deepEqual(parseRetries('square,sharpen'), ['square'])
})
