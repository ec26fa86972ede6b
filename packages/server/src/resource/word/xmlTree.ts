import { XMLParser } from 'fast-xml-parser';

/** One XML element in document order: tag with its prefix (`w:p`), attributes, children, text. */
export interface XmlNode {
  tag: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Text content of a `#text` node. */
  text?: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function convert(items: Ordered[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') {
        out.push({ tag: '#text', attrs: {}, children: [], text: String(value) });
      } else {
        out.push({
          tag: key,
          attrs: item[':@'] ?? {},
          children: convert((value as Ordered[]) ?? []),
        });
      }
    }
  }
  return out;
}

/** Parses an XML document into ordered nodes (a .docx part, OMML, a relationships file). */
export function parseXml(xml: string): XmlNode[] {
  return convert(parser.parse(xml) as Ordered[]);
}

/** The first child with this tag. */
export const child = (node: XmlNode | undefined, tag: string): XmlNode | undefined =>
  node?.children.find((c) => c.tag === tag);

/** Every child with this tag. */
export const childrenOf = (node: XmlNode | undefined, tag: string): XmlNode[] =>
  node?.children.filter((c) => c.tag === tag) ?? [];

/** The first descendant with this tag, depth first. */
export function find(node: XmlNode, tag: string): XmlNode | undefined {
  for (const c of node.children) {
    if (c.tag === tag) return c;
    const deeper = find(c, tag);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Every descendant with this tag, in document order. */
export function findAll(node: XmlNode, tag: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (c.tag === tag) out.push(c);
    else findAll(c, tag, out);
  }
  return out;
}

/** The concatenated text of a node's `#text` descendants. */
export function textOf(node: XmlNode): string {
  if (node.tag === '#text') return node.text ?? '';
  return node.children.map(textOf).join('');
}

/** An attribute value (`m:val`, `w:val`…) of the first child with this tag. */
export const valOf = (node: XmlNode | undefined, tag: string, attr = 'm:val') =>
  child(node, tag)?.attrs[attr];
