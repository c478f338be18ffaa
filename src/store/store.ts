import { type Draft, freeze, produce } from 'immer';

/** A recipe changes a draft of the state in place (immer); it may also return a value. */
export type Recipe<S, R = void> = (draft: Draft<S>) => R;

/** The immer-backed state container behind every fake. */
export interface Store<S> {
  /** The current state: a deeply frozen object, never mutated in place. */
  get(): S;
  /**
   * Applies a recipe atomically: when it throws, nothing of it lands. Returns the recipe's result.
   * Structural sharing keeps unchanged branches identical (`===`).
   */
  update<R>(recipe: Recipe<S, R>): R;
  /** O(1): the frozen state object itself. */
  snapshot(): S;
  /** Puts back a state returned by `snapshot()`. */
  restore(snapshot: S): void;
  /** Back to the initial state. */
  reset(): void;
}

/**
 * Creates a store. `initial` is called on creation and on every `reset()`.
 * @example const store = createStore(() => ({ n: 0 })); store.update((d) => { d.n++ });
 */
export function createStore<S extends object>(initial: () => S): Store<S> {
  let state: S = freeze(initial(), true);
  return {
    get: () => state,
    update<R>(recipe: Recipe<S, R>): R {
      let result: R | undefined;
      // produce() discards the draft when the recipe throws: that is the atomicity guarantee.
      const next = produce(state, (draft) => {
        result = recipe(draft);
      });
      state = next;
      return result as R;
    },
    snapshot: () => state,
    restore(snapshot) {
      state = freeze(snapshot, true);
    },
    reset() {
      state = freeze(initial(), true);
    },
  };
}
