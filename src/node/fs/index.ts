export { lstatInside, makeFoldersInside, moveInside, removeInside } from './folders.js';
export { resolveInside } from './inside.js';
export { openForRead, openForWrite, readTextFile, type WriteMode } from './open.js';
export { UnsafePathError } from './unsafe-path-error.js';
