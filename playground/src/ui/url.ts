/**
 * The page state in the URL hash, so an edited demo can be shared:
 * `#demo=ID&fw=solid&code=…`, where `code` holds only the files that differ from the
 * demo's own, as deflated JSON in base64url.
 */
export interface UrlState {
  demo: string | undefined;
  framework: string | undefined;
  edits: Record<string, string>;
}

export async function readUrl(hash = location.hash): Promise<UrlState> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  let edits: Record<string, string> = {};
  const code = params.get('code');
  if (code) {
    try {
      edits = JSON.parse(await inflate(code)) as Record<string, string>;
    } catch (error) {
      console.warn('the code in the URL could not be read', error);
    }
  }
  return { demo: params.get('demo') ?? undefined, framework: params.get('fw') ?? undefined, edits };
}

let written = '';
/** The hash the page itself wrote last (a `hashchange` to it is no news). */
export const lastHash = () => written;

export async function writeUrl(state: UrlState): Promise<void> {
  const params = new URLSearchParams();
  if (state.demo) params.set('demo', state.demo);
  if (state.framework) params.set('fw', state.framework);
  if (Object.keys(state.edits).length) params.set('code', await deflate(JSON.stringify(state.edits)));
  const hash = `#${params.toString()}`;
  written = hash;
  if (hash !== location.hash) history.replaceState(null, '', hash);
}

async function deflate(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function inflate(code: string): Promise<string> {
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
