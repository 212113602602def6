export * from './syllabus/syllabus-rules.js';
export * from './syllabus/syllabus-tree.js';
export * from './player/external-player.js';
export * from './player/sandboxed-player.js';
export * from './tabs/tabs.js';
export * from './text/chapter-text.js';
