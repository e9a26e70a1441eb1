// A state machine of the spec as data: states, allowed transitions and who may trigger each.
// The server enforces it; the web reads it to decide which actions to show.
import type { Role } from './enums';

export type Actor = Role | 'platform';

export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
  /** Who may trigger it: roles of the token scope, or `platform` for marketplace systems. */
  by: readonly Actor[];
}

export interface StateMachine<S extends string, A extends string> {
  name: string;
  states: readonly S[];
  initial: S;
  transitions: Readonly<Record<A, Transition<S>>>;
}

export function defineStateMachine<const S extends string, const A extends string>(
  machine: StateMachine<S, A>,
): StateMachine<S, A> {
  for (const [action, t] of Object.entries<Transition<S>>(machine.transitions)) {
    for (const s of [...t.from, t.to]) {
      if (!machine.states.includes(s)) throw new Error(`${machine.name}.${action}: unknown state ${s}`);
    }
  }
  return machine;
}

/** Why a transition is refused, or null when it is allowed. */
export function checkTransition<S extends string, A extends string>(
  machine: StateMachine<S, A>,
  action: A,
  from: S,
  actors: readonly Actor[],
): 'notAllowedFromState' | 'forbidden' | null {
  const t = machine.transitions[action];
  if (!t.by.some((a) => actors.includes(a))) return 'forbidden';
  if (!t.from.includes(from)) return 'notAllowedFromState';
  return null;
}

/** The actions an actor may take from a state: what the web shows as buttons. */
export function availableActions<S extends string, A extends string>(
  machine: StateMachine<S, A>,
  from: S,
  actors: readonly Actor[],
): A[] {
  return (Object.keys(machine.transitions) as A[]).filter(
    (a) => checkTransition(machine, a, from, actors) === null,
  );
}
