"""OpenSpiel's `backgammon` (and its `hyper_backgammon=true` variant, three checkers each):
perft counts and random games, written in a notation of one die's move at a time.

A developer's tool, not part of the test suite (see README.md beside it). These files are
the outside data that the bundled `backgammon` and `hyper-backgammon` are checked against
(tests/backgammon.rs, walking rulebook's tree by OpenSpiel's plies), and a reference
written from the rules of docs/games/backgammon.md (tests/backgammon_reference.rs):

    perft counts, from the start and after seeded random walks:
        backgammon.py perft [--hyper] [--positions 6] [--seed 1] [--depth 3]
            [--start-depth 4] [--min-plies 10] [--max-plies 400] [--bearing-off 0]
        (`--bearing-off N`: N more positions, each a random game played until a checker is
        borne off and then up to 8 plies more)
    random games, every ply `MOVE ; LEGAL MOVES AFTER IT (sorted) ; OUTCOME`:
        backgammon.py games [--hyper] [--games 10] [--seed 1]

Notation (docs/games/backgammon.md, "Move counts and the games of O"). Points are numbered from the mover's
side, 24 (the farthest from home) down to 1, as OpenSpiel's own action strings do: for
OpenSpiel's player 0 (`x`) its point p is 24 - p, for player 1 (`o`) it is p + 1; `bar`
is a checker on the bar, `off` a checker borne off.
- The first chance node (30 outcomes: who starts and with which non-double throw) is
  `start:P:A-B`, P the starter (`x` or `o`), A and B OpenSpiel's dice in its order.
- Every other chance node (36 outcomes, ordered pairs each 1/36) is `roll:A-B`.
- A player's action is the checker moves it makes, in the order OpenSpiel plays them,
  joined by `,`, each `D:FROM/TO`: the die D moves a checker from FROM to TO (`3:13/10`,
  `5:bar/20`, `6:4/off`). An action of OpenSpiel moves two checkers (a double is two
  actions of the same player, the second after the first used both dice); a checker move
  of a pass is left out, so `pass` is an action that moves nothing and `4:8/4` one that
  could use one die only.
- `OUTCOME` is `none` until the end, then `P wins N`: P bore all its checkers off and
  OpenSpiel's returns give it N points (with `scoring_type=full_scoring`: 1, 2 for a
  gammon, 3 for a backgammon). OpenSpiel's hyper-backgammon returns 0 to both players
  (its `Returns` tests for 15 checkers off), written `P wins 0`.
"""

import argparse
import random
from types import SimpleNamespace

import pyspiel

from common import perft_counts, print_replay_games

# OpenSpiel's kChanceOutcomeValues: the dice of chance outcome k.
OUTCOMES = [
    (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1), (1, 5), (5, 1), (1, 6), (6, 1),
    (2, 3), (3, 2), (2, 4), (4, 2), (2, 5), (5, 2), (2, 6), (6, 2), (3, 4), (4, 3),
    (3, 5), (5, 3), (3, 6), (6, 3), (4, 5), (5, 4), (4, 6), (6, 4), (5, 6), (6, 5),
    (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6),
]
BAR, PASS_DIGIT, BAR_DIGIT = 25, 25, 24
PLAYERS = "xo"


def game(hyper):
    params = {"scoring_type": "full_scoring"}
    if hyper:
        params["hyper_backgammon"] = True
    return pyspiel.load_game("backgammon", params)


def dice(state):
    """The two dice of the turn, as OpenSpiel's observation holds them (sorted; a die used
    in the first half of a double is given back for the second)."""
    tail = state.observation_tensor(0)[-2:]
    return int(tail[0]), int(tail[1])


def point(player, pos):
    """The point `pos` (OpenSpiel's 0..23, or BAR_DIGIT) from `player`'s side: 24..1, bar."""
    if pos == BAR_DIGIT:
        return "bar"
    return str(24 - pos if player == 0 else pos + 1)


def part(player, pos, die):
    """One checker move, `D:FROM/TO`."""
    start = BAR if pos == BAR_DIGIT else (24 - pos if player == 0 else pos + 1)
    end = start - die
    return f"{die}:{point(player, pos)}/{'off' if end <= 0 else end}"


def move_text(state, action):
    """The notation's text of `action` in `state`."""
    if state.is_chance_node():
        a, b = OUTCOMES[action]
        if len(state.history()) == 0:
            return f"start:{PLAYERS[action % 2]}:{a}-{b}"
        return f"roll:{a}-{b}"
    player = state.current_player()
    low, high = sorted(dice(state))
    high_first = action < 676
    digits = [action % 26, action // 26] if high_first else [(action - 676) % 26, (action - 676) // 26]
    nums = [high, low] if high_first else [low, high]
    parts = [part(player, d, n) for d, n in zip(digits, nums) if d != PASS_DIGIT]
    return ",".join(parts) if parts else "pass"


def legal_texts(state):
    if state.is_terminal():
        return []
    texts = [move_text(state, a) for a in state.legal_actions()]
    assert len(set(texts)) == len(texts), f"two actions with one text: {sorted(texts)}"
    return sorted(texts)


def outcome(state, checkers):
    if not state.is_terminal():
        return "none"
    returns = state.returns()
    off = state.observation_tensor(0)
    # ObservationTensor(0): 192 board values, then x's bar, x's score, x's turn, o's bar,
    # o's score, o's turn, the dice.
    scores = [int(off[193]), int(off[196])]
    winner = next((p for p in (0, 1) if scores[p] == checkers), None)
    if winner is None:
        return "none"
    return f"{PLAYERS[winner]} wins {int(returns[winner])}"


def features(state):
    """What the position holds beyond checkers on points: checkers on the bar and borne off."""
    obs = state.observation_tensor(0)
    bar, off = [int(obs[192]), int(obs[195])], [int(obs[193]), int(obs[196])]
    said = [f"{PLAYERS[p]} {bar[p]} on the bar" for p in (0, 1) if bar[p]]
    said += [f"{PLAYERS[p]} {off[p]} off" for p in (0, 1) if off[p]]
    return f" ({', '.join(said)})" if said else ""


def print_case(heading, name, moves, state, depth):
    print(heading)
    print(f"game {name}")
    print("moves " + " ".join(moves) if moves else "moves")
    for d, n in enumerate(perft_counts(state, depth), 1):
        print(f"{d} {n}")
    print()


def perft(a, name, g):
    print(f"# Every count here is OpenSpiel 2.0.2's `backgammon` with scoring_type=full_scoring"
          + (" and hyper_backgammon=true" if a.hyper else "") + ", printed by")
    print(f"# tests/openspiel/backgammon.py perft{' --hyper' if a.hyper else ''} "
          f"--positions {a.positions} --seed {a.seed} --depth {a.depth} "
          f"--start-depth {a.start_depth}")
    print(f"# --min-plies {a.min_plies} --max-plies {a.max_plies} --bearing-off {a.bearing_off}.")
    print("# A chance node is a ply whose children are its outcomes (30 at the first, who")
    print("# starts and with which throw; 36 ordered pairs after); an action of OpenSpiel, two")
    print("# checker moves (a double is two actions), is the next ply. Notation: the script's")
    print("# docstring and docs/games/backgammon.md.")
    print()
    print_case("# From the start", name, [], g.new_initial_state(), a.start_depth)
    rng = random.Random(a.seed)
    made = 0
    while made < a.positions:
        state = g.new_initial_state()
        moves = []
        for _ in range(rng.randint(a.min_plies, a.max_plies)):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            moves.append(move_text(state, action))
            state.apply_action(action)
        if state.is_terminal():
            continue
        made += 1
        print_case(f"# After {len(moves)} random plies{features(state)}", name, moves, state,
                   a.depth)
    made = 0
    while made < a.bearing_off:
        # A random game until a checker is borne off, then up to 8 more random plies.
        state = g.new_initial_state()
        moves, extra = [], rng.randint(0, 8)
        while not state.is_terminal() and extra >= 0:
            if "off" in features(state):
                extra -= 1
            action = rng.choice(state.legal_actions())
            moves.append(move_text(state, action))
            state.apply_action(action)
        if state.is_terminal():
            continue
        made += 1
        print_case(f"# Bearing off, after {len(moves)} random plies{features(state)}", name,
                   moves, state, a.depth)


def games(a, name, g, checkers):
    rng = random.Random(a.seed)
    print(f"# OpenSpiel backgammon scoring_type=full_scoring"
          + (" hyper_backgammon=true" if a.hyper else "")
          + f" (pyspiel 2.0.2), tests/openspiel/backgammon.py games"
          + (" --hyper" if a.hyper else "") + f" --games {a.games} --seed {a.seed}")
    texts = SimpleNamespace(move=move_text, legal=legal_texts,
                            outcome=lambda state: outcome(state, checkers))
    print_replay_games(a.games, rng, g.new_initial_state, texts, f" {name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["perft", "games"])
    parser.add_argument("--hyper", action="store_true")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--start-depth", type=int, default=4)
    parser.add_argument("--bearing-off", type=int, default=0)
    parser.add_argument("--min-plies", type=int, default=10)
    parser.add_argument("--max-plies", type=int, default=400)
    a = parser.parse_args()
    g = game(a.hyper)
    name = "hyper-backgammon" if a.hyper else "backgammon"
    checkers = 3 if a.hyper else 15
    perft(a, name, g) if a.what == "perft" else games(a, name, g, checkers)


if __name__ == "__main__":
    main()
