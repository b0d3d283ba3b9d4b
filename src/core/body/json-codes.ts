/** The character codes JSON scanners of the answer pipeline look for (one list, not one per scanner). */
export const QUOTE = 0x22;
export const COMMA = 0x2c;
export const SLASH = 0x2f;
export const OPEN_ARRAY = 0x5b;
export const BACKSLASH = 0x5c;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
