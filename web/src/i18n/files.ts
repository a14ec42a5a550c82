/**
 * Messages about files from outside (web/src/files/raster.ts, file-schema.ts): why a
 * photo is refused and what to open instead; why a file is refused, field by field
 * ("fileCheck.problem" puts the field and the why together). Merged into en.ts and es.ts like
 * record.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 * Placeholders are {name}; a number placeholder gets the language's decimal mark from t().
 */
export const FILES_EN = {
  'raster.refused': 'Cannot open {name}: {reason}',
  'raster.empty': 'The file is empty: open a JPEG, PNG or WebP photo.',
  'raster.svg': 'It is an SVG drawing, not a photo: open a JPEG, PNG or WebP photo.',
  'raster.html': 'It is a web page (HTML), not a photo: open a JPEG, PNG or WebP photo.',
  'raster.pdf': 'It is a PDF document, not a photo: open a JPEG, PNG or WebP photo.',
  'raster.otherImage':
    'It is a {format} image, which this app does not open: save or share the photo as JPEG, PNG or WebP and open that.',
  'raster.unknown':
    'Its content is not a JPEG, PNG or WebP photo, whatever its name says (the file may be damaged or of another kind): open a JPEG, PNG or WebP photo.',
  'raster.tooLarge':
    'The file is {size} MB; a photo may be at most {max} MB. Save it smaller (as JPEG, or with fewer pixels) and open that.',
  'raster.tooManyPixels':
    'The photo is {width} × {height} px ({megapixels} megapixels); at most {max} megapixels and {side} px a side are opened. Save it with fewer pixels and open that.',
  'raster.noSize':
    'Its size in pixels cannot be read: the file may be damaged. Open another copy of the photo, or save it again as JPEG or PNG.',
  'raster.cannotDecode':
    'This browser cannot decode the picture: the file may be damaged. Save the photo again as JPEG or PNG and open that.',
  'raster.sizeMismatch':
    'The picture is {width} × {height} px where {expectedWidth} × {expectedHeight} px were expected: it is not the photo the file describes.',
  'fileCheck.problem': '{where}: {why}',
  'fileCheck.more': { one: 'And {count} more problem.', other: 'And {count} more problems.' },
  'fileCheck.tooLarge.assessment':
    'The file is {size} MB, more than an assessment file ever holds ({max} MB at most): it is not an assessment file of this app.',
  'fileCheck.tooLarge.backup':
    'The file is {size} MB; a backup can be at most {max} MB to be read in a browser. Export the patients in smaller backups (one patient at a time) and import those.',
  'fileCheck.tooDeep':
    'The file nests its data more than {max} levels deep, which files of this app never do: it was not made by this app, or it is damaged.',
  'fileCheck.notJson':
    'The file is not readable JSON: it may be cut short, damaged or of another kind. Choose the .json file the app saved.',
  'fileCheck.foreign.assessment': 'This is not an assessment file of this app (expected "format": "{format}").',
  'fileCheck.foreign.backup': 'This is not a backup of this app\'s record (expected "format": "{format}").',
  'fileCheck.version': 'This app does not read version {version} of the file; it reads version {expected}.',
  'fileCheck.unexpected': 'The file could not be checked in this browser; nothing was read from it.',
  'fileCheck.invalid': 'does not have the form this file needs',
  'fileCheck.mustBe': 'must be {what}',
  'fileCheck.or': ' or ',
  'fileCheck.type.number': 'a number',
  'fileCheck.type.integer': 'a whole number',
  'fileCheck.type.string': 'text',
  'fileCheck.type.boolean': 'true or false',
  'fileCheck.type.array': 'a list ([…])',
  'fileCheck.type.object': 'an object ({…})',
  'fileCheck.minimum': 'must be at least {limit}',
  'fileCheck.maximum': 'must be at most {limit}',
  'fileCheck.exclusiveMinimum': 'must be greater than {limit}',
  'fileCheck.exclusiveMaximum': 'must be less than {limit}',
  'fileCheck.minLength': {
    one: 'must have at least {count} character',
    other: 'must have at least {count} characters',
  },
  'fileCheck.maxLength': { one: 'must have at most {count} character', other: 'must have at most {count} characters' },
  'fileCheck.minItems': { one: 'must have at least {count} entry', other: 'must have at least {count} entries' },
  'fileCheck.maxItems': { one: 'must have at most {count} entry', other: 'must have at most {count} entries' },
  'fileCheck.maxProperties': { one: 'must have at most {count} field', other: 'must have at most {count} fields' },
  'fileCheck.extraItem': 'is one entry too many',
  'fileCheck.unknownField': 'is not a field of this file',
  'fileCheck.missing': 'is missing',
  'fileCheck.pattern': 'does not have the expected form',
  'fileCheck.pattern.code': 'must be a name of lower-case letters, digits and _ (as tragus_der)',
  'fileCheck.pattern.line': 'must be one line of text, without control characters',
  'fileCheck.pattern.nonBlank': 'must be one line of text, not blank, without control characters',
  'fileCheck.pattern.lines': 'must be text without control characters (tabs and line breaks are fine)',
  'fileCheck.pattern.notes':
    'must be text without control characters: tabs and line breaks written as \\n are fine, \\r and any other are not',
  'fileCheck.pattern.date': 'must be a date written YYYY-MM-DD, such as 2026-03-10',
  'fileCheck.pattern.time': 'must be a time as this app writes it, such as 2026-03-10T09:30:00Z',
  'fileCheck.pattern.id': 'must be an identifier of letters, digits and . _ : - as this app makes them',
  'fileCheck.pattern.base64': "must be the photo's bytes in base64",
  'fileCheck.pattern.imageType': "must name the photo's type (JPEG, PNG or WebP)",
  'fileCheck.notCalendarDate': 'is not a day of the calendar',
  'fileCheck.megapixels': 'is {megapixels} megapixels; at most {max} are read',
  'fileCheck.outsidePhoto':
    'lies too far outside the photo: x must be from {minX} to {maxX} px and y from {minY} to {maxY} px (the photo and as much again around it)',
  'fileCheck.duplicateId': 'is the identifier of another entry of this backup',
  'fileCheck.unknownPatient': 'names no patient of this backup',
  'files.importPhoto': 'the photo of {where} is refused: {reason}',
  'files.importPhotoUnreadable': 'this browser could not read it',
  'files.storedNotRaster':
    'The stored photo of {views} is not a JPEG, PNG or WebP image (saved by an older version of the app?), so it is not shown. The markers and values are kept.',
} as const

export type FilesKey = keyof typeof FILES_EN

export const FILES_ES = {
  'raster.refused': 'No se puede abrir {name}: {reason}',
  'raster.empty': 'El archivo está vacío: abra una foto JPEG, PNG o WebP.',
  'raster.svg': 'Es un dibujo SVG, no una foto: abra una foto JPEG, PNG o WebP.',
  'raster.html': 'Es una página web (HTML), no una foto: abra una foto JPEG, PNG o WebP.',
  'raster.pdf': 'Es un documento PDF, no una foto: abra una foto JPEG, PNG o WebP.',
  'raster.otherImage':
    'Es una imagen {format}, que esta aplicación no abre: guarde o comparta la foto como JPEG, PNG o WebP y abra esa.',
  'raster.unknown':
    'Su contenido no es una foto JPEG, PNG ni WebP, diga lo que diga su nombre (el archivo puede estar dañado o ser de otro tipo): abra una foto JPEG, PNG o WebP.',
  'raster.tooLarge':
    'El archivo ocupa {size} MB; una foto puede ocupar como máximo {max} MB. Guárdela más pequeña (como JPEG o con menos píxeles) y abra esa.',
  'raster.tooManyPixels':
    'La foto mide {width} × {height} px ({megapixels} megapíxeles); se abren como máximo {max} megapíxeles y {side} px por lado. Guárdela con menos píxeles y abra esa.',
  'raster.noSize':
    'No se puede leer su tamaño en píxeles: el archivo puede estar dañado. Abra otra copia de la foto o vuelva a guardarla como JPEG o PNG.',
  'raster.cannotDecode':
    'Este navegador no puede descodificar la imagen: el archivo puede estar dañado. Vuelva a guardar la foto como JPEG o PNG y abra esa.',
  'raster.sizeMismatch':
    'La imagen mide {width} × {height} px y se esperaban {expectedWidth} × {expectedHeight} px: no es la foto que describe el archivo.',
  'fileCheck.problem': '{where}: {why}',
  'fileCheck.more': { one: 'Y {count} problema más.', other: 'Y {count} problemas más.' },
  'fileCheck.tooLarge.assessment':
    'El archivo ocupa {size} MB, más de lo que ocupa nunca un archivo de valoración (como máximo {max} MB): no es un archivo de valoración de esta aplicación.',
  'fileCheck.tooLarge.backup':
    'El archivo ocupa {size} MB; una copia de seguridad puede ocupar como máximo {max} MB para leerse en un navegador. Exporte los pacientes en copias más pequeñas (de un paciente cada vez) e impórtelas.',
  'fileCheck.tooDeep':
    'El archivo anida sus datos a más de {max} niveles de profundidad, algo que los archivos de esta aplicación nunca hacen: no lo ha creado esta aplicación o está dañado.',
  'fileCheck.notJson':
    'El archivo no es un JSON legible: puede estar cortado, dañado o ser de otro tipo. Elija el archivo .json que guardó la aplicación.',
  'fileCheck.foreign.assessment':
    'No es un archivo de valoración de esta aplicación (se esperaba "format": "{format}").',
  'fileCheck.foreign.backup':
    'No es una copia de seguridad del registro de esta aplicación (se esperaba "format": "{format}").',
  'fileCheck.version': 'Esta aplicación no lee la versión {version} del archivo; lee la versión {expected}.',
  'fileCheck.unexpected': 'No se pudo comprobar el archivo en este navegador; no se ha leído nada de él.',
  'fileCheck.invalid': 'no tiene la forma que este archivo necesita',
  'fileCheck.mustBe': 'debe ser {what}',
  'fileCheck.or': ' o ',
  'fileCheck.type.number': 'un número',
  'fileCheck.type.integer': 'un número entero',
  'fileCheck.type.string': 'un texto',
  'fileCheck.type.boolean': 'true o false',
  'fileCheck.type.array': 'una lista ([…])',
  'fileCheck.type.object': 'un objeto ({…})',
  'fileCheck.minimum': 'debe ser como mínimo {limit}',
  'fileCheck.maximum': 'debe ser como máximo {limit}',
  'fileCheck.exclusiveMinimum': 'debe ser mayor que {limit}',
  'fileCheck.exclusiveMaximum': 'debe ser menor que {limit}',
  'fileCheck.minLength': {
    one: 'debe tener al menos {count} carácter',
    other: 'debe tener al menos {count} caracteres',
  },
  'fileCheck.maxLength': {
    one: 'debe tener como máximo {count} carácter',
    other: 'debe tener como máximo {count} caracteres',
  },
  'fileCheck.minItems': { one: 'debe tener al menos {count} elemento', other: 'debe tener al menos {count} elementos' },
  'fileCheck.maxItems': {
    one: 'debe tener como máximo {count} elemento',
    other: 'debe tener como máximo {count} elementos',
  },
  'fileCheck.maxProperties': {
    one: 'debe tener como máximo {count} campo',
    other: 'debe tener como máximo {count} campos',
  },
  'fileCheck.extraItem': 'es un elemento de más',
  'fileCheck.unknownField': 'no es un campo de este archivo',
  'fileCheck.missing': 'falta',
  'fileCheck.pattern': 'no tiene la forma esperada',
  'fileCheck.pattern.code': 'debe ser un nombre de minúsculas, cifras y _ (como tragus_der)',
  'fileCheck.pattern.line': 'debe ser una sola línea de texto, sin caracteres de control',
  'fileCheck.pattern.nonBlank': 'debe ser una sola línea de texto, no vacía, sin caracteres de control',
  'fileCheck.pattern.lines': 'debe ser un texto sin caracteres de control (los tabuladores y saltos de línea sí valen)',
  'fileCheck.pattern.notes':
    'debe ser un texto sin caracteres de control: valen los tabuladores y los saltos de línea escritos \\n, no \\r ni ningún otro',
  'fileCheck.pattern.date': 'debe ser una fecha escrita AAAA-MM-DD, como 2026-03-10',
  'fileCheck.pattern.time': 'debe ser una hora como la escribe esta aplicación, como 2026-03-10T09:30:00Z',
  'fileCheck.pattern.id': 'debe ser un identificador de letras, cifras y . _ : - como los que crea esta aplicación',
  'fileCheck.pattern.base64': 'debe contener los bytes de la foto en base64',
  'fileCheck.pattern.imageType': 'debe indicar el tipo de la foto (JPEG, PNG o WebP)',
  'fileCheck.notCalendarDate': 'no es un día del calendario',
  'fileCheck.megapixels': 'tiene {megapixels} megapíxeles; se leen como máximo {max}',
  'fileCheck.outsidePhoto':
    'queda demasiado fuera de la foto: x debe estar entre {minX} y {maxX} px, e y entre {minY} y {maxY} px (la foto y otro tanto alrededor)',
  'fileCheck.duplicateId': 'es el identificador de otra entrada de esta copia',
  'fileCheck.unknownPatient': 'no corresponde a ningún paciente de esta copia',
  'files.importPhoto': 'se rechaza la foto de {where}: {reason}',
  'files.importPhotoUnreadable': 'este navegador no pudo leerla',
  'files.storedNotRaster':
    'La foto guardada de {views} no es una imagen JPEG, PNG ni WebP (¿guardada por una versión anterior de la aplicación?), así que no se muestra. Los marcadores y valores se conservan.',
} as const satisfies Record<FilesKey, string | { one: string; other: string }>
