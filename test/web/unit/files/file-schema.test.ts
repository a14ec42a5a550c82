/**
 * The one schema for files (web/src/files/file-schema.ts): files the app writes are
 * admitted as they are; each bound refuses with the field and why, in both languages;
 * and, property-based (fast-check, seeded; the seed is printed on failure), random
 * JSON, mutations of valid files, type confusion, prototype keys, deep nesting, huge
 * and tiny numbers and huge strings are each either admitted within the bounds or
 * refused with a message, never an exception.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { Check } from 'typebox/value'
import {
  AssessmentFileSchema,
  BackupFileSchema,
  FILE_LIMITS,
  type FileKind,
  type FileReading,
  fieldPath,
  fileSizeProblem,
  MAX_PROBLEMS,
  measureJson,
  problemsText,
  readFile,
} from '../../../../web/src/files/file-schema.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { backupFileOf } from '../../../../web/src/record/backup.js'
import { newPatient, type VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { VIEW_NAMES } from '../../../../web/src/state/model.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

/** The seed of every property here (FILE_SCHEMA_SEED to try another); fast-check prints it with any failure. */
const SEED = Number(process.env.FILE_SCHEMA_SEED ?? 33)
/** Runs of each property (FILE_SCHEMA_RUNS for more). */
const RUNS = Number(process.env.FILE_SCHEMA_RUNS ?? 1000)

const NOW = '2026-05-01T10:00:00.000Z'

/** An assessment file as the app saves it: every view marked, how the anterior markers were placed, patient, date, placement error. */
function assessment(): Record<string, unknown> {
  let state = initialState()
  for (const view of VIEW_NAMES) {
    const doc = markedDoc(view)
    const origins = Object.keys(doc.markers).map((name, i) => [name, i % 2 === 0 ? 'hand' : 'suggestion'] as const)
    const marked = view === 'anterior' ? { ...doc, markerOrigin: Object.fromEntries(origins) } : doc
    state = commands.commit(commands.setView(state, view), marked)
  }
  state = commands.setMeta(state, { patientId: 'PAC-0042', date: '2026-03-10' })
  const file = assessmentFileOf(state, new Date(NOW))
  assert.ok(file)
  return JSON.parse(JSON.stringify(file))
}

/** The first bytes of a PNG of the anterior figure's size, and some more: base64. */
const PNG_DATA = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 1, 0x90, 0, 0, 2, 0x58, 8, 6, 0, 0, 0]),
  Buffer.alloc(64, 7),
]).toString('base64')

/** A backup as the app exports it: two patients, two visits (one with a photo and a capture), revisions. */
function backup(): Record<string, unknown> {
  const a = newPatient('p-1', 'PAC-0042', NOW, 'added', 'Ana Pérez', 'Escoliosis leve.\nRevisar en 6 meses.')
  const b = newPatient('p-2', 'PAC-0043', NOW, 'typed')
  const file = assessment() as unknown as VisitRecord['file']
  const visits: VisitRecord[] = [
    {
      id: 'v-1',
      patientId: 'p-1',
      date: '2026-03-10',
      created: NOW,
      updated: NOW,
      file,
      photos: { anterior: { key: 'k-1', type: 'image/png', width: 400, height: 600 } },
      rev: 1,
    },
    { id: 'v-2', patientId: 'p-2', date: '', created: NOW, updated: NOW, file, photos: {}, rev: 1 },
  ]
  const data = JSON.parse(JSON.stringify(backupFileOf('record', [a, b], visits, new Map([['k-1', PNG_DATA]]), NOW)))
  data.visits[0].rev = 3
  data.visits[0].assessment.views.anterior.capture = {
    source: 'camera',
    width: 1080,
    height: 1920,
    taken_at: NOW,
    roll_deg: -0.4,
    pitch_deg: null,
    level_tolerance_deg: 1.5,
    kept_tilted: false,
  }
  return data
}

const VALID: Record<FileKind, () => Record<string, unknown>> = { assessment, backup }

function problemsOf(reading: FileReading<FileKind>): string[] {
  assert.ok(!reading.ok, 'refused')
  // In the order of the fields' paths: the tests need not know in which order they were found.
  return reading.problems.map((p) => (p.path ? `${p.path}: ${p.text}` : p.text)).sort()
}

/** Reads `data` as `kind` after `change`, and returns the problems as "path: why". */
function refusal(kind: FileKind, change: (data: Record<string, unknown>) => void): string[] {
  const data = VALID[kind]()
  change(data)
  return problemsOf(readFile(kind, JSON.stringify(data)))
}

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into the JSON they mutate
type Json = any

describe('files the app writes', () => {
  test('an assessment file is admitted as it is', () => {
    const data = assessment()
    const reading = readFile('assessment', JSON.stringify(data, null, 2))
    assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
    assert.deepEqual(reading.value, data)
  })

  test('a view that leaves out its calibration, markers or results is admitted (as the reader always took it)', () => {
    const data = assessment() as Json
    delete data.views.anterior.calibration
    delete data.views.anterior.markers
    delete data.views.anterior.results
    const reading = readFile('assessment', JSON.stringify(data))
    assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
    const partial = assessment() as Json
    partial.views.anterior.calibration = { lrv_x: 300 }
    assert.ok(readFile('assessment', JSON.stringify(partial)).ok, 'a calibration with only some of its fields')
  })

  test('a backup, with a captured photo and revisions, is admitted as it is', () => {
    const data = backup()
    const reading = readFile('backup', JSON.stringify(data))
    assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
    assert.deepEqual(reading.value, data)
  })
})

describe('what is refused, and the words for it', () => {
  test('a photo of 1e308 x 1e308 px, a calibration of 1e-308, a coordinate of 1e308', () => {
    assert.deepEqual(
      refusal('assessment', (d: Json) => {
        d.views.anterior.image.width = 1e308
        d.views.anterior.image.height = 1e308
        d.views.lateral.calibration.fc = 1e-308
        d.views.posterior.markers.cervical_7 = [1e308, 10]
      }),
      [
        'views.anterior.image.height: must be at most 20000',
        'views.anterior.image.width: must be at most 20000',
        'views.lateral.calibration.fc: must be at least 0.00025',
        'views.posterior.markers.cervical_7[0]: must be at most 40000',
      ],
    )
  })

  test('too many megapixels, a marker far outside its photo, a day not in the calendar', () => {
    assert.deepEqual(
      refusal('assessment', (d: Json) => {
        d.views.anterior.image.width = 10_000
        d.views.anterior.image.height = 8000
        d.views.lateral.markers.tragus = [-601, 10]
        d.assessment_date = '2026-02-30'
      }),
      [
        'assessment_date: is not a day of the calendar',
        'views.anterior.image: is 80 megapixels; at most 64 are read',
        'views.lateral.markers.tragus: lies too far outside the photo: x must be from \u2212600 to 1200 px and y from \u22121000 to 2000 px (the photo and as much again around it)',
      ],
    )
  })

  test('how markers were placed: "hand" or "suggestion" for a marker name, as many as markers', () => {
    const data = assessment() as Json
    assert.ok(Object.keys(data.views.anterior.marker_origin).length > 0, 'the file written records it')
    assert.deepEqual(
      refusal('assessment', (d: Json) => {
        d.views.anterior.marker_origin.ombligo = 'model'
        d.views.anterior.marker_origin.Tragus = 'hand'
        d.views.posterior.marker_origin = Object.fromEntries(
          Array.from({ length: FILE_LIMITS.counts.markers + 1 }, (_, i) => [`m_${i}`, 'hand']),
        )
      }),
      [
        'views.anterior.marker_origin.Tragus: is not a field of this file',
        'views.anterior.marker_origin.ombligo: must be "hand" or "suggestion"',
        `views.posterior.marker_origin: must have at most ${FILE_LIMITS.counts.markers} fields`,
      ],
    )
  })

  test("the view check's answer: view_check_dismissed, a boolean, admitted (the record server keeps it with the visit)", () => {
    const data = assessment() as Json
    data.views.anterior.view_check_dismissed = true
    const reading = readFile('assessment', JSON.stringify(data))
    assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
    assert.deepEqual(
      refusal('assessment', (d: Json) => {
        d.views.anterior.view_check_dismissed = 'yes'
      }),
      ['views.anterior.view_check_dismissed: must be true or false'],
    )
  })

  test('prototype keys and unknown fields are refused, never stored', () => {
    const text = JSON.stringify(assessment())
      .replace('"views":{', '"__proto__":{"polluted":true},"views":{')
      .replace('"markers":{', '"markers":{"constructor":[1,2],"__proto__":[1,2],')
    const problems = problemsOf(readFile('assessment', text))
    assert.deepEqual(problems, [
      '__proto__: is not a field of this file',
      'views.anterior.markers.__proto__: is not a field of this file',
      'views.anterior.markers.constructor: is not a field of this file',
    ])
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
  })

  test('wrong types, said once for a union ("null or an object")', () => {
    assert.deepEqual(
      refusal('assessment', (d: Json) => {
        d.views.anterior.image = 'photo.png'
        d.views.anterior.calibration.scale_points = [[1, 2, 3], null]
        d.views.anterior.results = { head_angle: [] }
        d.views.anterior.side = 'up'
        d.views.anterior.markers = 'all of them'
      }),
      [
        'views.anterior.markers: must be an object ({…})',
        'views.anterior.image: must be null or an object ({…})',
        'views.anterior.calibration.scale_points[0][2]: is one entry too many',
        'views.anterior.side: must be "right" or "left"',
        'views.anterior.results.head_angle: must be a number or text or null',
      ].sort(),
      'sorted as problemsOf sorts them',
    )
  })

  test('backups: texts too long or with control characters, unknown patients, repeated ids, photos that are not photos', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      'base64',
    )
    const problems = refusal('backup', (d: Json) => {
      d.patients[0].identifier = 'x'.repeat(101)
      d.patients[1].name = 'a\u0000b'
      d.patients[1].id = 'p-1'
      d.visits[1].patient_id = 'p-9'
      d.visits[0].photos.anterior.data = svg.padEnd(Math.ceil(svg.length / 4) * 4, '=')
      d.visits[0].rev = 0
      d.visits[0].assessment.views.anterior.capture.level_tolerance_deg = 0
    })
    assert.deepEqual(problems, [
      'patients[0].identifier: must have at most 100 characters',
      'patients[1].name: must be one line of text, without control characters',
      'visits[0].assessment.views.anterior.capture.level_tolerance_deg: must be greater than 0',
      'visits[0].rev: must be at least 1',
    ])
    const semantic = refusal('backup', (d: Json) => {
      d.patients[1].id = 'p-1'
      d.visits[1].patient_id = 'p-9'
      d.visits[0].photos.anterior.data = svg.padEnd(Math.ceil(svg.length / 4) * 4, '=')
    })
    assert.deepEqual(semantic, [
      'patients[1].id: is the identifier of another entry of this backup',
      'visits[0].photos.anterior.data: It is an SVG drawing, not a photo: open a JPEG, PNG or WebP photo.',
      'visits[1].patient_id: names no patient of this backup',
    ])
  })

  test('a photo key twice: the same photo (a visit and its copy) admitted, another photo refused', () => {
    const shared = (d: Json) => {
      d.visits[1].photos.lateral = { ...d.visits[0].photos.anterior }
    }
    const data = backup()
    shared(data)
    assert.ok(readFile('backup', JSON.stringify(data)).ok, 'the same photo under its key twice')
    for (const other of [
      { data: `${PNG_DATA.slice(0, -4)}AAAA` },
      { width: 401 },
      { height: 601 },
      { type: 'image/jpeg' },
    ])
      assert.deepEqual(
        refusal('backup', (d: Json) => {
          shared(d)
          Object.assign(d.visits[1].photos.lateral, other)
        }),
        ['visits[1].photos.lateral.key: is the identifier of another entry of this backup'],
        JSON.stringify(other),
      )
  })

  test('deep nesting is refused before parsing, at any depth, without a RangeError', () => {
    for (const depth of [17, 1000, 100_000, 1_000_000]) {
      const text = `{"format":"posture-metrics-record","version":1,"x":${'['.repeat(depth)}${']'.repeat(depth)}}`
      assert.deepEqual(problemsOf(readFile('backup', text)), [
        'The file nests its data more than 16 levels deep, which files of this app never do: it was not made by this app, or it is damaged.',
      ])
    }
    const unclosed = '['.repeat(100_000)
    assert.equal(readFile('assessment', unclosed).ok, false)
    assert.deepEqual(measureJson('{"a":"[[[[{{\\"]]"}', 2), { bytes: 18, depth: 1, tooDeep: false })
    assert.deepEqual(measureJson('"é€😀"'), { bytes: 2 + 2 + 3 + 4, depth: 0, tooDeep: false })
  })

  test('the size of each kind: the text, and a file before it is read', () => {
    const big = JSON.stringify({ ...assessment(), pad: 'x'.repeat(FILE_LIMITS.maxBytes.assessment) })
    assert.deepEqual(problemsOf(readFile('assessment', big)), [
      `The file is 1 MB, more than an assessment file ever holds (1 MB at most): it is not an assessment file of this app.`,
    ])
    const multibyte = JSON.stringify({ ...assessment(), pad: 'é'.repeat(FILE_LIMITS.maxBytes.assessment / 2) })
    assert.ok(multibyte.length < FILE_LIMITS.maxBytes.assessment)
    assert.match(problemsOf(readFile('assessment', multibyte))[0]!, /more than an assessment file ever holds/)
    assert.equal(fileSizeProblem('backup', 500_000_000), null)
    assert.match(
      fileSizeProblem('backup', 530_000_000)?.text ?? '',
      /The file is 530 MB; a backup can be at most 500 MB/,
    )
  })

  test('not JSON, another format, another version', () => {
    assert.match(problemsOf(readFile('assessment', '{"format":'))[0]!, /^The file is not readable JSON: /)
    assert.deepEqual(problemsOf(readFile('backup', JSON.stringify(assessment()))), [
      'This is not a backup of this app\'s record (expected "format": "posture-metrics-record").',
    ])
    assert.deepEqual(
      refusal('assessment', (d) => {
        d.version = 2
      }),
      ['version: This app does not read version 2 of the file; it reads version 1.'],
    )
  })

  test('the problems in Spanish, numbers with the decimal comma', () => {
    setLocale('es')
    try {
      const problems = refusal('assessment', (d: Json) => {
        d.views.lateral.calibration.fc = 1e-308
        d.views.lateral.image = null
        d.views.lateral.markers.tragus = [1, 2, 3]
        d.patient_id = '   '
      })
      assert.deepEqual(problems, [
        'patient_id: debe ser una sola línea de texto, no vacía, sin caracteres de control',
        'views.lateral.calibration.fc: debe ser como mínimo 0,00025',
        'views.lateral.markers.tragus[2]: es un elemento de más',
      ])
      const reading = readFile('assessment', '[')
      assert.ok(!reading.ok)
      assert.match(problemsText(reading.problems), /^El archivo no es un JSON legible: /)
      // The engine's English ("Unterminated string in JSON at position 9") never reaches a Spanish message.
      const cut = readFile('assessment', '{"format": "posture')
      assert.ok(!cut.ok)
      assert.doesNotMatch(problemsText(cut.problems), /Unterminated|Unexpected|position|JSON at/)
    } finally {
      setLocale('en')
    }
  })

  test('field paths as people read them', () => {
    assert.equal(fieldPath(''), '')
    assert.equal(fieldPath('/visits/3/assessment/views/lateral'), 'visits[3].assessment.views.lateral')
    assert.equal(fieldPath('/a~1b/~0c/x y'), '["a/b"]["~c"]["x y"]')
    assert.equal(fieldPath(`/${'k'.repeat(100)}`), `["${'k'.repeat(40)}…"]`)
  })
})

// ---------------------------------------------------------------------------------------------
// Property-based.

/**
 * The oracle: a reading either admitted the file, and then the value is the parsed
 * text, the schema holds and every number is finite and within the widest bound any
 * field has; or it refused it with at most MAX_PROBLEMS problems, each with words,
 * none of them the "could not be checked" of an unforeseen exception.
 */
function holds(kind: FileKind, text: string): void {
  let reading: FileReading<FileKind>
  try {
    reading = readFile(kind, text)
  } catch (error) {
    assert.fail(`readFile threw: ${error}`)
  }
  if (reading.ok) {
    assert.ok(Check(kind === 'assessment' ? AssessmentFileSchema : BackupFileSchema, reading.value))
    assert.deepEqual(reading.value, JSON.parse(text))
    const walk = (v: unknown, depth: number): void => {
      assert.ok(depth <= FILE_LIMITS.maxDepth)
      if (typeof v === 'number') assert.ok(Number.isFinite(v) && Math.abs(v) <= FILE_LIMITS.resultValue, String(v))
      else if (typeof v === 'string') assert.ok(v.length <= FILE_LIMITS.maxBytes.backup)
      else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1)
      else if (v && typeof v === 'object') {
        assert.equal(Object.getPrototypeOf(v), Object.prototype)
        for (const [k, x] of Object.entries(v)) {
          assert.ok(!['__proto__', 'constructor', 'prototype'].includes(k), k)
          walk(x, depth + 1)
        }
      }
    }
    walk(reading.value, 1)
  } else {
    assert.ok(reading.problems.length > 0 && reading.problems.length <= MAX_PROBLEMS)
    for (const p of reading.problems) {
      assert.equal(typeof p.path, 'string')
      assert.ok(p.text.trim().length > 0, JSON.stringify(p))
      assert.doesNotMatch(p.text, /could not be checked/, p.text)
    }
  }
}

/** Every path (keys and indices) to a value inside `data`. */
function pathsOf(data: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix]
  if (Array.isArray(data)) {
    for (const [i, v] of data.entries()) out.push(...pathsOf(v, [...prefix, i]))
  } else if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) out.push(...pathsOf(v, [...prefix, k]))
  return out
}

/** Values an attacker would put anywhere: huge and tiny numbers, wrong types, prototype keys, deep nesting, huge strings. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    1e-308,
    5e-324,
    -0,
    0,
    -1,
    2 ** 53,
    1.5,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '',
    ' ',
    '=HYPERLINK("http://x/?d="&B2,"ver")',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '\u0000',
    '\u202e',
    '2026-02-30',
    '9999-12-31T23:59:59.999Z',
    null,
    true,
    false,
    [],
    {},
    [null, null],
    [1e308, 1e308],
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 40 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n))),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.double({ noNaN: true }),
)

type Mutation =
  | { readonly kind: 'set'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x', 'tragus', 'toString'), fc.string()),
    value: hostileValue,
  }),
)

/** `data` with the mutations applied (each at a path picked by its index). */
function mutated(data: Json, mutations: readonly Mutation[]): Json {
  for (const m of mutations) {
    const paths = pathsOf(data)
    const path = paths[m.at % paths.length]!
    if (path.length === 0) continue
    const parent = path.slice(0, -1).reduce((v: Json, k) => v[k], data)
    const key = path.at(-1)!
    if (m.kind === 'set') parent[key] = m.value
    else if (m.kind === 'delete') Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]
    else {
      const target = parent[key]
      if (target && typeof target === 'object' && !Array.isArray(target))
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, configurable: true, writable: true })
      else parent[key] = m.value
    }
  }
  return data
}

describe('hostile files, property-based (seed printed on failure)', () => {
  const options = { seed: SEED, numRuns: RUNS }

  test('random JSON of any shape, as either kind', () => {
    fc.assert(
      fc.property(fc.constantFrom<FileKind>('assessment', 'backup'), fc.jsonValue({ maxDepth: 6 }), (kind, v) =>
        holds(kind, JSON.stringify(v) ?? 'null'),
      ),
      options,
    )
  })

  test('random JSON in the right format and version', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FileKind>('assessment', 'backup'),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (kind, v) => {
          const format = kind === 'assessment' ? 'posture-metrics-session' : 'posture-metrics-record'
          holds(kind, JSON.stringify({ ...v, format, version: 1 }))
        },
      ),
      options,
    )
  })

  test('valid files with values changed, removed and added anywhere (type confusion, prototype keys, bounds)', () => {
    const valid = { assessment: JSON.stringify(assessment()), backup: JSON.stringify(backup()) }
    fc.assert(
      fc.property(
        fc.constantFrom<FileKind>('assessment', 'backup'),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (kind, mutations) => holds(kind, JSON.stringify(mutated(JSON.parse(valid[kind]), mutations))),
      ),
      options,
    )
  })

  test('a prototype key (__proto__, constructor, prototype) in any object of a valid file: refused', () => {
    const valid = { assessment: JSON.stringify(assessment()), backup: JSON.stringify(backup()) }
    fc.assert(
      fc.property(
        fc.constantFrom<FileKind>('assessment', 'backup'),
        fc.nat(),
        fc.constantFrom('__proto__', 'constructor', 'prototype'),
        fc.option(hostileValue),
        (kind, at, key, hostile) => {
          const data = JSON.parse(valid[kind])
          const objects = pathsOf(data).filter((path) => {
            const v = path.reduce((o: Json, k) => o[k], data)
            return v !== null && typeof v === 'object' && !Array.isArray(v)
          })
          const target = objects[at % objects.length]!.reduce((o: Json, k) => o[k], data)
          // A sibling's value when none is given: only the key is wrong then.
          const value = hostile ?? structuredClone(Object.values(target)[0] ?? null)
          Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
          const text = JSON.stringify(data)
          holds(kind, text)
          assert.equal(readFile(kind, text).ok, false, text.slice(0, 200))
        },
      ),
      options,
    )
  })

  test('numbers written as text: 1e999, -1e999, 1e-400, 0e0, long digit strings, in place of any number', () => {
    const valid = { assessment: JSON.stringify(assessment()), backup: JSON.stringify(backup()) }
    const literal = fc.constantFrom(
      '1e999',
      '-1e999',
      '1e-400',
      '-0.0',
      '0e0',
      '1E308',
      '9'.repeat(400),
      `0.${'0'.repeat(400)}1`,
    )
    fc.assert(
      fc.property(fc.constantFrom<FileKind>('assessment', 'backup'), fc.nat(), literal, (kind, at, number) => {
        const text = valid[kind]
        const numbers = [...text.matchAll(/(?<=[:[,])-?\d+(\.\d+)?(e[+-]?\d+)?(?=[,\]}])/gi)]
        const m = numbers[at % numbers.length]!
        holds(kind, text.slice(0, m.index) + number + text.slice(m.index! + m[0].length))
      }),
      options,
    )
  })

  test('deep nesting anywhere in a valid file, up to 100,000 levels: beyond the limit refused before parsing', () => {
    const valid = { assessment: JSON.stringify(assessment()), backup: JSON.stringify(backup()) }
    const tooDeep = `The file nests its data more than ${FILE_LIMITS.maxDepth} levels deep, which files of this app never do: it was not made by this app, or it is damaged.`
    fc.assert(
      fc.property(
        fc.constantFrom<FileKind>('assessment', 'backup'),
        fc.nat(),
        fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 30, max: 100_000 })),
        fc.constantFrom('[', '{"a":'),
        (kind, at, depth, open) => {
          const text = valid[kind]
          const close = open === '[' ? ']' : '}'
          // After a value: inside an object a field of its own, inside an array an entry (or a syntax error).
          const ends = [...text.matchAll(/[\d"\]}](?=,)/g)]
          const i = ends[at % ends.length]!.index! + 1
          const deep = `${open.repeat(depth)}1${close.repeat(depth)}`
          const inArray = text.slice(0, i).lastIndexOf('[') > text.slice(0, i).lastIndexOf('{')
          const hostile = `${text.slice(0, i)},${inArray ? '' : '"deep":'}${deep}${text.slice(i)}`
          if (depth >= FILE_LIMITS.maxDepth) {
            const reading = readFile(kind, hostile)
            assert.deepEqual(!reading.ok && reading.problems.map((p) => p.text), [tooDeep])
          } else holds(kind, hostile)
        },
      ),
      { ...options, numRuns: Math.max(50, Math.floor(RUNS / 5)) },
    )
  })
})
