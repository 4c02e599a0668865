/**
 * RFC 9110 13.1.2: whether an If-None-Match field value matches the current entity tag, so a GET is
 * answered 304. The comparison is weak (as 13.1.2 asks for If-None-Match): `W/"x"` matches `"x"` and
 * `W/"x"`. The value is `*` (any current representation) or a comma-separated list of entity tags
 * (several header lines arrive joined by commas); an entity tag may itself hold a comma, so the list is
 * read tag by tag, not split at commas. A value that is not valid matches nothing: the precondition is
 * then ignored and the full answer sent.
 */
export function matchesIfNoneMatch(fieldValue: string | undefined, etag: string): boolean {
  if (fieldValue === undefined) return false;
  if (fieldValue.trim() === '*') return true;
  const tags = entityTags(fieldValue);
  const current = opaqueTag(etag);
  return tags !== null && tags.some((tag) => opaqueTag(tag) === current);
}

// entity-tag = [ W/ ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text
const ENTITY_TAG = /(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"/y;
const SEPARATORS = /[\t ,]*/y;
const OWS = /[\t ]*/y;

/** The entity tags of a list (empty elements allowed, RFC 9110 5.6.1), or null when it is not one. */
function entityTags(value: string): string[] | null {
  const tags: string[] = [];
  let at = 0;
  for (;;) {
    SEPARATORS.lastIndex = at;
    SEPARATORS.exec(value);
    at = SEPARATORS.lastIndex;
    if (at >= value.length) return tags;
    ENTITY_TAG.lastIndex = at;
    const tag = ENTITY_TAG.exec(value);
    if (tag === null) return null;
    tags.push(tag[0]);
    OWS.lastIndex = ENTITY_TAG.lastIndex;
    OWS.exec(value);
    at = OWS.lastIndex;
    if (at < value.length && value[at] !== ',') return null;
  }
}

/** The quoted opaque part of an entity tag, without the weakness prefix. */
function opaqueTag(etag: string): string {
  return etag.startsWith('W/') ? etag.slice(2) : etag;
}
