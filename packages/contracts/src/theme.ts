/** Theme of spec §9: blue background and links, white text on the brand colour. */
export const Theme = {
  background: '#1774FF',
  link: '#1774FF',
  font: '#FFFFFF',
} as const;
