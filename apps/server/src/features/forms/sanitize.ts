import { isOwnFileLink } from '@shortlist/contract';
import sanitizeHtml from 'sanitize-html';
import type { ImageHosts } from '../../config.ts';

const LENGTH = String.raw`(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|em|rem|%|pt))`;
/** Non-negative only: a negative margin would slide the text over what follows it. */
const lengths = (most: number, unit = LENGTH) => new RegExp(`^${unit}(?:\\s+${unit}){0,${most - 1}}$`);
const keywords = (...words: string[]) => new RegExp(`^(?:${words.join('|')})$`);

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*[\d.]+%?(?:\s*[,/]?\s*[\d.]+%?){2,3}\s*\)$/i,
  /^[a-z]{3,20}$/i,
];
const BOX = [lengths(4, `(?:${LENGTH}|auto)`)];
const ONE_LENGTH = [lengths(1)];

/**
 * The only CSS a text may carry: colours, alignment, type and spacing. No `position`, `z-index`,
 * `transform`, `display` or `background-image`: nothing that can lift a text over the page around
 * it or load anything (decision 40).
 */
const ALLOWED_STYLES = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [keywords('left', 'right', 'center', 'justify', 'start', 'end')],
  'font-weight': [keywords('normal', 'bold', 'bolder', 'lighter', '[1-9]00')],
  'font-style': [keywords('normal', 'italic', 'oblique')],
  'font-size': [
    lengths(1),
    keywords('xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large'),
  ],
  'text-decoration': [
    /^(?:none|underline|overline|line-through)(?:\s+(?:underline|overline|line-through))*$/,
  ],
  'line-height': [lengths(1), /^\d(?:\.\d{1,2})?$/, keywords('normal')],
  ...Object.fromEntries(
    ['margin', 'padding'].flatMap((box) =>
      ['', '-top', '-right', '-bottom', '-left'].map((side) => [`${box}${side}`, BOX]),
    ),
  ),
};

/**
 * An image loads from the app's own file links or over https from the hosts the operator allows
 * (`RICH_TEXT_IMAGE_HOSTS`, any by default); plain http (readable and changeable on the way, and the
 * classic tracking pixel), data: and every other scheme or relative path are dropped with the image.
 */
function isAllowedImageSource(src: string, hosts: ImageHosts): boolean {
  if (isOwnFileLink(src)) return true;
  if (!/^https:\/\/[^/\\]/i.test(src)) return false;
  if (hosts === 'any') return true;
  return URL.canParse(src) && hosts.includes(new URL(src).host);
}

/** Rich text and banners written by admins, shown on public pages: no scripts, handlers, frames or overlays. */
export function sanitizeRichText(html: string, imageHosts: ImageHosts): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      '*': ['style'],
      img: ['src', 'alt', 'width', 'height'],
    },
    allowedStyles: {
      '*': ALLOWED_STYLES,
      img: { width: ONE_LENGTH, 'max-width': ONE_LENGTH, height: ONE_LENGTH, 'max-height': ONE_LENGTH },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, { src, ...attribs }) => ({
        tagName,
        attribs: src !== undefined && isAllowedImageSource(src, imageHosts) ? { src, ...attribs } : attribs,
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
