/**
 * Messages about files from outside (web/src/files/raster.ts, file-schema.ts): why a
 * photo is refused and what to open instead. Merged into en.ts and es.ts like
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
} as const satisfies Record<FilesKey, string | { one: string; other: string }>
