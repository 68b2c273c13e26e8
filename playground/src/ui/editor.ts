/**
 * The code editor: CodeMirror 6 with TypeScript/JSX (and JSON) highlighting, one editor
 * state per file so switching tabs keeps each file's undo history and selection. Its marks
 * come through `@codemirror/lint`: the type checker's diagnostics (as you type) and the
 * error of the last run (compile or runtime), merged.
 */
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { forEachDiagnostic, forceLinting, lintGutter, linter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';

/** Type-checks a file's text: its diagnostics (offsets in `text`), `undefined` for no answer (a newer check replaced it). */
export type CheckFile = (file: string, text: string) => Promise<Diagnostic[] | undefined>;

/** How long typing must pause before a check, in ms. */
const CHECK_DELAY = 150;

export class CodeEditor {
  readonly view: EditorView;
  #states = new Map<string, EditorState>();
  #current = '';
  #onChange: (file: string, text: string) => void;
  readonly #check: CheckFile;
  /** The run's error in the shown file, as a diagnostic. */
  #mark: Diagnostic | undefined;
  /** The type checker's last diagnostics of the shown file. */
  #typed: Diagnostic[] = [];

  constructor(parent: HTMLElement, onChange: (file: string, text: string) => void, check: CheckFile = async () => []) {
    this.#onChange = onChange;
    this.#check = check;
    this.view = new EditorView({ parent });
  }

  /** Checks the shown file again now (when the checker becomes ready, or other files changed). */
  recheck(): void {
    forceLinting(this.view);
  }

  /** The diagnostics shown: `{ line, message, source }` (line 1-based). */
  diagnostics(): Array<{ line: number; message: string; source: string | undefined }> {
    const out: Array<{ line: number; message: string; source: string | undefined }> = [];
    forEachDiagnostic(this.view.state, (d, from) =>
      out.push({ line: this.view.state.doc.lineAt(from).number, message: d.message, source: d.source }),
    );
    return out;
  }

  /** Replaces every file (a new demo or framework). */
  load(files: Record<string, string>, show: string): void {
    this.#states.clear();
    for (const [name, text] of Object.entries(files)) this.#states.set(name, this.#create(name, text));
    this.#current = '';
    this.show(show);
  }

  /** Shows one file. */
  show(file: string): void {
    if (this.#current) this.#states.set(this.#current, this.view.state);
    const state = this.#states.get(file);
    if (!state) return;
    this.#current = file;
    this.#typed = [];
    this.#mark = undefined;
    this.view.setState(state);
  }

  get current(): string {
    return this.#current;
  }

  text(file: string): string {
    return file === this.#current ? this.view.state.doc.toString() : (this.#states.get(file)?.doc.toString() ?? '');
  }

  /** Marks an error in the shown file (line and column 1-based); `undefined` clears. */
  mark(error: { line: number | undefined; column: number | undefined; message: string } | undefined): void {
    this.#mark = undefined;
    if (error?.line !== undefined) {
      const doc = this.view.state.doc;
      const line = doc.line(Math.min(Math.max(error.line, 1), doc.lines));
      const from = Math.min(line.from + Math.max((error.column ?? 1) - 1, 0), line.to);
      this.#mark = {
        from,
        to: Math.min(from + 1, line.to) || from,
        severity: 'error',
        source: 'run',
        message: error.message.split('\n')[0]!,
      };
    }
    this.view.dispatch(setDiagnostics(this.view.state, this.#shown()));
  }

  /** The type checker's diagnostics and the run's mark, within the current document. */
  #shown(): Diagnostic[] {
    const length = this.view.state.doc.length;
    const all = this.#mark ? [...this.#typed, this.#mark] : this.#typed;
    return all.filter((d) => d.to <= length);
  }

  /** The linter's source: the type checker's answer for the shown file, and the run's mark. */
  async #lint(view: EditorView): Promise<Diagnostic[]> {
    const file = this.#current;
    const text = view.state.doc.toString();
    const typed = await this.#check(file, text);
    // An answer for another file or an older text is not shown.
    if (typed === undefined || file !== this.#current || view.state.doc.toString() !== text) return this.#shown();
    this.#typed = typed;
    return this.#shown();
  }

  #create(name: string, text: string): EditorState {
    const language: Extension = name.endsWith('.json')
      ? json()
      : javascript({ typescript: true, jsx: name.endsWith('x') });
    return EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        lintGutter(),
        linter((view) => this.#lint(view), { delay: CHECK_DELAY }),
        keymap.of([indentWithTab, ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap]),
        EditorState.tabSize.of(2),
        EditorView.lineWrapping,
        language,
        EditorView.updateListener.of((update) => {
          if (update.docChanged) this.#onChange(name, update.state.doc.toString());
        }),
      ],
    });
  }
}
