// The panel's one way to make nodes: createElement, attributes and textContent, never HTML from a
// string, so whatever the mock answers (journal paths, tokens: a page's own hostile input) stays text.

/** A child of a node: an element, text, or nothing. */
export type Child = Node | string | null | undefined | false;

export interface Props {
  /** The node's text (textContent). */
  text?: string;
  /** Attributes, set with setAttribute (a value of false or undefined leaves the attribute out). */
  attrs?: Record<string, string | boolean | undefined>;
  /** Event listeners by event name (`click`, `change`). */
  on?: Record<string, (event: Event) => void>;
}

/** An element of the panel's document, with its attributes, listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const [event, listener] of Object.entries(props.on ?? {})) node.addEventListener(event, listener);
  if (props.text !== undefined) node.textContent = props.text;
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** A select's options (value and label), the one equal to `selected` chosen. */
export function options(doc: Document, values: readonly string[], selected?: string, label = (v: string) => v): HTMLOptionElement[] {
  return values.map((value) => h(doc, 'option', { text: label(value), attrs: { value, selected: value === selected } }));
}

/** Whether the user is in one of the fields under `root` (a redraw there would take the field away). */
export function editing(root: ShadowRoot, within: Node): boolean {
  const active = root.activeElement;
  return !!active && within.contains(active) && /^(INPUT|SELECT)$/.test(active.tagName);
}
