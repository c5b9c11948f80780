import sanitize from 'sanitize-html';

// Rich text (notice contents) is stored and served as HTML, so it is cleaned on the way in: only the
// formatting the web's editor (tiptap StarterKit + link) produces survives, nothing that can run script.
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'strong',
    'em',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'br',
    'hr',
    'a',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ol: ['start'],
  },
  // Code blocks carry their language as a class; no other class (and never style) is kept.
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is code or markup of its own, not readable content: drop it with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'svg',
    'math',
  ],
  transformTags: {
    // A link opened in a new tab must not get a handle on this window (reverse tabnabbing).
    a: (tagName, { target, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, OPTIONS).trim();
}
