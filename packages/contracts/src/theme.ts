/** The brand theme: blue #1774FF for backgrounds and links, white text on it (contrast: docs/decisions/013). */
export const Theme = {
  background: '#1774FF',
  link: '#1774FF',
  font: '#FFFFFF',
} as const;
