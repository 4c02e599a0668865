import { Component, h, type FunctionComponent } from 'preact';

/**
 * `view` drawn again only when `same` says its props changed (Preact's core has no memo; compat's would
 * add its weight to the first load). A long queue redraws every row on each progressive step otherwise.
 */
export function memoized<P extends object>(view: FunctionComponent<P>, same: (before: P, after: P) => boolean): FunctionComponent<P> {
  class Memoized extends Component<P> {
    override shouldComponentUpdate(next: P) {
      return !same(this.props, next);
    }
    override render(props: P) {
      return h(view, props);
    }
  }
  return Memoized as unknown as FunctionComponent<P>;
}
