import { SaxesParser } from 'saxes';
import { unreadableImport } from './archive.ts';

/** An XML element as the readers walk it: its qualified name (`wp:post_type`), attributes, and children in order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

/** Characters XML 1.0 forbids, which WordPress lets through from pasted text: dropped rather than the whole file refused. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * Parses XML without ever expanding an entity of its own: saxes reads no DTD, so only XML's five
 * entities and character references are decoded; a DOCTYPE that declares entities (the billion
 * laughs, an external entity naming a local file) is refused, and so is any reference to one.
 * Malformed or truncated XML is `import_unreadable`.
 */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const open: XmlElement[] = [root];
  const fail = () => {
    throw unreadableImport();
  };
  parser.on('error', fail);
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail();
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [] };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  const addText = (value: string) => open.at(-1)!.children.push(value);
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text.replace(FORBIDDEN, '')).close();
  const top = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!top) fail();
  return top!;
}

/** The element's children named `name`. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child): child is XmlElement => typeof child !== 'string' && child.name === name);

/** The text of an element, its descendants' included. */
export function xmlText(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children.map((child) => (typeof child === 'string' ? child : xmlText(child))).join('');
}

/** The text of the first child named `name`, or ''. */
export const childText = (element: XmlElement, name: string): string => xmlText(childrenNamed(element, name)[0]);
