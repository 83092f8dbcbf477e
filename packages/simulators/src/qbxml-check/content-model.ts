import type { ElementParticle, GroupRule, Particle } from './qbxml-rules-types.js';

/** Where a particle is written: a type, a global element or a named group, and its schema file. */
export interface Origin {
  file: string;
  name: string;
  kind: 'type' | 'element' | 'group';
}

/** The particle a child element was matched to, and where it is written. */
export interface Step {
  particle: ElementParticle;
  origin: Origin;
}

/** A child sequence read against a content model. */
export interface ModelRun {
  /** The particle each child matched, up to the first that matched none. */
  steps: Step[];
  /** The index of the first child the model does not take there, if any. */
  failAt?: number;
  /** Whether the children read so far are a whole content, nothing required left out. */
  complete: boolean;
  /** The element names the model takes next, where the reading stopped. */
  expected: string[];
}

interface Transition {
  name: string;
  step: Step;
  to: number;
}

interface DeterministicState {
  states: number[];
  accepting: boolean;
  next: Map<string, DeterministicState | null>;
  steps: Map<string, Step>;
  expected: string[];
}

/**
 * A content model (sequences, choices and named groups with their min/max occurs) as an automaton
 * over child element names: built as a nondeterministic one, then made deterministic as children
 * are read (each set of states met is kept), so judging 500 Rets reads each child once.
 */
export class ContentModel {
  private readonly epsilon: number[][] = [];
  private readonly transitions: Transition[][] = [];
  private readonly accept: number;
  private readonly start: DeterministicState;
  private readonly known = new Map<string, DeterministicState>();
  /** Every element name the model has anywhere. */
  readonly alphabet = new Set<string>();

  constructor(
    content: Particle | undefined,
    origin: Origin,
    private readonly groups: Record<string, GroupRule>,
  ) {
    const begin = this.state();
    const [from, to] = content ? this.fragment(content, origin) : [begin, begin];
    this.epsilon[begin]!.push(from);
    this.accept = to;
    this.start = this.deterministic([begin]);
  }

  run(names: string[]): ModelRun {
    const steps: Step[] = [];
    let current = this.start;
    for (const [index, name] of names.entries()) {
      const next = this.advance(current, name);
      if (!next) return { steps, failAt: index, complete: false, expected: current.expected };
      steps.push(current.steps.get(name)!);
      current = next;
    }
    return { steps, complete: current.accepting, expected: current.expected };
  }

  /** Whether these names can begin a content of the model. */
  takesPrefix(names: string[]): boolean {
    return this.run(names).failAt === undefined;
  }

  private advance(current: DeterministicState, name: string): DeterministicState | null {
    if (current.next.has(name)) return current.next.get(name)!;
    const targets = current.states.flatMap((state) => this.transitions[state]!.filter((each) => each.name === name).map((each) => each.to));
    const next = targets.length > 0 ? this.deterministic(targets) : null;
    current.next.set(name, next);
    return next;
  }

  private deterministic(seeds: number[]): DeterministicState {
    const states = this.closure(seeds);
    const id = states.join(',');
    const found = this.known.get(id);
    if (found) return found;
    const steps = new Map<string, Step>();
    for (const state of states) for (const each of this.transitions[state]!) if (!steps.has(each.name)) steps.set(each.name, each.step);
    const made: DeterministicState = { states, accepting: states.includes(this.accept), next: new Map(), steps, expected: [...steps.keys()] };
    this.known.set(id, made);
    return made;
  }

  private closure(seeds: number[]): number[] {
    const seen = new Set(seeds);
    const stack = [...seeds];
    while (stack.length > 0) {
      for (const next of this.epsilon[stack.pop()!]!) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return [...seen].sort((a, b) => a - b);
  }

  private state(): number {
    this.epsilon.push([]);
    this.transitions.push([]);
    return this.epsilon.length - 1;
  }

  /** A particle with its occurrences: `min` copies in a row, then a loop (unbounded) or optional copies up to `max`. */
  private fragment(particle: Particle, origin: Origin): [number, number] {
    const min = particle.min ?? 1;
    const max = particle.max ?? 1;
    const begin = this.state();
    let current = begin;
    for (let i = 0; i < min; i++) current = this.then(current, this.once(particle, origin));
    const end = this.state();
    if (max === 'unbounded') {
      const [from, to] = this.once(particle, origin);
      this.epsilon[current]!.push(from, end);
      this.epsilon[to]!.push(current);
    } else {
      for (let i = min; i < max; i++) {
        const [from, to] = this.once(particle, origin);
        this.epsilon[current]!.push(from, end);
        current = to;
      }
      this.epsilon[current]!.push(end);
    }
    return [begin, end];
  }

  private then(current: number, [from, to]: [number, number]): number {
    this.epsilon[current]!.push(from);
    return to;
  }

  private once(particle: Particle, origin: Origin): [number, number] {
    const begin = this.state();
    if ('element' in particle) {
      const end = this.state();
      this.alphabet.add(particle.element);
      this.transitions[begin]!.push({ name: particle.element, step: { particle, origin }, to: end });
      return [begin, end];
    }
    if ('group' in particle) {
      const group = this.groups[particle.group];
      if (!group) throw new Error(`the rules have no group ${particle.group}`);
      return [begin, this.then(begin, this.fragment(group.content, { file: group.from, name: particle.group, kind: 'group' }))];
    }
    if ('sequence' in particle) {
      let current = begin;
      for (const each of particle.sequence) current = this.then(current, this.fragment(each, origin));
      return [begin, current];
    }
    const end = this.state();
    for (const each of particle.choice) this.epsilon[this.then(begin, this.fragment(each, origin))]!.push(end);
    return [begin, end];
  }
}
