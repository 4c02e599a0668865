import { GraphQLError, Lexer, parse, Source, TokenKind, type DocumentNode, type ParseOptions } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { documentTooLarge } from '../errors.js';

export interface ParserLimits {
  /** Most lexical tokens in one document (graphql-js `maxTokens`). */
  tokens: number;
  /** Deepest nesting of `{`, `[` and `(`: selections, list and object values, arguments. */
  nesting: number;
}

/** Far above what a client writes (GraphiQL's introspection query: about 300 tokens, 16 levels). */
export const PARSER_LIMITS: ParserLimits = { tokens: 5_000, nesting: 64 };

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** A refusal of the document as a whole: 400 on HTTP, the same code on WebSocket (see mask-error.ts). */
function tooLarge(source: Source, position: number, message: string): GraphQLError {
  return new GraphQLError(message, { source, positions: [position], originalError: documentTooLarge(message) });
}

/**
 * graphql-js parses values and selections recursively, so a few thousand `[` overflow the stack (a
 * RangeError, i.e. a server error). The lexer is iterative: walk the tokens first, counting them and
 * the nesting, and refuse before the recursive parser ever sees the document.
 */
function checkShape(source: Source, limits: ParserLimits): void {
  const lexer = new Lexer(source);
  let depth = 0;
  let count = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if (++count > limits.tokens) {
      throw tooLarge(source, token.start, `The document has more than ${limits.tokens} tokens`);
    }
    if (OPENING.has(token.kind) && ++depth > limits.nesting) {
      throw tooLarge(source, token.start, `The document is nested more than ${limits.nesting} levels deep`);
    }
    if (CLOSING.has(token.kind)) depth = Math.max(0, depth - 1);
  }
}

/** Parses GraphQL documents within the limits, for Yoga's HTTP requests and graphql-ws operations alike. */
export function parseWithinLimits(limits: ParserLimits) {
  return (input: string | Source, options?: ParseOptions): DocumentNode => {
    const source = typeof input === 'string' ? new Source(input) : input;
    checkShape(source, limits);
    // checkShape counted the tokens already; maxTokens keeps graphql-js's own limit in step with it.
    return parse(source, { ...options, maxTokens: limits.tokens });
  };
}

export function parserLimitsPlugin(limits: ParserLimits): Plugin {
  const parseLimited = parseWithinLimits(limits);
  return { onParse: ({ setParseFn }) => setParseFn(parseLimited) };
}
