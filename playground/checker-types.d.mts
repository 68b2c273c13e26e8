/** Types of ./checker-types.mjs (read by tests/playground/). */
export declare function checkerDeclarations(root?: string): Record<string, string>;
