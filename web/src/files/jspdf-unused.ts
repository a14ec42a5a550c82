/**
 * Stands in for jsPDF's optional modules (html2canvas, canvg, dompurify), which only
 * its html() and SVG-as-image methods load: the PDF report uses neither, so the build
 * (web/vite.config.ts) ships this instead of them. Calling one is a programming error.
 */
function unused(): never {
  throw new Error('jsPDF optional module not shipped: html() and addSvgAsImage() are not used') // i18n-exempt: a programming error
}

export default unused
export const Canvg = { fromString: unused }
