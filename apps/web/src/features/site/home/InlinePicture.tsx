/**
 * One of the site's own SVG pictures, drawn into the page itself. An `<img>` of an SVG costs a
 * request or, inlined as data, a separate SVG document built on the main thread before the first
 * paint; drawn inline it is a few shapes in the page's own layout. The markup is our own build
 * asset, never visitor input.
 */
export function InlinePicture({ markup, className, label }: { markup: string; className: string; label?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <span className={className} {...a11y} dangerouslySetInnerHTML={{ __html: markup }} />;
}
