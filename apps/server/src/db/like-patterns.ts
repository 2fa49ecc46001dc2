/** A LIKE operand's own `%`, `_` and `\` taken literally (the default escape character is `\`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `text%`: starts with the text, lower-cased for the `lower(column)` indexes. */
export const likeStart = (text: string) => `${literal(text.toLowerCase())}%`;

/** `%text%`: holds the text anywhere, lower-cased. */
export const likeContaining = (text: string) => `%${literal(text.toLowerCase())}%`;
