/** The inputs newer than the oldest built file, or `['dist/ is missing']`; empty when the build is fresh. */
export function staleInputs(root: string): string[];
