import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';

/**
 * Refuses operations nested deeper than `maxDepth` fields, introspection included (the complexity
 * plugin only sees our own fields, and `__type { fields { type { fields … } } } }` grows with every level).
 * `ofType` does not count: it is a single object, not a list, and GraphiQL's introspection nests it
 * seven times.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const fragmentDepths = new Map<string, number>();

    const depthOf = (selectionSet: SelectionSetNode, visiting: Set<string>): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          const own = selection.name.value === 'ofType' ? 0 : 1;
          deepest = Math.max(deepest, own + (selection.selectionSet ? depthOf(selection.selectionSet, visiting) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, visiting));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // Unknown or cyclic spreads are reported by GraphQL's own rules.
          if (!fragment || visiting.has(name)) continue;
          if (!fragmentDepths.has(name)) {
            visiting.add(name);
            fragmentDepths.set(name, depthOf(fragment.selectionSet, visiting));
            visiting.delete(name);
          }
          deepest = Math.max(deepest, fragmentDepths.get(name)!);
        }
      }
      return deepest;
    };

    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The operation is too expensive: depth ${depth} is over the limit of ${maxDepth}`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
