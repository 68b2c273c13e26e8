/** Types of ./markdown.mjs (read by tests/docs/). */
export declare const API_DIR: string;
export declare function docPages(root: string): string[];
export interface CodeBlock {
  lang: string;
  code: string;
  line: number;
  example: string | undefined;
}
export declare function codeBlocks(text: string): CodeBlock[];
export declare function prose(text: string): string;
export declare function links(text: string): { target: string; line: number }[];
export declare function anchors(text: string): Set<string>;
export declare function slug(heading: string): string;
