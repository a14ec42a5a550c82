/**
 * The English message catalogue: every user-facing string of the marking app, by key.
 * `{name}` is a parameter; an object with `one`/`other` picks the plural form by `{count}`.
 * Marker names, labels and hints come from core/markers.ts and metric texts from the
 * metric tables; they are not repeated here.
 */
import { CAPTURE_EN } from './capture.js'
import { CLINICAL_EN } from './clinical.js'
import { FHIR_EN } from './fhir.js'
import { FHIR_APP_EN } from './fhir-app.js'
import { FILES_EN } from './files.js'
import { NOTES_EN } from './notes.js'
import { OFFLINE_EN } from './offline.js'
import { RECORD_EN } from './record.js'
import { RECORD_SAFETY_EN } from './record-safety.js'
import { REPEATABILITY_EN } from './repeatability.js'
import { REPORT_PDF_EN } from './report-pdf.js'
import { SUMMARY_EN } from './summary.js'
import { SYNC_EN } from './sync.js'
import type { Message } from './types.js'

export const en = {
  // Uncertainty, visits compared, patient and date, language, the service's errors (clinical.ts)
  ...CLINICAL_EN,
  // The evidence behind a verdict and the clinic's repeatability study (repeatability.ts)
  ...REPEATABILITY_EN,
  // The capture screen and the calibration by the subject's height (capture.ts)
  ...CAPTURE_EN,
  // The patient record (record.ts)
  ...RECORD_EN,
  ...RECORD_SAFETY_EN,
  ...SYNC_EN,
  // Exporting and sending a visit as HL7 FHIR R4 (fhir-app.ts)
  ...FHIR_APP_EN,
  // Files from outside: photos refused, files checked against their schema (files.ts)
  ...FILES_EN,
  // The HL7 FHIR export (fhir.ts)
  ...FHIR_EN,
  // The PDF report made in the browser (report-pdf.ts)
  ...REPORT_PDF_EN,
  ...SUMMARY_EN,
  ...NOTES_EN,
  // Computed on this device; a new version offered (offline.ts)
  ...OFFLINE_EN,

  'side.short.right': 'right',
  'side.short.left': 'left',
  // Document and top bar
  'app.title': 'Posture marking',
  'app.description': 'Mark anatomical points on a posture photo and get the posture metrics.',
  'app.brand': 'Posture\u00a0marking',
  'views.label': 'View of the photo',
  'toolbar.label': 'File',
  'toolbar.openPhoto': 'Open photo',
  'toolbar.openPhoto.title': 'Open a photo (O)',
  'toolbar.saveAssessment': 'Save assessment',
  'toolbar.saveAssessment.title': 'Save the assessment as a JSON file (Ctrl+S)',
  'toolbar.loadAssessment': 'Load assessment',
  'toolbar.loadAssessment.title': 'Load an assessment file (JSON)',
  'toolbar.exportCsv': 'Export CSV',
  'toolbar.exportCsv.title':
    "The results as a CSV file that opens right in a spreadsheet in English (',' between fields, '.' decimals)",
  'toolbar.exportCsvData': 'CSV data',
  'toolbar.exportCsvData.title':
    "The results as plain data for programs and scripts: ',' between fields, '.' decimals, every digit",
  'toolbar.printReport': 'Print report',
  'toolbar.more': 'More',
  'toolbar.more.title': 'More actions: files, exports, report, language',
  'toolbar.help.label': 'Help and keyboard shortcuts',
  'toolbar.help.title': 'Help and keyboard shortcuts (?)',

  // Views
  'view.anterior.title': 'Anterior',
  'view.anterior.pose': 'front view: the subject faces the camera',
  'view.posterior.title': 'Posterior',
  'view.posterior.pose': 'back view: the subject has their back to the camera',
  'view.lateral.title': 'Lateral',
  'view.lateral.pose': 'side view',
  'side.right': "Right side to the camera (subject faces the image's right)",
  'side.left': "Left side to the camera (subject faces the image's left)",

  // Stage
  'stage.label': 'Photo',
  'stage.roleDescription': 'photo marking area',
  'stage.ariaLabel':
    'Photo. Click to place the current marker; drag a marker to move it; arrow keys nudge it; Enter places it at the centre.',
  'dropzone.title': 'Start with a photo of the subject',
  'dropzone.open': 'Open photo\u2026',
  'dropzone.drop': 'or drop a photo (or a saved assessment file) here.',
  'dropzone.privacy': 'The photo stays in this browser: only the marker coordinates are sent to the service.',
  'zoom.label': 'Zoom',
  'zoom.out': 'Zoom out',
  'zoom.out.title': 'Zoom out (\u2212)',
  'zoom.in': 'Zoom in',
  'zoom.in.title': 'Zoom in (+)',
  'zoom.fit': 'Fit',
  'zoom.fit.title': 'Fit the photo (0)',
  'zoom.actual': '1:1',
  'zoom.actual.title': 'One photo pixel per screen pixel (1)',
  'zoom.level': '{percent}%',
  'stage.outsidePhoto': 'That click is outside the photo.',

  // Side panel
  'panel.label': 'Calibration and markers',
  'options.title': 'Options',
  'options.estimatePopliteal': 'Estimate popliteal points',
  'options.estimatePopliteal.help':
    'When on, the knee-crease markers are not needed: each leg axis is taken as the vertical through the Achilles marker.',
  'options.side': 'Side toward the camera',
  'calibration.title': 'Calibration',
  'calibration.lateralNote':
    'Optional here: the lateral angles do not use fc or the reference line; only the lumbar apex distance does.',
  'calibration.knownDistance': 'Known distance',
  'calibration.knownDistance.placeholder': 'e.g. 10',
  'calibration.fc': 'fc',
  'calibration.unit.cm': 'cm',
  'calibration.unit.cmPerPx': 'cm/px',
  'calibration.help.fromScale': 'fc = {cm} cm / {px} px = {fc} cm per pixel.',
  'calibration.help.typeDistance': 'The scale points are {px} px apart: type the distance between them.',
  'calibration.help.samePlace':
    'The two scale points are at the same place: place them at the two ends of the known distance.',
  'calibration.help.typedFc': 'fc typed in directly (no scale points).',
  'calibration.help.start':
    'Place the two scale points and type the distance between them; or type fc (cm per pixel) if you know it.',
  'calibration.invalidDistance': 'The known distance must be a number of centimetres greater than 0.',
  'calibration.invalidFc': 'fc must be a number of centimetres per pixel greater than 0.',
  'number.implausible.knownDistance.below':
    'A known distance of {value} cm is less than {min} cm, shorter than the error of placing its two points. Use {value} cm anyway?',
  'number.implausible.knownDistance.above':
    'A known distance of {value} cm is more than {max} cm, longer than a person is tall. Was the decimal point lost (160.5 typed as 1605)? Use {value} cm anyway?',
  'number.implausible.fc.below':
    'fc = {value} cm per pixel is less than {min}: a pixel would be smaller than 0.05 mm, finer than any posture photo. Use it anyway?',
  'number.implausible.fc.above':
    'fc = {value} cm per pixel is more than {max}: a pixel would be larger than 5 cm and the whole person under 40 pixels tall. Was the decimal point lost (0.27 typed as 27)? Use it anyway?',
  'markers.title': 'Markers',
  'markers.note': 'Click a marker to select it, then click the photo to place it again.',
  'markers.clear': 'Clear all markers',
  'markers.clear.title': 'Remove every marker of this view (undo brings them back)',
  'markers.cleared': 'All markers of this view removed (Ctrl+Z brings them back).',
  'markers.count': '{placed} / {required}',

  // Targets (what is placed on the photo) and their rows
  'target.scaleA.label': 'Scale: first point',
  'target.scaleA.hint':
    'Click one end of a distance you know on the photo (a grid square, a ruler, marks on the plumb line).',
  'target.scaleB.label': 'Scale: second point',
  'target.scaleB.hint': 'Click the other end of the known distance, then type that distance in cm.',
  'target.lrv.label': 'Reference line',
  'target.lrv.hint':
    'Click on the vertical reference (plumb) line; horizontal distances are measured from it. Drag it to adjust.',
  'target.note.lateralCalibration':
    'Optional: the lateral angles do not use the calibration; only the lumbar apex distance does.',
  'target.note.fcTyped': 'Not needed: fc was typed in directly.',
  'target.note.poplitealEstimated':
    'Not needed: estimate popliteal points is on (each leg axis is the vertical through the Achilles marker).',
  'target.missing.knownDistance': 'Known distance (cm)',
  'target.missing.scaleApart': 'Scale points at two different places',
  'target.status.notPlaced': 'not placed',
  'target.status.optional': 'optional',
  'target.status.lineAt': 'x {x}',
  'target.status.pointAt': '{x}, {y}',
  'target.remove.label': 'Remove {label}',
  'target.remove.title': 'Remove (Delete)',
  'target.coord.label': '{label} {axis} in pixels',
  'target.coord.unit': 'px',

  // Prompt above the photo
  'prompt.openPhoto': '{view} view: open a photo ({pose}).',
  'prompt.openPhoto.hint':
    'Use "Open photo" or drop a file on the area below. You can also load a saved assessment file.',
  'prompt.step': 'Step {index} of {count}',
  'prompt.previous.title': 'Previous (P)',
  'prompt.previous.label': 'Previous marker',
  'prompt.next.title': 'Next (N)',
  'prompt.next.label': 'Next marker',
  'prompt.undo': 'Undo',
  'prompt.undo.title': 'Undo (Ctrl+Z)',
  'prompt.placedLine': 'Placed at x = {x}. Click elsewhere on the photo to move it, or drag the line.',
  'prompt.placedPoint':
    'Placed at ({x}, {y}). Click the photo to place it again, drag it, or nudge it with the arrow keys.',
  'prompt.placeLine': 'Click on the reference line in the photo.',
  'prompt.placePoint': 'Click this point on the photo.',
  'prompt.suggested':
    'Suggested by the pose model, not confirmed: check it, then confirm it here (or press Enter), drag it, or click the photo to place it yourself.',
  'prompt.confirm': 'Confirm {label} here',
  'prompt.confirm.title': 'Accept the suggested position as it is (Enter)',
  'prompt.allPlaced': 'All points placed.',
  'prompt.stillNeeded': 'Still needed: {list}.',
  'prompt.adjust': 'Drag a marker to adjust it, or choose one in the list (or press N / P) to place it again.',
  'prompt.distance.label': 'Distance between scale points A and B',
  'prompt.distance.apart': ' ({px} px apart)',
  'prompt.distance.placeholder': 'cm',
  'prompt.distance.unit': ' cm',

  // Results
  'results.title': 'Results',
  'results.stillToPlace': {
    one: '{count} item still to place or enter: {list}.',
    other: '{count} items still to place or enter: {list}.',
  },
  'results.partial': {
    one: 'Partial results: {count} metric whose markers are all placed is shown; the others say what they wait for.',
    other:
      'Partial results: {count} metrics whose markers are all placed are shown; the others say what they wait for.',
  },
  'results.waiting': 'Waits for: {list}.',
  'results.stillToPlace.more': '{list}...',
  'results.openPhoto': 'Open a photo and place the {count} markers to see the metrics.',
  'results.analysing': 'Analysing...',
  'results.serviceProblems': {
    one: 'The service could not compute the metrics ({count} problem): see the messages next to the markers concerned.',
    other:
      'The service could not compute the metrics ({count} problems): see the messages next to the markers concerned.',
  },
  'results.fromFile': 'Results from the assessment file.',
  'results.computed': 'Computed by the service.',
  'results.placeholders':
    ' (Calibration placeholders sent: the lateral angles do not use them; the lumbar apex distance waits for the reference line and the scale.)',
  'results.column.metric': 'Metric and what its sign means',
  'results.column.value': 'Value',
  'results.column.u': '± u',
  'results.caption': '{view} metrics',
  'results.noValue': '\u2014',
  'precision.warning': {
    one: 'On this photo ({width}\u00d7{height} px), {count} value is less precise than photographic posture measurement (u above {degrees} for angles, {cm} for distances): {list}. It needs a photo of about {neededWidth}\u00d7{neededHeight} px with the same framing, or markers placed more precisely.',
    other:
      'On this photo ({width}\u00d7{height} px), {count} values are less precise than photographic posture measurement (u above {degrees} for angles, {cm} for distances): {list}. They need a photo of about {neededWidth}\u00d7{neededHeight} px with the same framing, or markers placed more precisely.',
  },
  'precision.row.title': 'u above {limit}: the photo is too small for this value',

  // Footer, service, notices
  'footer.coordinates':
    "Coordinates are photo pixels (x to the right, y down). Signs follow the subject's body, not the photo.",
  'footer.apiDocs': 'API documentation',
  'service.up': 'Service {version}: running',
  'service.unreachable': 'Service not reachable: metrics are computed on this device',
  'history.nothingToUndo': 'Nothing to undo.',
  'history.nothingToRedo': 'Nothing to redo.',

  // Photo, assessment file, CSV
  'photo.cannotDisplay': 'This browser cannot display {name}. Try a JPEG or PNG.',
  'photo.attached': 'Photo attached to the loaded {view} markers.',
  'photo.sizeMismatch':
    'Warning: this photo is {width}\u00d7{height} px but the assessment was marked on a {savedWidth}\u00d7{savedHeight} px photo.',
  'photo.replaced': 'New photo: markers and calibration points cleared (Ctrl+Z brings them back).',
  'assessment.nothingToSave': 'Nothing to save yet: open a photo and place some markers.',
  'assessment.saved': 'Assessment saved (without the photos).',
  'assessment.loaded': 'Assessment file loaded.',
  'assessment.loadedWithNotes': 'Assessment file loaded; {notes}.',
  'assessment.cannotLoad': 'Cannot load {name}: {reason}',
  'assessment.cannotLoadUnknown': 'Cannot load {name}.',
  'assessment.ignoredMarkers': 'ignored unknown {view} markers: {list}',
  'assessment.openPhoto': 'open {name} to see it under the {view} markers',
  'assessment.thePhoto': 'the photo',
  'csv.nothing': 'No results to export yet: place every marker first.',
  'csv.exported': 'Results exported as CSV.',

  // Assessment file errors (what is wrong, what is expected)
  'file.notJson':
    'This file is not readable JSON: it may be cut short, damaged or of another kind. Choose the .json file the app saved.',
  'file.notAssessment': 'This is not an assessment file of this app (expected "format": "{format}").',
  'file.version': 'Unsupported assessment file version {version}; this app reads version {expected}.',
  'file.noViews': 'The assessment file has no "views" object.',
  'file.unknownView': 'Unknown view "{name}"; expected one of {expected}.',
  'file.viewNotObject': '{where} must be an object.',
  'file.imageSize': '{where} must have a positive width and height.',
  'file.markersNotObject': '{where} must be an object.',
  'file.point': '{where} must be a two-number array [x, y]; got {got}.',
  'file.number': '{where} must be a number; got {got}.',
  'file.positiveNumber': '{where} must be a number > 0; got {got}.',
  'file.side': '{where} must be {expected}.',
  'file.boolean': '{where} must be true or false.',

  // CSV column headers (machine-readable names)
  'csv.column.view': 'view',
  'csv.column.side': 'side',
  'file.prefix': 'posture',
  'file.kind.assessment': 'assessment',
  'file.kind.metrics': 'metrics',
  'file.kind.metrics-data': 'metrics-data',
  'file.kind.report': 'report',
  'file.kind.summary': 'summary',
  'file.kind.comparison': 'comparison',
  'file.kind.repeatability': 'repeatability',
  'file.kind.record': 'record',
  'file.kind.patient': 'patient',
  'file.kind.visit': 'visit',
  'file.kind.trend': 'trend',
  'file.kind.fhir': 'fhir',
  'csv.column.code': 'code',
  'csv.column.metric': 'metric',
  'csv.column.value': 'value',
  'csv.column.unit': 'unit',
  'csv.column.meaning': 'meaning',
  'csv.column.photo': 'photo',
  'csv.column.fc': 'fc_cm_per_px',
  'csv.column.lrv': 'lrv_x_px',

  // Overlay on the photo
  'overlay.photoMissing': 'Photo not loaded: open {name} to see it under the markers',
  'overlay.photoMissing.it': 'it',
  'overlay.lrv': 'Reference line',
  'overlay.lrv.title': 'Reference line, x = {x} px. Drag to move.',
  'overlay.scale.known': '{cm} cm = {px} px',
  'overlay.scale.unknown': '{px} px = ? cm',
  'overlay.marker.title': '{label} ({x}, {y})',

  // Printed report
  'report.title': 'Posture analysis',
  'report.intro': "Report of {date}. Angles in degrees, distances in cm; signs follow the subject's body.",
  'report.empty': 'Nothing marked yet.',
  'report.photo': 'Photo: {name} ({width}\u00d7{height} px)',
  'report.side': 'Side toward the camera: {side}',
  'report.popliteal.estimated': 'Popliteal points: estimated',
  'report.popliteal.marked': 'Popliteal points: marked',
  'report.fc': 'fc = {fc} cm/px',
  'report.fcReference': 'fc = {fc} cm/px ({cm} cm reference)',
  'report.lrv': 'Reference line x = {x} px',
  'report.viewTitle': '{view} view',
  'report.photoLabel': '{view} photo with markers and metrics',
  'report.noResults': 'No results: the marking of this view is not complete.',

  // Help dialog
  'help.title': 'How to mark a photo',
  'help.step.view':
    'Choose the view (anterior: subject faces the camera; posterior: back to the camera; lateral: side on, choose which side).',
  'help.step.photo': 'Open the photo (button or drag and drop). It is never uploaded.',
  'help.step.calibrate':
    'Calibrate: click the two ends of a distance you know and type it in cm (this gives fc, cm per pixel); click the vertical reference (plumb) line.',
  'help.step.markers':
    'Place the markers in the order asked, above the photo. Drag a marker to adjust it; select one in the list to place it again.',
  'help.step.results':
    'When every marker is placed, the metrics appear with their meaning and are drawn on the photo. Save the assessment, export CSV or print a report.',
  'help.keyboard': 'Keyboard',
  'key.enter': 'Enter',
  'key.delete': 'Delete',
  'key.space': 'Space',
  'key.shift': 'Shift',
  'help.key.or': 'or',
  'help.key.arrows': 'Arrows',
  'help.key.drag': 'Drag the photo (or',
  'help.key.dragAfter': '+ drag), wheel or pinch',
  'help.action.next': 'Next marker',
  'help.action.previous': 'Previous marker',
  'help.action.undo': 'Undo',
  'help.action.redo': 'Redo',
  'help.action.placeAtCentre':
    'Place the current marker at the centre of the view (the crosshair) and go on to the next; on a placed one, go on without moving it',
  'help.action.nudge': 'Nudge the current marker by 1 px (or pan when it is not placed)',
  'help.action.remove': 'Remove the current marker',
  'help.action.zoom': 'Zoom in, out, fit, 1:1',
  'help.action.pan': 'Pan, zoom',
  'help.action.files': 'Open photo, save assessment',
  'help.close': 'Close',

  // Marker suggestions (pose model)
  'suggest.button': 'Suggest markers',
  'suggest.button.title':
    'Propose every marker of this view from a pose model that runs in this browser; the photo is not uploaded',
  'suggest.confirmAll': { one: 'Confirm {count} sure suggestion', other: 'Confirm {count} sure suggestions' },
  'suggest.confirmAll.title':
    'Accept as they stand the suggestions the model is sure of (visibility 0.9 or more) and that passed its plausibility checks; the others stay to be checked and confirmed one by one',
  'suggest.confirmAll.remaining': { one: '{count} to check one by one', other: '{count} to check one by one' },
  'suggest.confirmedAll.remaining': {
    one: '{count} suggestion the model was unsure of stays to be checked and confirmed one by one.',
    other: '{count} suggestions the model was unsure of stay to be checked and confirmed one by one.',
  },
  'suggest.nothingSure': {
    one: 'The model was not sure of the {count} suggestion left: check it on the photo and confirm it yourself.',
    other:
      'The model was not sure of any of the {count} suggestions left: check each on the photo and confirm it yourself.',
  },
  'suggest.reason.unsure':
    'Suggested, but the model is unsure of this point: check it on the photo, then confirm it or move it.',
  'target.status.suggestedToCheck': 'suggested at ({x}, {y}), not confirmed: check it',
  'suggest.onLoad': 'Suggest on photo load',
  'suggest.onLoad.title': 'Run the pose model and suggest the markers as soon as a photo is opened',
  'suggest.noPhoto': 'Open a photo first: suggestions are made from the photo.',
  'suggest.busy': 'Suggestions are already being computed for this photo.',
  'suggest.progress.loading': 'Loading the pose model (first use only)...',
  'suggest.progress.running': 'Finding the markers on the photo...',
  'suggest.done': {
    one: '{count} marker suggested (dashed): check it, drag it to correct it or click it to confirm.',
    other: '{count} markers suggested (dashed): check each, drag to correct or click to confirm.',
  },
  'suggest.done.left': {
    none: 'None left for you to place.',
    one: '{count} left for you to place.',
    other: '{count} left for you to place.',
  },
  'suggest.none': 'The model could not place any marker of this view credibly; place them by hand.',
  'suggest.noPerson': 'No person found on the photo; place the markers by hand.',
  'suggest.nothingToConfirm': 'No suggested markers to confirm in this view.',
  'suggest.confirmedAll': {
    one: '{count} suggested marker of the {view} view confirmed.',
    other: '{count} suggested markers of the {view} view confirmed.',
  },
  'suggest.failed': 'Marker suggestions are not available: {reason} Manual marking works as before.',
  'suggest.failed.noWasm': 'this browser does not allow WebAssembly, which the pose model needs.',
  'suggest.failed.noWebgl': 'this browser has no WebGL, which the pose model needs to read the photo.',
  'suggest.failed.outOfMemory':
    'the browser ran out of memory for the pose model (close other tabs, or use a smaller photo).',
  'suggest.failed.loadError':
    'the pose model could not be loaded from the service ({file}); check that the service is up to date and reachable.',
  'suggest.failed.timeout': 'the pose model took too long; try again.',
  'suggest.reason.lowVisibility': 'Not suggested: the model barely sees this point ({landmarks}). Place it yourself.',
  'suggest.reason.inputsNotVisible':
    'Not suggested: it is derived from points the model barely sees ({landmarks}). Place it yourself.',
  'suggest.reason.outOfFrame':
    'Not suggested: it lies outside the photo for the model. Place it yourself if it is visible.',
  'suggest.reason.noPose': 'Not suggested: the model found no person on the photo.',
  'suggest.reason.atEdge':
    'Not suggested: the model puts this point, or one it is computed from, at the edge of the photo, where the body may be cut off. Place it yourself if it is visible.',
  'suggest.reason.check.thighLength':
    'Not suggested: the model makes the thigh on this side far shorter or longer than the trunk allows (or puts the knee above the hip): the photo may cut the leg. Place it yourself if it is visible.',
  'suggest.reason.check.shankLength':
    'Not suggested: the model makes the lower leg on this side far shorter or longer than the trunk allows: the photo may cut the leg. Place it yourself if it is visible.',
  'suggest.reason.check.thighsUnequal':
    'Not suggested: the model makes this thigh much shorter than the other, which a standing person does not show. Place it yourself.',
  'suggest.reason.check.shanksUnequal':
    'Not suggested: the model makes this lower leg much shorter than the other, which a standing person does not show. Place it yourself.',
  'suggest.reason.check.earInsideEyes':
    'Not suggested: the model puts this ear between the outer corners of the eyes, where no ear is (hidden by hair, or the head turned away). Place it yourself if it is visible.',
  'suggest.reason.check.earLineTilted':
    'Not suggested: the line between the two ears the model found is not parallel to the line between the eyes, so one of them is misplaced. Place them yourself.',
  'suggest.reason.check.earNotBehindEyes':
    'Not suggested: seen from the side, the model puts the ear on or in front of the eyes, where no ear is. Place it yourself if it is visible.',
  'suggest.reason.check.chinNotBelowMouth':
    'Not suggested: the face points the model found contradict each other (the mouth is not below the eyes), so this point would fall off the face. Place it yourself.',
  'suggest.reason.check.chinDistance':
    'Not suggested: the chin would be implausibly near to or far from the nose for the size of this body, so the face points are misplaced. Place it yourself.',
  'suggest.facing.mismatch':
    'The photo looks like {seen}, but the view chosen expects {expected}. Check the view (and the side) before relying on the markers.',
  'suggest.facing.ask.front': 'Is this a front view?',
  'suggest.facing.ask.back': 'Is this a back view?',
  'suggest.facing.ask.left': 'Is this a lateral view, left side to the camera?',
  'suggest.facing.ask.right': 'Is this a lateral view, right side to the camera?',
  'suggest.facing.dismiss': 'It is the right view',
  'suggest.facing.dismiss.title': 'The photo is the view chosen: do not ask again for this view of this visit',
  'suggest.facing.front': 'a front view (subject facing the camera)',
  'suggest.facing.back': 'a back view (subject with their back to the camera)',
  'suggest.facing.left': 'a side view with the left side to the camera',
  'suggest.facing.right': 'a side view with the right side to the camera',
  'target.status.suggested': 'suggested at ({x}, {y}), not confirmed',
  'target.confirm.label': 'Confirm the suggested {label}',
  'target.confirm.title': 'Accept this suggested position',
  'results.provisional': {
    one: ' {count} value uses suggested markers not yet confirmed: provisional.',
    other: ' {count} values use suggested markers not yet confirmed: provisional.',
  },
  'results.provisional.badge': 'provisional',
  'results.provisional.title': 'Computed from suggested markers the clinician has not confirmed yet',
  'csv.column.status': 'status',
  'csv.status.confirmed': 'confirmed',
  'csv.status.provisional': 'provisional',
  'report.provisional': 'Provisional: {list} use suggested markers that were not confirmed.',
  'file.markerStatus': '{where} must be "suggested" or "confirmed"; got {got}.',
  'file.markerOrigin':
    '{where} must be "hand" (placed by the clinician) or "suggestion" (suggested by the pose model); got {got}.',
  'file.markerOriginSuggested':
    '{where} is "hand", but marker_status says the marker is a suggestion not yet confirmed; its origin can only be "suggestion".',

  // The pose model's landmarks, named in suggestion notes (the subject's left and right)
  'landmark.NOSE': 'nose',
  'landmark.LEFT_EYE_INNER': "left eye's inner corner",
  'landmark.LEFT_EYE': 'left eye',
  'landmark.LEFT_EYE_OUTER': "left eye's outer corner",
  'landmark.RIGHT_EYE_INNER': "right eye's inner corner",
  'landmark.RIGHT_EYE': 'right eye',
  'landmark.RIGHT_EYE_OUTER': "right eye's outer corner",
  'landmark.LEFT_EAR': 'left ear',
  'landmark.RIGHT_EAR': 'right ear',
  'landmark.LEFT_RIGHT': "mouth's left corner",
  'landmark.RIGHT_LEFT': "mouth's right corner",
  'landmark.LEFT_SHOULDER': 'left shoulder',
  'landmark.RIGHT_SHOULDER': 'right shoulder',
  'landmark.LEFT_ELBOW': 'left elbow',
  'landmark.RIGHT_ELBOW': 'right elbow',
  'landmark.LEFT_WRIST': 'left wrist',
  'landmark.RIGHT_WRIST': 'right wrist',
  'landmark.LEFT_PINKY': 'left little finger',
  'landmark.RIGHT_PINKY': 'right little finger',
  'landmark.LEFT_INDEX': 'left index finger',
  'landmark.RIGHT_INDEX': 'right index finger',
  'landmark.LEFT_THUMB': 'left thumb',
  'landmark.RIGHT_THUMB': 'right thumb',
  'landmark.LEFT_HIP': 'left hip',
  'landmark.RIGHT_HIP': 'right hip',
  'landmark.LEFT_KNEE': 'left knee',
  'landmark.RIGHT_KNEE': 'right knee',
  'landmark.LEFT_ANKLE': 'left ankle',
  'landmark.RIGHT_ANKLE': 'right ankle',
  'landmark.LEFT_HEEL': 'left heel',
  'landmark.RIGHT_HEEL': 'right heel',
  'landmark.LEFT_FOOT_INDEX': 'left toes',
  'landmark.RIGHT_FOOT_INDEX': 'right toes',
} as const satisfies Record<string, Message>

export type MessageKey = keyof typeof en
