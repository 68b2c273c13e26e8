/**
 * The code editor: CodeMirror 6 with TypeScript/JSX (and JSON) highlighting, one editor
 * state per file so switching tabs keeps each file's undo history and selection.
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
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';

export class CodeEditor {
  readonly view: EditorView;
  #states = new Map<string, EditorState>();
  #current = '';
  #onChange: (file: string, text: string) => void;

  constructor(parent: HTMLElement, onChange: (file: string, text: string) => void) {
    this.#onChange = onChange;
    this.view = new EditorView({ parent });
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
    const diagnostics: Diagnostic[] = [];
    if (error?.line !== undefined) {
      const doc = this.view.state.doc;
      const line = doc.line(Math.min(Math.max(error.line, 1), doc.lines));
      const from = Math.min(line.from + Math.max((error.column ?? 1) - 1, 0), line.to);
      diagnostics.push({
        from,
        to: Math.min(from + 1, line.to) || from,
        severity: 'error',
        message: error.message.split('\n')[0]!,
      });
    }
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
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
